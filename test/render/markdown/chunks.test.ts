// Where chunks come from: the parsing worker, or the same parser on the main thread; the same chunks either way, and a stream can be cancelled.
import { expect } from 'chai';
import { MAIN_THREAD_MAX_CHARS, lastStreamUsedWorker, setWorkerParsing, streamChunks } from '../../../src/render/markdown/chunks.js';
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

  it('parses a small document on the main thread by default, and one of MAIN_THREAD_MAX_CHARS or more in the worker', async () => {
    setWorkerParsing(true);
    const small = await all(SOURCE);
    expect(lastStreamUsedWorker).to.equal(false);
    let big = SOURCE;
    while (big.length < MAIN_THREAD_MAX_CHARS) big += `\n${SOURCE}`;
    const chunks = await all(big);
    expect(lastStreamUsedWorker).to.equal(true);
    expect(chunks.map((c) => c.html).join('')).to.contain(
      small
        .map((c) => c.html)
        .join('')
        .slice(0, 2000),
    );
    // Its provisional first screen came from the page's parser, the rest from the worker: the same chunks as on the main thread.
    expect(chunks[0]!.provisional).to.equal(true);
    expect(chunks.slice(1).some((c) => c.provisional)).to.equal(false);
    setWorkerParsing(false);
    expect(await all(big)).to.deep.equal(chunks);
    setWorkerParsing(true);
    // A running worker does not take the small documents over.
    await all(SOURCE);
    expect(lastStreamUsedWorker).to.equal(false);
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
