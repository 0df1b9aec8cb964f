/**
 * A file opened with the page that cannot be read: the idle preload that
 * waited for it goes ahead once the error is shown. A page of its own, so no
 * other test loaded the Markdown renderer first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { QaHostError } from '../../../src/host/types.js';
import { cleanup, controlledHost, mount, status, waitFor } from './helpers.js';

// The page loads hundreds of modules (the test's own imports): room for every entry, or the later ones are dropped.
performance.setResourceTimingBufferSize(100_000);

const RENDERER = '/src/render/markdown/index.ts';
const rendererLoaded = () => performance.getEntriesByType('resource').some((e) => new URL(e.name).pathname === RENDERER);

describe('<qa-file-preview>: a file opened with the page fails', () => {
  afterEach(cleanup);

  it('loads the rest of its code once the error is shown', async () => {
    expect(rendererLoaded()).to.equal(false);
    const host = controlledHost();
    const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'} path="src/gone.ts"></qa-file-preview>`);
    await waitFor(() => host.reads.length === 1, 'the read');
    for (let i = 0; i < 2; i++) await new Promise((resolve) => requestIdleCallback(resolve));
    expect(rendererLoaded(), 'not while the file is read').to.equal(false);
    host.reads[0]!.reject(new QaHostError('not-found'));
    await waitFor(() => status(el) === 'error', 'the error shown');
    await waitFor(rendererLoaded, 'the Markdown renderer, after the error');
  });
});
