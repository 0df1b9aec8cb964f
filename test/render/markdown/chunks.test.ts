// Where chunks come from: the parsing worker, or the same parser on the main thread; the same chunks either way, and a stream can be cancelled.
import { expect } from 'chai';
import { lastStreamUsedWorker, setWorkerParsing, streamChunks } from '../../../src/render/markdown/chunks.js';
import type { HtmlChunk } from '../../../src/render/markdown/protocol.js';

const SOURCE = Array.from({ length: 300 }, (_, i) => `## Part ${i}\n\nText with *emphasis* and a [link](https://example.com/${i}).\n`).join('\n');

async function all(source: string): Promise<HtmlChunk[]> {
  const stream = streamChunks(source, { nonce: 'N' });
  const out: HtmlChunk[] = [];
  for (let c = await stream.next(); c; c = await stream.next()) out.push(c);
  return out;
}

describe('Markdown chunk streams', () => {
  after(() => setWorkerParsing(true));

  it('gives the same chunks from the worker and from the main thread, never a pause', async () => {
    setWorkerParsing('always');
    const fromWorker = await all(SOURCE);
    expect(lastStreamUsedWorker).to.equal(true);
    setWorkerParsing(false);
    const fromPage = await all(SOURCE);
    expect(lastStreamUsedWorker).to.equal(false);
    expect(fromPage).to.deep.equal(fromWorker);
    expect(fromPage.length).to.be.greaterThan(2);
    expect(fromPage.some((c) => c.pause)).to.equal(false);
    expect(fromPage.map((c) => c.html).join('')).to.match(/<h2 id="part-299"[^>]*>Part 299<\/h2>/);
  });

  for (const worker of [true, false]) {
    it(`ends a cancelled stream at once (${worker ? 'worker' : 'main thread'})`, async () => {
      setWorkerParsing(worker ? 'always' : false);
      const stream = streamChunks(SOURCE, { nonce: 'N' });
      expect(await stream.next())
        .to.have.property('html')
        .that.is.a('string');
      stream.cancel();
      expect(await stream.next()).to.equal(null);
      expect(await stream.next()).to.equal(null);
    });
  }
});
