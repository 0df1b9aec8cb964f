/**
 * A code file opened on a page where the highlighter's code is not loaded
 * yet: its worker starts with the open, so that the worker's script loads
 * and compiles while the page fetches the highlighter's client, instead of
 * after it. A page of its own, so nothing loaded the client or started the
 * worker before.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { cleanup, controlledHost, mount, root, waitFor } from './helpers.js';

performance.setResourceTimingBufferSize(100_000);

/** When the page started fetching the highlighter's client module (resource timing), or null. */
const clientFetchedAt = () =>
  performance.getEntriesByType('resource').find((e) => new URL(e.name).pathname.endsWith('/src/render/highlight/client.ts'))?.startTime ?? null;

describe("<qa-file-preview>: the highlighter's worker on a first open", () => {
  afterEach(cleanup);

  it("starts before the highlighter's client is fetched, and is the one that colours the file", async () => {
    const started: Array<{ at: number; url: string }> = [];
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        started.push({ at: performance.now(), url: String(url) });
        super(url, options);
      }
    };
    try {
      expect(clientFetchedAt(), 'the client is not loaded before the open').to.equal(null);
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'} mode="raw" path="src/values.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'the read');
      host.reads[0]!.resolve({ content: 'export const answer: number = 42;\n'.repeat(30) });
      await waitFor(() => root(el).querySelectorAll('[part~="raw"] [data-n] [class*="qa-tk-"]').length > 0, 'the file in colour');
      const highlighters = started.filter((s) => /highlight/.test(s.url));
      expect(highlighters, 'one highlighter worker').to.have.length(1);
      const fetched = clientFetchedAt();
      expect(fetched, 'the client was fetched').to.not.equal(null);
      expect(highlighters[0]!.at, 'the worker started before the client was fetched').to.be.at.most(fetched!);
    } finally {
      window.Worker = RealWorker;
    }
  });
});
