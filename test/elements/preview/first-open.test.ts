/**
 * A file opened as soon as the preview is on the page (the page's first
 * idle moment comes during the open): the file comes first. The idle
 * preload of code this file does not need (the Markdown renderer and its
 * parser) waits until the file is shown, and the grammar is evaluated on
 * the page once the file is shown or the worker asks for it, not with the
 * file's first screen. A page of its own, so no other test loaded those modules or
 * started the highlighter first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { cleanup, controlledHost, mount, nextRendered, root, waitFor } from './helpers.js';

// The page loads hundreds of modules (the test's own imports): room for every entry, or the later ones are dropped.
performance.setResourceTimingBufferSize(100_000);

const MARKDOWN = ['/src/render/markdown/index.ts', '/src/render/markdown/parser.ts'];

const paths = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
const markdownLoaded = () => MARKDOWN.filter((p) => paths().includes(p));
/** When the page started fetching the TypeScript grammar (resource timing), or null. */
const grammarFetchedAt = () =>
  performance.getEntriesByType('resource').find((e) => /@shikijs\/langs[^/]*\/dist\/typescript\.mjs$/.test(new URL(e.name).pathname))?.startTime ?? null;

describe('<qa-file-preview>: a file opened with the page', () => {
  afterEach(cleanup);

  it('is shown before the idle preload, and its grammar is loaded once it is shown or the worker asks for it', async () => {
    /** When the highlighter's worker asked the page for each grammar. */
    const asked = new Map<string, number>();
    const RealWorker = window.Worker;
    // Observed, not replaced: the workers are real.
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        this.addEventListener('message', (e: MessageEvent<{ type?: string; lang?: string | null }>) => {
          if (e.data?.type === 'need' && e.data.lang && !asked.has(e.data.lang)) asked.set(e.data.lang, performance.now());
        });
      }
    };
    try {
      expect(markdownLoaded()).to.deep.equal([]);
      expect(grammarFetchedAt()).to.equal(null);
      const lines = Array.from({ length: 40 }, (_, i) => `export const value${i}: number = ${i}; // line ${i + 1}`);
      const host = controlledHost();
      // Connected and given its file in one task: the page has had no idle moment before the open.
      const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'} path="src/values.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'the read');
      // Idle moments while the file is read (idle callbacks run in the order they were asked for: the preview's first).
      for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve));
      expect(markdownLoaded(), 'nothing of the Markdown renderer while the file is read').to.deep.equal([]);
      const shown = nextRendered(el);
      host.reads[0]!.resolve({ content: `${lines.join('\n')}\n` });
      // When the preview said the file is shown (the event's creation time, before any listener ran).
      const shownAt = (await shown).timeStamp;
      expect(markdownLoaded(), 'nor until the file is shown').to.deep.equal([]);

      const coloured = () => root(el).querySelectorAll('[part~="raw"] [data-n] [class*="qa-tk-"]').length > 0;
      await waitFor(coloured, 'the file in colour');
      const fetched = grammarFetchedAt();
      expect(asked.has('typescript'), 'the worker asked for the TypeScript grammar').to.equal(true);
      expect(fetched, 'the page fetched the grammar').to.be.a('number');
      expect(fetched!, 'fetched once the file was shown or the worker asked for it').to.be.at.least(Math.min(asked.get('typescript')!, shownAt));

      // Once the file is shown, the rest of the preview's code loads in idle time as before.
      await waitFor(() => markdownLoaded().length === MARKDOWN.length, `the Markdown renderer after the file (loaded: ${markdownLoaded().join(', ')})`);
    } finally {
      window.Worker = RealWorker;
    }
  });
});
