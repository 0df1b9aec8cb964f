/**
 * A preview on the page loads its lazy code (the Markdown renderer, the
 * page's copy of the parser, the raw view, find) once the page is idle, before any
 * file is opened; it starts no worker for that. A page of its own, so
 * nothing else loaded those modules first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { cleanup, mount, waitFor } from './helpers.js';

const LAZY = [
  '/src/render/markdown/index.ts',
  '/src/render/markdown/parser.ts',
  '/src/elements/file-preview/raw-view.ts',
  '/src/elements/file-preview/find-bar.ts',
];

function loaded(): string[] {
  const urls = performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);
  return LAZY.filter((path) => urls.includes(path));
}

describe('<qa-file-preview>: its lazy code loads in idle time', () => {
  afterEach(cleanup);

  it('loads the renderer, the parser, the raw view and find with no file open, and starts no worker', async () => {
    const workers: string[] = [];
    const RealWorker = window.Worker;
    window.Worker = class extends RealWorker {
      constructor(url: string | URL, options?: WorkerOptions) {
        super(url, options);
        workers.push(String(url));
      }
    };
    try {
      expect(loaded()).to.deep.equal([]);
      const el = mount(html`<qa-file-preview></qa-file-preview>`);
      await el.updateComplete;
      await waitFor(() => loaded().length === LAZY.length, `the lazy modules (loaded: ${loaded().join(', ')})`);
      expect(el.path ?? null).to.equal(null);
      expect(workers).to.deep.equal([]);
    } finally {
      window.Worker = RealWorker;
    }
  });
});
