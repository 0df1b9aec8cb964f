/**
 * A code file shown while the highlighter's worker is still starting: its
 * grammar loads on the page once the file is on screen, not only
 * once the worker asks for it, so the page's import of the grammar overlaps
 * the worker's start instead of following it. The worker is held back here
 * by keeping the page's messages from it until the test lets them through.
 * A page of its own, so no other test loaded the grammar or started the
 * highlighter first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { cleanup, controlledHost, mount, nextRendered, root, waitFor } from './helpers.js';
import { noteWorkerNeeds } from '../../worker-needs.js';

performance.setResourceTimingBufferSize(100_000);

/** When the page started fetching the TypeScript grammar (resource timing), or null. */
const grammarFetchedAt = () =>
  performance.getEntriesByType('resource').find((e) => /@shikijs\/langs[^/]*\/dist\/typescript\.mjs$/.test(new URL(e.name).pathname))?.startTime ?? null;

describe('<qa-file-preview>: a code file shown before the highlighter has started', () => {
  afterEach(cleanup);

  it('loads its grammar once the file is shown, without waiting for the worker to ask', async () => {
    const workers = noteWorkerNeeds({ hold: true });
    try {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'} path="src/values.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'the read');
      await waitFor(() => workers.held > 0, 'the page to post to the starting worker');
      expect(grammarFetchedAt(), 'no grammar while the file is read').to.equal(null);
      const shown = nextRendered(el);
      host.reads[0]!.resolve({ content: 'export const answer: number = 42;\n'.repeat(30) });
      await shown;
      await waitFor(() => grammarFetchedAt() !== null, 'the grammar fetched after the file was shown');
      expect(workers.asked, 'the worker has not asked for anything').to.deep.equal([]);

      // Let the worker hear the page: the file is coloured.
      workers.release();
      await waitFor(() => root(el).querySelectorAll('[part~="raw"] [data-n] [class*="qa-tk-"]').length > 0, 'the file in colour');
      expect(workers.asked).to.include('typescript');
    } finally {
      workers.restore();
    }
  });
});
