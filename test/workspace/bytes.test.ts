// Byte sizes: the fast UTF-8 count agrees with the browser's own encoder for
// any text (ASCII runs, every plane, lone surrogates), excerpts stay within
// their limit, the binary sniff, and the unit a size is shown in.
import { expect } from 'chai';
import fc from 'fast-check';
import { byteScale, hasNulBytes, looksBinary, SNIFF_BYTES, textLooksBinary, utf8Boundary, utf8ByteLength, utf8Excerpt } from '../../src/workspace/bytes.js';

const encoded = (s: string) => new TextEncoder().encode(s).byteLength;

describe('utf8ByteLength', () => {
  it('counts like TextEncoder on a table of edge cases', () => {
    const table = [
      '',
      'a',
      'plain ASCII only',
      'é',
      'aé',
      '€',
      'a€b',
      '😀',
      'x😀y',
      '\uD800',
      'a\uDC00b',
      '\uD83D',
      'é\uD83Dx',
      'ok\u0000',
      'Привет',
      '中文ab',
      'a'.repeat(10_000) + 'é',
    ];
    for (const s of table) expect(utf8ByteLength(s), JSON.stringify(s)).to.equal(encoded(s));
  });

  it('counts like TextEncoder across the pieces it encodes at a time (16,384 units from the first non-ASCII one)', () => {
    const cases: string[] = [];
    for (const boundary of [16_384, 32_768])
      for (const offset of [-2, -1, 0, 1]) {
        // The first non-ASCII character at 0, so the pieces end at multiples of 16,384.
        const head = `é${'a'.repeat(boundary + offset - 1)}`;
        cases.push(`${head}😀b`, `${head}\uD83Dx`, `${head}\uDE00x`, `${head}\uD83D`, `${head}€😀€`);
      }
    cases.push('中'.repeat(100_000), `${'a'.repeat(5)}${'😀'.repeat(40_000)}`);
    for (const s of cases) expect(utf8ByteLength(s), `${s.length} units ending ${JSON.stringify(s.slice(-4))}`).to.equal(encoded(s));
  });

  it('counts like TextEncoder for generated text (generated)', () => {
    const piece = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.string({ maxLength: 200 }),
      fc.constantFrom('\uD800', '\uDBFF', '\uDC00', '\uDFFF', '😀', '€', 'é'),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
        const s = parts.join('');
        expect(utf8ByteLength(s)).to.equal(encoded(s));
      }),
      { numRuns: 300, seed: 7 },
    );
  });

  it('gives excerpts that stay within the limit and a size of the whole text', () => {
    const text = 'ab€😀'.repeat(50);
    for (const limit of [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 100, 1_000]) {
      const e = utf8Excerpt(text, limit);
      expect(e.size).to.equal(encoded(text));
      expect(encoded(e.text)).to.be.at.most(limit);
      expect(text.startsWith(e.text)).to.equal(true);
      expect(e.truncated).to.equal(encoded(text) > limit);
    }
  });
});

describe('utf8Boundary', () => {
  it('never ends inside a multi-byte character', () => {
    const bytes = new TextEncoder().encode('a€😀é');
    const ends = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((n) => utf8Boundary(bytes, n));
    expect(ends).to.deep.equal([0, 1, 1, 1, 4, 4, 4, 4, 8, 8, 10, 10]);
    expect(utf8Boundary(bytes, -5)).to.equal(0);
  });
});

describe('binary sniff', () => {
  it('looksBinary: NUL or bytes that are not UTF-8 in the first SNIFF_BYTES; a cut character at the end is fine', () => {
    const enc = (s: string) => new TextEncoder().encode(s);
    expect(looksBinary(enc('plain text é'))).to.equal(false);
    expect(looksBinary(new Uint8Array([0x50, 0x00, 0x51]))).to.equal(true);
    expect(looksBinary(new Uint8Array([0x61, 0xe9, 0x62]))).to.equal(true);
    expect(looksBinary(enc('€').subarray(0, 2))).to.equal(false);
    const late = new Uint8Array(SNIFF_BYTES + 10).fill(0x61);
    late[SNIFF_BYTES + 5] = 0;
    expect(looksBinary(late)).to.equal(false);
  });

  it('textLooksBinary looks at the start, hasNulBytes at the whole text', () => {
    const late = 'x'.repeat(SNIFF_BYTES) + '\u0000';
    expect([textLooksBinary('a\u0000'), textLooksBinary(late), hasNulBytes(late), hasNulBytes('clean')]).to.deep.equal([true, false, true, false]);
  });
});

describe('byteScale', () => {
  const table: Array<[number, { value: number; unit: string; digits: number }]> = [
    [-1, { value: 0, unit: 'byte', digits: 0 }],
    [Number.NaN, { value: 0, unit: 'byte', digits: 0 }],
    [999, { value: 999, unit: 'byte', digits: 0 }],
    [999.6, { value: 1000, unit: 'byte', digits: 0 }],
    [1_000, { value: 1, unit: 'kilobyte', digits: 1 }],
    [1_449, { value: 1.4, unit: 'kilobyte', digits: 1 }],
    [99_960, { value: 100, unit: 'kilobyte', digits: 1 }],
    [150_400, { value: 150, unit: 'kilobyte', digits: 0 }],
    [999_600, { value: 1, unit: 'megabyte', digits: 1 }],
    [2_000_000, { value: 2, unit: 'megabyte', digits: 1 }],
    [5e15, { value: 5000, unit: 'terabyte', digits: 0 }],
  ];
  for (const [bytes, scale] of table) it(`${bytes} → ${scale.value} ${scale.unit}`, () => expect(byteScale(bytes)).to.deep.equal(scale));
});
