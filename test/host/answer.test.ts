// One rule for a host's file answer, for the fetch host (the endpoint's JSON)
// and the preview (any host): shapes, sizes in UTF-8 bytes, cuts on a
// character boundary, the path asked for, and hostile answers.
import { expect } from 'chai';
import fc from 'fast-check';
import { readFileAnswer } from '../../src/host/answer.js';

const bytes = (s: string) => new TextEncoder().encode(s).byteLength;

describe('readFileAnswer', () => {
  it('reads a well-formed answer; size is never below the content’s own UTF-8 size', () => {
    expect(readFileAnswer({ path: 'a.md', content: 'héllo', size: 6, truncated: false, mime: 'text/markdown' })).to.deep.equal({
      path: 'a.md',
      content: 'héllo',
      size: 6,
      truncated: false,
      mime: 'text/markdown',
    });
    expect(readFileAnswer({ path: 'a.md', content: '中文', size: 1, truncated: false })!.size).to.equal(6);
    // An in-page host may leave size and truncated out; the wire format may not.
    expect(readFileAnswer({ path: 'a.md', content: '😀' })).to.deep.equal({ path: 'a.md', content: '😀', size: 4, truncated: false });
    expect(readFileAnswer({ path: 'a.md', content: 'x', size: 1 }, { wire: true })).to.equal(null);
    expect(readFileAnswer({ path: 'a.md', content: 'x', truncated: false }, { wire: true })).to.equal(null);
  });

  it('refuses wrong types, whatever else the answer holds', () => {
    const wrong: unknown[] = [
      null,
      undefined,
      'a string',
      42,
      [{ path: 'a.md', content: 'x' }],
      { path: 'a.md' },
      { content: 'x' },
      { path: 1, content: 'x' },
      { path: 'a.md', content: 42 },
      { path: 'a.md', content: ['x'] },
      { path: 'a.md', content: 'x', size: '1' },
      { path: 'a.md', content: 'x', size: -1 },
      { path: 'a.md', content: 'x', size: 1.5 },
      { path: 'a.md', content: 'x', size: Number.NaN },
      { path: 'a.md', content: 'x', size: Infinity },
      { path: 'a.md', content: 'x', truncated: 'no' },
      { path: 'a.md', content: 'x', mime: 7 },
    ];
    for (const answer of wrong) expect(readFileAnswer(answer), JSON.stringify(answer) ?? String(answer)).to.equal(null);
  });

  it('never throws, and reads each field once (a getter cannot answer twice)', () => {
    const throwing = new Proxy(
      {},
      {
        get: () => {
          throw new Error('boom');
        },
      },
    );
    expect(readFileAnswer(throwing)).to.equal(null);
    let reads = 0;
    const shifty = {
      path: 'a.md',
      get content() {
        reads += 1;
        return reads === 1 ? 'short' : 'x'.repeat(10_000);
      },
    };
    const file = readFileAnswer(shifty, { maxBytes: 100 })!;
    expect([file.content, reads]).to.deep.equal(['short', 1]);
  });

  it('an answer for another path than the one asked for is refused; another form of the same path is not', () => {
    expect(readFileAnswer({ path: 'docs/other.md', content: 'x' }, { requested: 'docs/a.md' })).to.equal(null);
    expect(readFileAnswer({ path: '../docs/a.md', content: 'x' }, { requested: 'docs/a.md' })).to.equal(null);
    expect(readFileAnswer({ path: './docs//a.md', content: 'x' }, { requested: 'docs/a.md' })!.path).to.equal('./docs//a.md');
    expect(readFileAnswer({ path: 'cafe\u0301.md', content: 'x' }, { requested: 'caf\u00e9.md' })).not.to.equal(null);
    // Over the wire the path must be a workspace path, and comes back normalised.
    expect(readFileAnswer({ path: '/etc/passwd', content: 'x', size: 1, truncated: false }, { wire: true })).to.equal(null);
    expect(readFileAnswer({ path: './a//b.md', content: 'x', size: 1, truncated: false }, { wire: true })!.path).to.equal('a/b.md');
  });

  it('huge content is cut to maxBytes UTF-8 bytes on a character boundary, with the size of the whole', () => {
    const content = '€😀a'.repeat(300_000);
    const file = readFileAnswer({ path: 'big.txt', content, size: 10, truncated: false }, { maxBytes: 1_000_001 })!;
    expect(file.truncated).to.equal(true);
    expect(bytes(file.content)).to.be.at.most(1_000_001);
    expect(1_000_001 - bytes(file.content)).to.be.below(4);
    expect(content.startsWith(file.content)).to.equal(true);
    expect(file.size).to.equal(bytes(content));
    // Not cut by UTF-16 length: 100 CJK characters are 300 bytes.
    const cjk = readFileAnswer({ path: 'a.txt', content: '中'.repeat(100) }, { maxBytes: 150 })!;
    expect([cjk.content.length, cjk.truncated]).to.deep.equal([50, true]);
  });

  it('lone surrogates count as the three bytes of U+FFFD and a cut never splits a pair (generated)', () => {
    const piece = fc.constantFrom('a', 'é', '€', '😀', '\uD800', '\uDFFF', '\uD83D', '中');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.integer({ min: 0, max: 120 }), (parts, limit) => {
        const content = parts.join('');
        const file = readFileAnswer({ path: 'a.txt', content }, { maxBytes: limit })!;
        expect(file.size).to.equal(bytes(content));
        expect(bytes(file.content)).to.be.at.most(limit);
        expect(file.truncated).to.equal(bytes(content) > limit);
        // Uncut, the content is the host's own; cut, it is whole characters (no half of a pair at the end).
        if (!file.truncated) expect(file.content).to.equal(content);
        else expect(/[\uD800-\uDBFF]$/.test(file.content)).to.equal(false);
        return true;
      }),
      { seed: 17, numRuns: 1_000 },
    );
  });
});
