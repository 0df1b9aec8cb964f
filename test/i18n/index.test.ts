import { expect } from 'chai';
import {
  availableLocales,
  en,
  formatBytes,
  formatNumber,
  loadTranslation,
  onTranslationsChange,
  registerTranslation,
  resolveLocale,
  term,
  type QaPlural,
  type QaTerm,
  type QaTerms,
} from '../../src/i18n/index.js';
import { ru } from '../../src/i18n/ru.js';
import { zh } from '../../src/i18n/zh.js';
import { byteScale } from '../../src/workspace/bytes.js';

const LANGS: Array<[string, QaTerms]> = [
  ['en', en],
  ['ru', ru],
  ['zh', zh],
];
const KEYS = Object.keys(en) as Array<keyof QaTerms>;

/** Terms that are the same in every language (product names, pure placeholders). */
const SAME_AS_ENGLISH: Record<string, string[]> = {
  ru: ['groupJira', 'groupConfluence', 'incompleteReason'],
  zh: ['groupJira', 'groupConfluence', 'quoted'],
};

function forms(t: QaTerm): string[] {
  return typeof t === 'string' ? [t] : (Object.values(t) as string[]);
}

function placeholders(text: string): string[] {
  return [...new Set(Array.from(text.matchAll(/\{(\w+)\}/g), (m) => m[1]!))].sort();
}

/** Sample params for every placeholder a term may use. */
const PARAMS = {
  n: 3,
  group: 'G',
  range: '1–2',
  who: 'W',
  reason: 'R',
  label: 'L',
  size: '1 MB',
  limit: '2 MB',
  host: 'example.com',
  title: 'T',
  action: 'A',
  location: 'L',
};

