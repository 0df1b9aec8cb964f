/**
 * A code file opened on a page whose highlighter is still starting: the
 * preview's idle preload (the Markdown renderer and its warm-up, find, the
 * highlighter's client) waits for the file's first colours, not only for the
 * file to be shown. On a cold page the page's thread is what those colours
 * wait for, and the Markdown warm-up takes 10–20 ms of it. The worker is held
 * back here (the page's messages to it wait until the test lets them
 * through) and the page's idle callbacks are kept from before the preview
 * is made. A page of its own, so no other test started the highlighter.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { cleanup, controlledHost, mount, nextRendered, root, waitFor } from './helpers.js';
import { noteWorkerNeeds } from '../../worker-needs.js';
import { holdIdle } from '../shared/page-loads.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';

const coloured = (el: QaFilePreview) => root(el).querySelectorAll('[part~="raw"] [data-n] [class*="qa-tk-"]').length > 0;

describe('<qa-file-preview>: the idle preload after a code file is opened', () => {
  afterEach(cleanup);

  it('waits for the first colours, then asks for idle time', async () => {
    const workers = noteWorkerNeeds({ hold: true });
    const idle = holdIdle();
    try {
      const host = controlledHost();
      const el = mount(html`<qa-file-preview .host=${host} .sessionId=${'s'} path="src/values.ts"></qa-file-preview>`);
      await waitFor(() => host.reads.length === 1, 'the read');
      const asked = idle.held.length;
      const shown = nextRendered(el);
      host.reads[0]!.resolve({ content: 'export const answer: number = 42;\n'.repeat(30) });
      await shown;
      expect(coloured(el), 'the worker has heard nothing: no colours yet').to.equal(false);
      expect(idle.held.length, 'no preload asked for while the colours are on their way').to.equal(asked);

      workers.release();
      await waitFor(() => coloured(el), 'the file in colour');
      await waitFor(() => idle.held.length > asked, 'the preload, once the colours are in');
    } finally {
      idle.release();
      workers.restore();
    }
  });
});
