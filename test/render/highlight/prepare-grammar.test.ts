/**
 * A code file shown before the highlighter's client has arrived: its grammar
 * still loads for the worker then (once the client is there), not only when
 * the starting worker asks for it. A page of its own that imports only
 * start.ts, so the client is not loaded when `prepareGrammar` is called.
 */
import { expect } from 'chai';
import { prepareGrammar } from '../../../src/render/highlight/start.js';
import { until as waitFor } from '../../wait.js';
import { noteWorkerNeeds } from '../../worker-needs.js';

performance.setResourceTimingBufferSize(100_000);

const CLIENT = '/src/render/highlight/client.ts';

/** When the page started fetching the first resource whose path passes `test` (resource timing), or null. */
const fetchedAt = (test: (path: string) => boolean) => performance.getEntriesByType('resource').find((e) => test(new URL(e.name).pathname))?.startTime ?? null;
const clientFetchedAt = () => fetchedAt((p) => p === CLIENT);
const grammarFetchedAt = () => fetchedAt((p) => /@shikijs\/langs[^/]*\/dist\/python\.mjs$/.test(p));

describe('highlight: a grammar prepared before the client is there', () => {
  it('loads the client, then the grammar, without a request from the worker', async () => {
    const workers = noteWorkerNeeds();
    try {
      expect(clientFetchedAt(), 'nothing loaded the client before this test').to.equal(null);
      prepareGrammar('python');
      const frame = await new Promise<number>((resolve) => requestAnimationFrame(() => resolve(performance.now())));
      await waitFor(() => grammarFetchedAt() !== null, 'the python grammar');
      // Not during the frames that show the file: a grammar is a large module to evaluate.
      expect(clientFetchedAt()).to.be.greaterThan(frame);
      expect(grammarFetchedAt()).to.be.greaterThan(clientFetchedAt()!);
      expect(workers.asked, 'the worker asked for nothing').to.deep.equal([]);
    } finally {
      workers.restore();
    }
  });
});
