// UTF-8 sizes: the fast count agrees with the browser's own encoder for any
// text (ASCII runs, every plane, lone surrogates), and the memory host's
// remembered sizes never leak from one limit or file into another.
import { expect } from 'chai';
import fc from 'fast-check';
import { utf8ByteLength, utf8Excerpt } from '../../src/host/text.js';
import { createMemoryHost } from '../../src/host/index.js';

const encoded = (s: string) => new TextEncoder().encode(s).byteLength;

describe('utf8ByteLength', () => {
  it('counts like TextEncoder on a table of edge cases', () => {
    const table = ['', 'a', 'plain ASCII only', 'é', 'aé', '€', 'a€b', '😀', 'x😀y', '\uD800', 'a\uDC00b', '\uD83D', 'é\uD83Dx', 'ok\u0000', 'Привет', '中文ab', 'a'.repeat(10_000) + 'é'];
    for (const s of table) expect(utf8ByteLength(s), JSON.stringify(s)).to.equal(encoded(s));
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

describe('createMemoryHost: sizes counted once', () => {
  it('answers each read with the size and excerpt of its own limit and file', async () => {
    const big = 'é'.repeat(3_000);
    const host = createMemoryHost({ 'a.txt': big, 'b.txt': 'short' });
    const full = await host.readFile({ sessionId: 's', path: 'a.txt' });
    const cut = await host.readFile({ sessionId: 's', path: 'a.txt', maxBytes: 1_001 });
    const again = await host.readFile({ sessionId: 's', path: 'a.txt' });
    const other = await host.readFile({ sessionId: 's', path: 'b.txt', maxBytes: 1_001 });
    expect([full.size, full.truncated, full.content.length]).to.deep.equal([6_000, false, 3_000]);
    expect([cut.size, cut.truncated, cut.content.length]).to.deep.equal([6_000, true, 500]);
    expect([again.size, again.truncated, again.content]).to.deep.equal([6_000, false, big]);
    expect([other.size, other.truncated, other.content]).to.deep.equal([5, false, 'short']);
  });

  it('counts a lazily loaded file after it loads, also when a first load failed', async () => {
    let calls = 0;
    const host = createMemoryHost({
      'lazy.txt': async () => {
        calls += 1;
        if (calls === 1) throw new Error('first load fails');
        return '€'.repeat(10);
      },
    });
    await host.readFile({ sessionId: 's', path: 'lazy.txt' }).catch(() => undefined);
    const file = await host.readFile({ sessionId: 's', path: 'lazy.txt' });
    expect([file.size, file.content.length]).to.deep.equal([30, 10]);
  });
});
