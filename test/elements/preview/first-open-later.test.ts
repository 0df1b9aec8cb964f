/**
 * A file opened just after the preview's idle preload began: the Markdown
 * renderer's code may arrive during the open, but its warm-up (the page's
 * parser loaded, the sanitizer set up) waits until the file is shown. A page
 * of its own, so no other test loaded those modules first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { cleanup, controlledHost, mount, nextRendered, waitFor } from './helpers.js';

// The page loads hundreds of modules (the test's own imports): room for every entry, or the later ones are dropped.
performance.setResourceTimingBufferSize(100_000);

const loaded = (path: string) => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === path);
const RENDERER = '/src/render/markdown/index.ts';
const PARSER = '/src/render/markdown/parser.ts';

describe('<qa-file-preview>: a file opened after the idle preload began', () => {
  afterEach(cleanup);

  it('keeps the Markdown warm-up for after the file is shown', async () => {
    expect(loaded(RENDERER) || loaded(PARSER)).to.equal(false);
    const host = controlledHost();
    const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'}></qa-file-preview>`);
    await el.updateComplete;
    // Idle callbacks run in the order they were asked for: once this one has run, so has the preview's preload.
    await new Promise((resolve) => requestIdleCallback(resolve));
    el.path = 'src/values.ts';
    await waitFor(() => host.reads.length === 1, 'the read');
    // The renderer's code arrives while the file is still being read: its style sheet joins the preview's.
    const sheets = el.shadowRoot!.adoptedStyleSheets.length;
    await waitFor(() => el.shadowRoot!.adoptedStyleSheets.length > sheets, 'the Markdown renderer loaded by the preload');
    expect(loaded(RENDERER)).to.equal(true);
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve));
    const shown = nextRendered(el);
    host.reads[0]!.resolve({ content: 'export const value = 1;\n' });
    await shown;
    expect(loaded(PARSER), "the page's parser, not before the file is shown").to.equal(false);
    await waitFor(() => loaded(PARSER), "the page's parser, once the file is shown");
  });
});
