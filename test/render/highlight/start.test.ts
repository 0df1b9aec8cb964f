/**
 * The lazy way in to the highlighter (start.ts): jobs started before the
 * client module is loaded. A page of its own that imports only start.ts, so
 * the client is not loaded when the first job starts (its import is
 * asynchronous whatever the cache holds).
 */
import { expect } from 'chai';
import { loadHighlighter, startHighlight } from '../../../src/render/highlight/start.js';
import type { TokenChunk } from '../../../src/render/highlight/tokens.js';

const CLIENT = '/src/render/highlight/client.ts';

const clientRequested = () => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === CLIENT);

/** 400 numbered lines of TypeScript. */
const TEXT = Array.from({ length: 400 }, (_, i) => `export const value${i} = ${i}; // line ${i + 1}`).join('\n');

describe('highlight: jobs started before the client is loaded', () => {
  it('a job cancelled before the client is there settles as aborted at once and colours nothing', async () => {
    expect(clientRequested(), 'nothing loaded the client before this test').to.equal(false);
    const chunks: TokenChunk[] = [];
    const job = startHighlight(TEXT, 'typescript', { onTokens: (c) => chunks.push(c) });
    job.cancel();
    expect(await job.done).to.equal('aborted');
    await loadHighlighter();
    expect(chunks).to.deep.equal([]);
  });

  it('a job started before the load colours the last window asked for first, then the whole text', async () => {
    // A fresh text and language so that nothing of the first test's job is reused.
    const text = Array.from({ length: 400 }, (_, i) => `const other${i} = "${i}";`).join('\n');
    const seen: Array<{ from: number; exact: boolean }> = [];
    const exact = new Set<number>();
    const job = startHighlight(text, 'javascript', {
      window: [0, 10],
      onTokens: (c) => {
        seen.push({ from: c.from, exact: c.exact });
        if (c.exact) for (let i = 0; i < c.count; i++) exact.add(c.from + i);
      },
    });
    // The reader moved before anything was coloured: this window comes first.
    job.prioritize(300, 320);
    expect(await job.done).to.equal('done');
    expect(exact.size).to.equal(400);
    expect(seen[0]!.from, `the first chunk covers the window asked for last (chunks: ${JSON.stringify(seen.slice(0, 4))})`).to.be.within(280, 319);
  });

  it('once the client is there, jobs start on it directly', async () => {
    await loadHighlighter();
    const job = startHighlight('let a = 1;\n', 'typescript');
    expect(await job.done).to.equal('done');
  });
});
