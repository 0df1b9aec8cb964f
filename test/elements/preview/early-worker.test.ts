/**
 * A code file opened on a page where the highlighter's code is not loaded
 * yet: its worker starts once the open's first frame is painted (the
 * loading state, while the host reads the file), not in the open's first
 * task, and before the page fetches the highlighter's client, so that the
 * worker's script loads and compiles while the client is on its way; and
 * none for a file the reader has left by then. A page of its own, so
 * nothing loaded the client or started the worker before.
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

  it("starts after the open's first frame, while the file is read, before the highlighter's client is fetched, and colours the file", async () => {
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
      await el.updateComplete;
      expect(host.reads.length, 'the read, asked for in the open').to.equal(1);
      expect(started, 'no worker in the open itself').to.deep.equal([]);
      await waitFor(() => started.some((s) => /highlight/.test(s.url)), "the highlighter's worker, while the file is read");
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

  it('leaves the warm-up out when the preview has moved on to another file before the frame', async () => {
    const warmed: string[] = [];
    const post = Worker.prototype.postMessage;
    Worker.prototype.postMessage = function (this: Worker, message: unknown, ...rest: [StructuredSerializeOptions?]) {
      const m = message as { type?: string; lang?: string | null } | null;
      if (m?.type === 'warm') warmed.push(String(m.lang));
      return post.call(this, message, ...rest);
    } as Worker['postMessage'];
    try {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'} path="tools/check.py"></qa-file-preview>`);
      await el.updateComplete;
      expect(host.reads.length, 'the code file is being read').to.equal(1);
      // The reader picks a Markdown document in the same moment, before a frame is painted.
      el.setAttribute('path', 'docs/notes.md');
      await el.updateComplete;
      expect(host.reads.length, 'the Markdown document is being read').to.equal(2);
      const shown = new Promise((resolve) => el.addEventListener('qa-rendered', resolve, { once: true }));
      host.reads[1]!.resolve({ content: '# Notes\n\nPlain text, no code.\n' });
      await shown;
      // Two painted frames after the document: the code file's frame has long come. (Python: a language
      // nobody warmed on this page before, so a warm-up would be posted, not skipped as done.)
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(root(el).querySelector('[part~="markdown"] h1')?.textContent, 'the document shown').to.equal('Notes');
      expect(warmed, 'no warm-up for the code file left behind').to.not.include('python');
    } finally {
      Worker.prototype.postMessage = post;
    }
  });
});