describe('i18n', () => {
  // The built-in tables other than English are lazy (lazy.test.ts checks how they load): these tests use them loaded.
  before(async () => {
    expect(await loadTranslation('ru')).to.equal(ru);
    expect(await loadTranslation('zh')).to.equal(zh);
  });

  describe('term tables', () => {
    for (const [lang, table] of LANGS) {
      it(`${lang} has every term, each non-empty`, () => {
        expect(Object.keys(table).sort()).to.deep.equal([...KEYS].sort());
        for (const key of KEYS) {
          const value = table[key];
          for (const f of forms(value)) expect(f.trim(), `${lang}.${key}`).to.not.equal('');
          expect(typeof value, `${lang}.${key} is plural exactly when English is`).to.equal(typeof en[key]);
        }
      });

      it(`${lang}: every plural term has the forms the language needs`, () => {
        const needed = new Intl.PluralRules(lang).resolvedOptions().pluralCategories;
        for (const key of KEYS) {
          const value = table[key];
          if (typeof value === 'string') continue;
          for (const category of needed) expect((value as QaPlural)[category], `${lang}.${key}.${category}`).to.be.a('string');
        }
      });

      it(`${lang}: placeholders match English in every term and form`, () => {
        for (const key of KEYS) {
          const expected = placeholders(forms(en[key]).join(' '));
          for (const f of forms(table[key])) expect(placeholders(f), `${lang}.${key}: ${f}`).to.deep.equal(expected);
        }
      });

      it(`${lang}: term() never returns a key name or an unfilled placeholder`, () => {
        // Every placeholder an English term has gets a value (the named ones above, the rest a stand-in).
        const all = Object.fromEntries(KEYS.flatMap((k) => placeholders(forms(en[k]).join(' '))).map((p) => [p, 'X']));
        for (const key of KEYS) {
          for (const n of [0, 1, 2, 5, 21]) {
            const text = term(lang, key, { ...all, ...PARAMS, n });
            expect(text, `${lang}.${key}`).to.not.equal(key);
            expect(text).to.not.match(/\{\w+\}/);
            expect(text.trim()).to.not.equal('');
          }
        }
      });
    }

    for (const lang of ['ru', 'zh']) {
      it(`${lang} is a real translation, not an English copy`, () => {
        const same = KEYS.filter((k) => JSON.stringify((lang === 'ru' ? ru : zh)[k]) === JSON.stringify(en[k]));
        expect(same).to.deep.equal(SAME_AS_ENGLISH[lang]);
      });
    }
  });

  describe('plural forms', () => {
    const russian: Array<[number, string]> = [
      [0, '0 источников'],
      [1, '1 источник'],
      [2, '2 источника'],
      [4, '4 источника'],
      [5, '5 источников'],
      [11, '11 источников'],
      [12, '12 источников'],
      [14, '14 источников'],
      [21, '21 источник'],
      [22, '22 источника'],
      [25, '25 источников'],
      [101, '101 источник'],
      [111, '111 источников'],
      [1.5, '1,5 источника'],
      [5000, '5\u00A0000 источников'],
    ];
    for (const [n, text] of russian) {
      it(`ru: ${text}`, () => expect(term('ru', 'sourceCount', { n })).to.equal(text));
    }
    const english: Array<[number, string]> = [
      [0, '0 sources'],
      [1, '1 source'],
      [2, '2 sources'],
      [21, '21 sources'],
      [1000, '1,000 sources'],
    ];
    for (const [n, text] of english) {
      it(`en: ${text}`, () => expect(term('en', 'sourceCount', { n })).to.equal(text));
    }
    it('zh: one form for every number', () => {
      expect([1, 2, 5, 21].map((n) => term('zh', 'sourceCount', { n }))).to.deep.equal(['1 个来源', '2 个来源', '5 个来源', '21 个来源']);
    });
    it('ru: group headings and other counted terms agree in form', () => {
      expect(term('ru', 'groupHeading', { group: 'Код', n: 21 })).to.equal('Код, 21 источник');
      expect(term('ru', 'groupHeading', { group: 'Код', n: 3 })).to.equal('Код, 3 источника');
      expect(term('ru', 'problems', { n: 5 })).to.equal('5 ошибок в данных источников');
      expect(term('ru', 'discoveredHeading', { n: 22 })).to.equal('Найдено, 22 кандидата');
    });
    it('a missing count reads as 0', () => {
      expect(term('en', 'sourceCount')).to.equal('0 sources');
      expect(term('ru', 'sourceCount')).to.equal('0 источников');
    });
  });

  describe('fallbacks', () => {
    it('a term missing from a language falls back to English, with English plural rules', () => {
      registerTranslation('x-partial', { sources: 'Quellen' });
      expect(term('x-partial', 'sources')).to.equal('Quellen');
      expect(term('x-partial', 'close')).to.equal('Close');
      expect(term('x-partial', 'sourceCount', { n: 21 })).to.equal('21 sources');
      expect(term('x-partial', 'sourceCount', { n: 1 })).to.equal('1 source');
    });
    it('an unknown language is English', () => {
      expect(term('tlh', 'sources')).to.equal('Sources');
      expect(term('', 'close')).to.equal('Close');
    });
    it('an unknown key gives an empty string, never the key', () => {
      expect(term('en', 'noSuchTerm' as keyof QaTerms)).to.equal('');
      expect(term('ru', 'toString' as keyof QaTerms)).to.equal('');
      expect(term('ru', '__proto__' as keyof QaTerms)).to.equal('');
    });
    it('a term that is neither text nor a plural with an `other` form is ignored, and English answers', () => {
      registerTranslation('x-broken', {
        sources: 42 as unknown as string,
        close: { one: 'only one' } as unknown as string,
        open: null as unknown as string,
      });
      expect(term('x-broken', 'sources')).to.equal('Sources');
      expect(term('x-broken', 'close')).to.equal('Close');
      expect(term('x-broken', 'open')).to.equal('Open');
      expect(term('x-broken', 'sourceCount', { n: 2 })).to.equal('2 sources');
    });
    it('a placeholder is filled only from the params’ own keys, never from their prototype', () => {
      registerTranslation('x-proto', { sources: '{constructor} {toString} {n}' });
      expect(term('x-proto', 'sources', { n: 1 })).to.equal('{constructor} {toString} 1');
    });
    it('a fallen-back term formats its numbers as English does', () => {
      registerTranslation('x-digits', { sources: 'Q' });
      expect(term('x-digits', 'turn', { n: 12345 })).to.equal(term('en', 'turn', { n: 12345 }));
      expect(term('x-digits', 'turn', { n: 12345 })).to.contain('12,345');
    });
    it('placeholders are filled as text; numbers in the language’s format', () => {
      expect(term('en', 'subagentNamed', { label: '<b>x</b> {n}' })).to.equal('Subagent “<b>x</b> {n}”');
      expect(term('ru', 'turn', { n: 12345 })).to.equal('ход 12\u00A0345');
      expect(term('en', 'lines', {})).to.equal('lines {range}');
    });
  });

  describe('resolveLocale', () => {
    const rows: Array<[string | null | undefined, string]> = [
      ['ru-RU', 'ru'],
      ['zh-Hans-CN', 'zh'],
      ['ZH', 'zh'],
      ['zh_TW', 'zh'],
      ['ru_RU', 'ru'],
      [' en-GB ', 'en'],
      ['de', 'en'],
      ['de-DE', 'en'],
      ['', 'en'],
      ['-', 'en'],
      [null, 'en'],
      [undefined, 'en'],
      ['r', 'en'],
    ];
    for (const [tag, lang] of rows) it(`${JSON.stringify(tag)} → ${lang}`, () => expect(resolveLocale(tag)).to.equal(lang));
  });

  describe('registerTranslation', () => {
    it('adds a language with its own plural rules, most specific tag first', () => {
      registerTranslation('pt', { sources: 'Fontes', sourceCount: { one: '{n} fonte', other: '{n} fontes' } });
      registerTranslation('pt-BR', { sources: 'Fontes (BR)' });
      expect(availableLocales()).to.include.members(['pt', 'pt-br']);
      expect(resolveLocale('pt-BR-x-test')).to.equal('pt-br');
      expect(resolveLocale('pt-PT')).to.equal('pt');
      expect(term('pt-BR', 'sources')).to.equal('Fontes (BR)');
      expect(term('pt-PT', 'sourceCount', { n: 1 })).to.equal('1 fonte');
      expect(term('pt-PT', 'sourceCount', { n: 2 })).to.equal('2 fontes');
      expect(term('pt-BR', 'close')).to.equal('Close');
    });
    it('overrides single terms of a built-in language, tells listeners, and leaves the rest', () => {
      let calls = 0;
      const stop = onTranslationsChange(() => (calls += 1));
      const original = ru.sources;
      try {
        registerTranslation('RU', { sources: 'Ссылки', close: undefined });
        expect(calls).to.equal(1);
        expect(term('ru-RU', 'sources')).to.equal('Ссылки');
        expect(term('ru', 'close')).to.equal('Закрыть');
        expect(term('ru', 'sourceCount', { n: 2 })).to.equal('2 источника');
      } finally {
        registerTranslation('ru', { sources: original });
        stop();
      }
      registerTranslation('ru', { sources: original });
      expect(calls).to.equal(2);
      expect(term('ru', 'sources')).to.equal('Источники');
    });
    it('ignores a blank language code and tells no listener', () => {
      let calls = 0;
      const stop = onTranslationsChange(() => (calls += 1));
      const before = availableLocales();
      try {
        registerTranslation('', { sources: 'x' });
        registerTranslation('   ', { sources: 'x' });
        expect(calls).to.equal(0);
        expect(availableLocales()).to.deep.equal(before);
      } finally {
        stop();
      }
    });
    it('a listener that unsubscribed hears nothing more', () => {
      let calls = 0;
      const stop = onTranslationsChange(() => (calls += 1));
      registerTranslation('x-listen', { sources: 'a' });
      expect(stop()).to.equal(true);
      registerTranslation('x-listen', { sources: 'b' });
      expect(calls).to.equal(1);
      expect(term('x-listen', 'sources')).to.equal('b');
    });
    it('keeps its own copy of a registered table', () => {
      const terms: Partial<QaTerms> = { sources: 'Mine' };
      registerTranslation('x-copy', terms);
      terms.sources = 'Changed later';
      expect(term('x-copy', 'sources')).to.equal('Mine');
    });
    it('an English override changes the fallback, not the built-in table', () => {
      registerTranslation('en', { close: 'Dismiss' });
      try {
        expect(term('x-partial', 'close')).to.equal('Dismiss');
        expect(en.close).to.equal('Close');
      } finally {
        registerTranslation('en', { close: 'Close' });
      }
    });
  });

  describe('formatBytes and formatNumber', () => {
    const rows: Array<[number, string, string]> = [
      [0, 'en', '0 bytes'],
      [1, 'en', '1 byte'],
      [512, 'en', '512 bytes'],
      [1000, 'en', '1 kB'],
      [1449, 'en', '1.4 kB'],
      [999_949, 'en', '1 MB'],
      [1_400_000, 'en', '1.4 MB'],
      [2_000_000, 'en', '2 MB'],
      [150_000_000, 'en', '150 MB'],
      [3_500_000_000, 'en', '3.5 GB'],
      [1_400_000, 'ru', '1,4 МБ'],
      [512, 'ru', '512 байт'],
      [2, 'ru', '2 байта'],
      [1_400_000, 'zh', '1.4 MB'],
      [NaN, 'en', '0 bytes'],
      [-5, 'en', '0 bytes'],
      [1_400_000, 'ru-RU', '1,4 МБ'],
    ];
    for (const [bytes, lang, text] of rows) {
      it(`${bytes} in ${lang} → ${text}`, () => expect(formatBytes(bytes, lang).replace(/\u00A0/g, ' ')).to.equal(text));
    }
    it('formatNumber groups digits per language', () => {
      expect(formatNumber(5000, 'ru')).to.equal('5\u00A0000');
      expect(formatNumber(5000, 'en')).to.equal('5,000');
      expect(formatNumber(5000, 'not a tag!')).to.equal('5,000');
    });
    it('formatNumber writes whole numbers exactly as Intl.NumberFormat does in every built-in language', () => {
      const numbers = [
        0,
        1,
        9,
        10,
        99,
        100,
        999,
        1000,
        1001,
        9999,
        10_000,
        12_345,
        99_999,
        100_000,
        999_999,
        1_000_000,
        1_234_567,
        98_765_432,
        123_456_789_012,
        Number.MAX_SAFE_INTEGER,
      ];
      for (let n = 0; n < 30_000; n += 7) numbers.push(n);
      for (const lang of ['en', 'ru', 'zh']) {
        const intl = new Intl.NumberFormat(lang);
        for (const n of numbers) expect(formatNumber(n, lang), `${n} in ${lang}`).to.equal(intl.format(n));
      }
    });
    it('formatBytes writes sizes exactly as Intl.NumberFormat does in every built-in language', () => {
      const sizes = [0, 1, 2, 3, 4, 5, 11, 12, 14, 21, 22, 25, 101, 102, 111, 112, 999, 1000, 1049, 1050, 1449, 1950, 9_999, 99_949, 99_950, 100_000];
      sizes.push(999_499, 999_500, 999_949, 999_950, 1_000_000, 12_345_678, 999_999_999, 3_500_000_000, 999_949_999_999, 1.4e12, 987e12);
      for (let n = 0; n < 3_000; n += 1) sizes.push(n);
      for (let n = 1_000; n < 3_000_000; n = Math.ceil(n * 1.07)) sizes.push(n);
      for (const lang of ['en', 'ru', 'zh']) {
        for (const bytes of sizes) {
          const { value, unit, digits } = byteScale(bytes);
          const intl = new Intl.NumberFormat(lang, { style: 'unit', unit, unitDisplay: unit === 'byte' ? 'long' : 'short', maximumFractionDigits: digits });
          expect(formatBytes(bytes, lang), `${bytes} in ${lang}`).to.equal(intl.format(value));
        }
      }
    });
    it('formatBytes leaves sizes in other languages, and of 1,000 TB or more, to Intl.NumberFormat', () => {
      // A language the page registered (this file's last use of the tables).
      registerTranslation('de', { close: 'Schließen' });
      expect(formatBytes(1_400_000, 'de')).to.equal(
        new Intl.NumberFormat('de', { style: 'unit', unit: 'megabyte', unitDisplay: 'short', maximumFractionDigits: 1 }).format(1.4),
      );
      expect(formatBytes(2e18, 'en')).to.equal(
        new Intl.NumberFormat('en', { style: 'unit', unit: 'terabyte', unitDisplay: 'short', maximumFractionDigits: 0 }).format(2e6),
      );
    });
    it('formatNumber leaves fractions, negative numbers and other languages to Intl.NumberFormat', () => {
      expect(formatNumber(1.5, 'ru')).to.equal(new Intl.NumberFormat('ru').format(1.5));
      expect(formatNumber(-1234, 'en')).to.equal(new Intl.NumberFormat('en').format(-1234));
      expect(formatNumber(1234.5, 'zh')).to.equal(new Intl.NumberFormat('zh').format(1234.5));
      expect(formatNumber(12_345, 'de')).to.equal('12.345');
      expect(formatNumber(2 ** 60, 'en')).to.equal(new Intl.NumberFormat('en').format(2 ** 60));
    });
  });
});
