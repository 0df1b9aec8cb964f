import { expect } from 'chai';
import fc from 'fast-check';
import { decodePunycode, describeHost, hostToUnicode, isConfusableLabel, readUrl, shortUrl, toOpenableUrl } from '../../src/model/index.js';
import { runs } from './helpers.js';

describe('URL helpers', () => {
  describe('toOpenableUrl: only http, https and mailto', () => {
    const rows: Array<[string, unknown, string | null]> = [
      ['https', 'https://example.com/a?b=1#c', 'https://example.com/a?b=1#c'],
      ['http, normalised', 'HTTP://Example.COM', 'http://example.com/'],
      ['mailto', 'mailto:team@example.com?subject=Hi', 'mailto:team@example.com?subject=Hi'],
      ['mixed-case javascript', 'JaVaScRiPt:alert(1)', null],
      ['javascript after spaces', '   javascript:alert(1)', null],
      ['javascript after a tab and a newline', '\t\njavascript:alert(1)', null],
      ['javascript with a tab inside the scheme', 'java\tscript:alert(1)', null],
      ['javascript with a newline inside the scheme', 'java\nscript:alert(1)', null],
      ['javascript after NUL and controls', '\u0000\u0001\u001Fjavascript:alert(1)', null],
      ['javascript behind invisible characters', '\u200B\uFEFFjavascript:alert(1)', null],
      ['character references are not decoded here', 'javascript&#58;alert(1)', null],
      ['an entity-looking https is not a URL', 'https&#58;//example.com', null],
      ['data HTML', 'data:text/html,<script>alert(1)</script>', null],
      ['data image', 'data:image/png;base64,AAAA', null],
      ['vbscript', 'VBScript:msgbox(1)', null],
      ['file', 'file:///etc/passwd', null],
      ['blob', 'blob:https://example.com/1', null],
      ['ftp', 'ftp://example.com/', null],
      ['protocol-relative', '//evil.example/x', null],
      ['relative', '../a.md', null],
      ['https without a host', 'https://', null],
      ['a scheme only', 'https:', null],
      ['empty', '', null],
      ['not a string', 42, null],
      ['null', null, null],
      ['longer than the limit', `https://example.com/${'a'.repeat(9000)}`, null],
      ['https after spaces and controls is trimmed', '\u0000 \u00A0 https://example.com/x \n', 'https://example.com/x'],
      ['tabs and newlines inside are removed, as a browser does', 'https://exa\tmple.com/a\nb', 'https://example.com/ab'],
      ['inner spaces are encoded, not removed', 'https://example.com/a b', 'https://example.com/a%20b'],
      ['inner invisible characters are encoded, not removed', 'https://example.com/a\u200Bb', 'https://example.com/a%E2%80%8Bb'],
      ['an IDN host becomes punycode', 'https://пример.рф/путь', 'https://xn--e1afmkfd.xn--p1ai/%D0%BF%D1%83%D1%82%D1%8C'],
      ['credentials stay visible in the URL', 'https://user@example.com/', 'https://user@example.com/'],
    ];
    for (const [name, input, expected] of rows) {
      it(`${name}: ${JSON.stringify(input)?.slice(0, 60)} → ${expected?.slice(0, 60)}`, () => {
        expect(toOpenableUrl(input)).to.equal(expected);
      });
    }
    it('agrees with how the browser itself resolves an <a href> (seeded)', () => {
      const pieces = fc.constantFrom(
        'java',
        'script',
        'JAVA',
        'https',
        'http',
        'mailto',
        ':',
        '//',
        'example.com',
        '/a',
        ' ',
        '\t',
        '\n',
        '\u0000',
        '\u200B',
        '&#58;',
        'data',
        'vb',
        'x@y.z',
        '%0a',
      );
      fc.assert(
        fc.property(
          fc.array(pieces, { maxLength: 8 }).map((xs) => xs.join('')),
          (raw) => {
            const href = toOpenableUrl(raw);
            if (href === null) return;
            const a = document.createElement('a');
            a.href = href;
            expect(['http:', 'https:', 'mailto:']).to.include(a.protocol);
            expect(a.href).to.equal(href);
          },
        ),
        runs(500),
      );
    });
    it('readUrl returns the parsed URL of any scheme, and an href only when openable', () => {
      const js = readUrl('javascript:alert(1)');
      expect(js.url?.protocol).to.equal('javascript:');
      expect(js.href).to.equal(null);
      expect(readUrl('nonsense')).to.deep.equal({ url: null, href: null });
    });
  });

  describe('punycode decoding against known pairs', () => {
    const pairs: Array<[string, string]> = [
      ['bcher-kva', 'bücher'],
      ['mnchen-3ya', 'münchen'],
      ['e1afmkfd', 'пример'],
      ['p1ai', 'рф'],
      ['ihqwcrb4cv8a8dqg056pqjye', '他们为什么不说中文'], // RFC 3492, 7.1 (B)
      ['egbpdaj6bu4bxfgehfvwxn', 'ليهمابتكلموشعربي؟'], // RFC 3492, 7.1 (A)
      ['r8jz45g', '例え'],
      ['hxajbheg2az3al', 'παράδειγμα'],
      ['6dbbec0c', 'דוגמה'],
      ['maana-pta', 'mañana'],
      ['3e0bk47br7k', '한국어'],
      ['o3cw4h', 'ไทย'],
      ['pple-43d', 'аpple'],
    ];
    for (const [encoded, decoded] of pairs) {
      it(`xn--${encoded} → ${decoded}`, () => {
        expect(decodePunycode(encoded)).to.equal(decoded);
        expect(hostToUnicode(`xn--${encoded}.com`)).to.equal(`${decoded}.com`);
      });
    }
    it('malformed labels give null, never an exception', () => {
      for (const bad of ['!!!', 'a-b!', '99999999999999', 'zzzzzzzzzzzzzzzzzz', 'é-a', '-']) {
        expect(() => decodePunycode(bad)).to.not.throw();
      }
      expect(decodePunycode('a-b!')).to.equal(null);
      expect(decodePunycode('99999999999999')).to.equal(null);
      expect(hostToUnicode('xn--a-b!.com')).to.equal('xn--a-b!.com');
    });
    it('round-trips through the browser’s own IDNA encoder (seeded)', () => {
      const letters = [...'абвгдежзийклмнопрстуфхцчшщъыьэюяёαβγδεζηθικλμνξοπρστυφχψωäöüßéèçñ中文字日本한국אבגดไท'];
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...letters, 'a', 'b', 'z', '1', '-'), { minLength: 1, maxLength: 20 }), (chars) => {
          const label = chars
            .join('')
            .replace(/^-+|-+$/g, '')
            .replace(/--+/g, '-');
          if (!label || /^[a-z0-9-]+$/.test(label)) return;
          let ascii: string;
          try {
            ascii = new URL(`https://${label}.example/`).hostname;
          } catch {
            return; // the browser refuses this label (e.g. mixed directions); nothing to compare
          }
          const first = ascii.split('.')[0]!;
          expect(first.startsWith('xn--')).to.equal(true);
          expect(hostToUnicode(first)).to.equal(label);
        }),
        runs(400),
      );
    });
  });

  describe('describeHost: Unicode when safe, ASCII when it could mislead', () => {
    const rows: Array<[string, string | null, boolean]> = [
      ['https://example.com/a', 'example.com', false],
      ['https://EXAMPLE.com:8443/a', 'example.com', false],
      ['https://пример.рф/', 'пример.рф', false],
      ['https://xn--e1afmkfd.xn--p1ai/', 'пример.рф', false],
      ['https://bücher.de/', 'bücher.de', false],
      ['https://日本語.jp/', '日本語.jp', false],
      ['https://ひらがな漢字.jp/', 'ひらがな漢字.jp', false],
      ['https://xn--pple-43d.com/', 'xn--pple-43d.com', true],
      ['https://аррӏе.com/', null, true],
      ['https://ехаmрlе.com/', null, true],
      ['https://ραρ.com/', null, true],
      ['https://раураl.com/', null, true],
      ['https://paypal.аррӏе.com/', null, true],
      ['https://127.0.0.1:8080/', '127.0.0.1', false],
      ['https://[::1]/', '[::1]', false],
    ];
    for (const [uri, display, confusable] of rows) {
      it(`${uri} → ${display ?? 'ASCII'}${confusable ? ' (look-alike)' : ''}`, () => {
        const host = describeHost(uri)!;
        const ascii = new URL(uri).hostname;
        expect(host.ascii).to.equal(ascii);
        expect(host.confusable).to.equal(confusable);
        expect(host.display).to.equal(display ?? ascii);
        if (confusable) expect(host.display).to.match(/xn--/);
      });
    }
    it('no host: null', () => {
      expect(describeHost('mailto:a@example.com')).to.equal(null);
      expect(describeHost('not a url')).to.equal(null);
      expect(describeHost('javascript:alert(1)')).to.equal(null);
    });
    it('accepts a URL object, and repeated calls agree (cache)', () => {
      const url = new URL('https://xn--pple-43d.com/');
      const a = describeHost(url)!;
      const b = describeHost('https://xn--pple-43d.com/x')!;
      expect(a).to.deep.equal(b);
      a.display = 'changed';
      expect(describeHost(url)!.display).to.equal('xn--pple-43d.com');
    });
    const labels: Array<[string, boolean]> = [
      ['example', false],
      ['пример', false],
      ['аpple', true],
      ['асе', true],
      ['αβγ', false],
      ['ορα', true],
      ['日本語', false],
      ['日本語abc', false],
      ['한국어abc', false],
      ['ひらがなhangul한', true],
      ['abcабв', true],
      ['שלוםabc', true],
    ];
    for (const [label, confusable] of labels) {
      it(`label ${label}: ${confusable ? 'confusable' : 'fine'}`, () => expect(isConfusableLabel(label)).to.equal(confusable));
    }
  });

  describe('shortUrl', () => {
    const rows: Array<[string, string]> = [
      ['https://docs.example.org/', 'docs.example.org'],
      ['https://docs.example.org/guide/', 'docs.example.org/guide'],
      ['https://docs.example.org/a/b/c?q=1#x', 'docs.example.org/a/b/c'],
      ['https://docs.example.org/products/eam/user-guide/diagnostics/vibration.html', 'docs.example.org/products/…/vibration.html'],
      [`https://docs.example.org/${'x'.repeat(60)}`, `docs.example.org/${'x'.repeat(30)}…`],
      ['https://пример.рф/статья', 'пример.рф/статья'],
      ['https://xn--pple-43d.com/login', 'xn--pple-43d.com/login'],
      ['https://example.org/%E0%A4%A', 'example.org/%E0%A4%A'],
      ['mailto:a@example.com', 'mailto:a@example.com'],
      ['not a url', 'not a url'],
    ];
    for (const [uri, expected] of rows) it(`${uri.slice(0, 70)} → ${expected}`, () => expect(shortUrl(uri)).to.equal(expected));
    it('never splits a character when it shortens', () => {
      expect(shortUrl(`https://example.org/${'😀'.repeat(40)}`)).to.equal(`example.org/${'😀'.repeat(30)}…`);
    });
  });
});
