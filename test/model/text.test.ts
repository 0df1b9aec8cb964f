import { expect } from 'chai';
import fc from 'fast-check';
import { cleanProse, codePointLength, elideMiddle, revealHidden, truncate } from '../../src/model/index.js';
import { runs } from './helpers.js';

const graphemes = (s: string): string[] => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(s), (x) => x.segment);
const hasLoneSurrogate = (s: string) => /[\uD800-\uDFFF]/u.test(s);

/** User-perceived characters that are easy to break: emoji sequences, flags, combining marks, astral letters. */
const TRICKY = ['👩🏽‍🔧', '👨‍👩‍👧‍👦', '🇯🇵', '🏴󠁧󠁢󠁳󠁣󠁴󠁿', '❤️', 'é', 'ё', 'क्ष', '𝒜', '😀', '中', 'a', ' ', '1'];
const trickyString = fc.array(fc.constantFrom(...TRICKY), { maxLength: 30 }).map((xs) => xs.join(''));

describe('text helpers', () => {
  describe('cleanProse', () => {
    const rows: Array<[string, string, string, boolean]> = [
      ['plain text is returned as is', 'Installation guide', 'Installation guide', false],
      ['right-to-left override removed', 'abc\u202Edef', 'abcdef', true],
      ['every bidi control removed', '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061Cx', 'x', true],
      ['zero-width space, BOM, word joiner, soft hyphen', 'a\u200Bb\uFEFFc\u2060d\u00ADe', 'abcde', true],
      ['tag characters removed', 'hi\u{E0001}\u{E0068}\u{E0069}', 'hi', true],
      ['Hangul and Mongolian fillers, invisible operators', 'a\u3164b\u180Ec\u2062d', 'abcd', true],
      ['control characters become spaces', 'a\u0000b\u0007c\u001Bd\u0085e', 'a b c d e', false],
      ['tabs and line breaks stay', 'a\tb\nc\r\nd', 'a\tb\nc\r\nd', false],
      ['line and paragraph separators become spaces', 'a\u2028b\u2029c', 'a b c', false],
      ['lone surrogates become U+FFFD', 'a\uD800b\uDC00c', 'a\uFFFDb\uFFFDc', false],
      ['joiners inside emoji and Indic words stay', '👩🏽‍🔧 क्‍ष', '👩🏽‍🔧 क्‍ष', false],
      ['emoji subdivision flags keep their tags', 'Flag 🏴󠁧󠁢󠁳󠁣󠁴󠁿!', 'Flag 🏴󠁧󠁢󠁳󠁣󠁴󠁿!', false],
      ['right-to-left text is untouched', 'שלום עולם', 'שלום עולם', false],
      ['astral characters are untouched', '𝒜𝒷𝒸 😀', '𝒜𝒷𝒸 😀', false],
    ];
    for (const [name, input, text, suspicious] of rows) {
      it(name, () => {
        expect(cleanProse(input)).to.deep.equal({ text, suspicious });
      });
    }
  });

  describe('revealHidden', () => {
    const rows: Array<[string, string, string, boolean]> = [
      ['plain names are returned as is', 'docs/a.md', 'docs/a.md', false],
      ['right-to-left override shown as a marker', 'invoice\u202Efdp.exe', 'invoice⟦U+202E⟧fdp.exe', true],
      ['zero-width space shown', 'exa\u200Bmple', 'exa⟦U+200B⟧mple', true],
      ['tag characters shown with five hex digits', 'a\u{E0041}', 'a⟦U+E0041⟧', true],
      ['line breaks and tabs in a name are shown', 'a\nb\tc', 'a⟦U+000A⟧b⟦U+0009⟧c', true],
      ['NUL shown', 'a\u0000', 'a⟦U+0000⟧', true],
      ['lone surrogates become U+FFFD', 'x\uDBFF', 'x\uFFFD', false],
      ['legitimate non-Latin names stay', 'документация/振动.md', 'документация/振动.md', false],
    ];
    for (const [name, input, text, suspicious] of rows) {
      it(name, () => {
        expect(revealHidden(input)).to.deep.equal({ text, suspicious });
      });
    }
  });

  describe('codePointLength', () => {
    const rows: Array<[string, number]> = [
      ['', 0],
      ['abc', 3],
      ['😀', 1],
      ['a😀b', 3],
      ['👩🏽‍🔧', 4],
      ['\uD800', 1],
      ['\uD800\uD800\uDC00', 2],
    ];
    for (const [s, n] of rows) it(`${JSON.stringify(s)} has ${n}`, () => expect(codePointLength(s)).to.equal(n));
  });

  describe('truncate (code points, whole characters)', () => {
    const rows: Array<[string, number, string]> = [
      ['short', 10, 'short'],
      ['exactly', 7, 'exactly'],
      ['a longer title', 8, 'a longe…'],
      ['a😀', 2, 'a😀'], // fits in code points although it is 3 UTF-16 units
      ['😀😀😀😀', 3, '😀😀…'],
      ['ab👩🏽‍🔧cd', 4, 'ab…'], // a 4-code-point emoji does not fit in 3; never half of it
      ['ab👩🏽‍🔧cd', 7, 'ab👩🏽‍🔧…'],
      ['🇯🇵🇯🇵', 3, '🇯🇵…'],
      ['éééé', 3, 'éé…'], // precomposed
      ['e\u0301e\u0301e\u0301', 4, 'e\u0301…'], // a combining mark stays with its letter
      ['word and more', 6, 'word…'], // no space before the ellipsis
      ['anything', 1, '…'],
      ['anything', 0, ''],
      ['anything', -3, ''],
      ['anything', NaN, ''],
      ['', 5, ''],
    ];
    for (const [s, max, expected] of rows) {
      it(`truncate(${JSON.stringify(s)}, ${max}) → ${JSON.stringify(expected)}`, () => expect(truncate(s, max)).to.equal(expected));
    }
    it('never exceeds max code points, never splits a character, keeps a prefix (seeded)', () => {
      fc.assert(
        fc.property(fc.oneof(trickyString, fc.string({ unit: 'grapheme' }), fc.string({ unit: 'binary' })), fc.integer({ min: 1, max: 40 }), (s, max) => {
          const out = truncate(s, max);
          expect(codePointLength(out)).to.be.at.most(max);
          if (codePointLength(s) <= max) {
            expect(out).to.equal(s);
            return;
          }
          expect(out.endsWith('…')).to.equal(true);
          const body = out.slice(0, -1);
          expect(s.startsWith(body)).to.equal(true);
          if (!hasLoneSurrogate(s)) {
            expect(hasLoneSurrogate(body)).to.equal(false);
            const whole = graphemes(s);
            const kept = graphemes(body.length === 0 ? '' : s.slice(0, body.length));
            expect(kept).to.deep.equal(whole.slice(0, kept.length));
            expect(body.length === 0 || whole.slice(0, kept.length).join('').length === body.length).to.equal(true);
          }
        }),
        runs(500),
      );
    });
  });

  describe('elideMiddle', () => {
    const rows: Array<[string, number, string]> = [
      ['short', 10, 'short'],
      ['abcdefghij', 5, 'ab…ij'],
      ['abcdefghij', 6, 'abc…ij'],
      ['abcdefghij', 1, '…'],
      ['abcdefghij', 0, ''],
      ['😀😀😀😀😀😀', 4, '😀😀…😀'],
      ['👩🏽‍🔧xyz👩🏽‍🔧', 9, '👩🏽‍🔧…👩🏽‍🔧'],
      ['🇯🇵abcdef🇯🇵', 5, '🇯🇵…🇯🇵'],
    ];
    for (const [s, max, expected] of rows) {
      it(`elideMiddle(${JSON.stringify(s)}, ${max}) → ${JSON.stringify(expected)}`, () => expect(elideMiddle(s, max)).to.equal(expected));
    }
    it('a long string elides only its middle', () => {
      const s = `${'a'.repeat(5000)}MIDDLE${'z'.repeat(5000)}`;
      expect(elideMiddle(s, 11)).to.equal('aaaaa…zzzzz');
    });
    it('a long run of flags keeps whole flags at the end', () => {
      const s = `x${'🇯🇵🇫🇷'.repeat(40)}`;
      expect(elideMiddle(s, 9)).to.equal('x🇯🇵…🇯🇵🇫🇷'); // head budget 4, tail budget 5: whole flags only, never 🇵🇫
      for (const prefix of ['x🇯', 'xy🇯', '🇯']) {
        for (const max of [5, 9, 12]) {
          const odd = `${prefix}${'🇯🇵🇫🇷'.repeat(40)}`;
          const tail = elideMiddle(odd, max).split('…')[1]!;
          const t = graphemes(tail);
          expect(t, `${prefix} ${max}`).to.deep.equal(graphemes(odd).slice(-t.length));
        }
      }
    });
    it('never exceeds max, keeps whole characters at both ends (seeded)', () => {
      fc.assert(
        fc.property(fc.oneof(trickyString, fc.string({ unit: 'grapheme' })), fc.integer({ min: 1, max: 30 }), (s, max) => {
          const out = elideMiddle(s, max);
          expect(codePointLength(out)).to.be.at.most(max);
          if (codePointLength(s) <= max) {
            expect(out).to.equal(s);
            return;
          }
          const at = out.indexOf('…');
          expect(at).to.be.at.least(0);
          const head = out.slice(0, at);
          const tail = out.slice(at + 1);
          expect(s.startsWith(head)).to.equal(true);
          expect(s.endsWith(tail)).to.equal(true);
          expect(hasLoneSurrogate(head) || hasLoneSurrogate(tail)).to.equal(false);
          const whole = graphemes(s);
          expect(graphemes(head)).to.deep.equal(whole.slice(0, graphemes(head).length));
          const t = graphemes(tail);
          expect(t).to.deep.equal(t.length ? whole.slice(-t.length) : []);
        }),
        runs(500),
      );
    });
  });
});
