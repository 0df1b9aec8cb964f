/**
 * A preview loads the raw view, which a code file needs first, as soon as
 * it is connected; the rest of its lazy code waits for idle time. Idle time
 * is held off here (the page's idle callbacks are kept until the test lets
 * them run), so only what loads at connection can load. A page of its own,
 * so nothing else loaded those modules first.
 */
import { expect } from 'chai';
import { html } from 'lit';
import '../../../src/elements/file-preview/define.js';
import { cleanup, mount, waitFor } from './helpers.js';

performance.setResourceTimingBufferSize(100_000);

const RAW_VIEW = '/src/elements/file-preview/raw-view.ts';
const IDLE_ONLY = ['/src/elements/file-preview/find-bar.ts', '/src/render/markdown/index.ts'];
const fetched = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);

describe('<qa-file-preview>: the raw view loads with the preview', () => {
  afterEach(cleanup);

  it('loads the raw view at connection, before the page is idle, and the rest once it is', async () => {
    const held: IdleRequestCallback[] = [];
    const realIdle = window.requestIdleCallback;
    window.requestIdleCallback = (cb: IdleRequestCallback) => held.push(cb);
    try {
      expect(fetched()).to.not.include(RAW_VIEW);
      const el = mount(html`<qa-file-preview></qa-file-preview>`);
      await el.updateComplete;
      await waitFor(() => fetched().includes(RAW_VIEW), 'the raw view, with no idle moment yet');
      expect(held.length, 'the idle preload is waiting').to.be.above(0);
      expect(
        IDLE_ONLY.filter((p) => fetched().includes(p)),
        'nothing of the idle preload yet',
      ).to.deep.equal([]);
      // Idle time comes: the rest loads.
      window.requestIdleCallback = realIdle;
      const deadline = { didTimeout: false, timeRemaining: () => 50 };
      for (const cb of held.splice(0)) cb(deadline);
      await waitFor(
        () => IDLE_ONLY.every((p) => fetched().includes(p)),
        `the idle preload (fetched: ${IDLE_ONLY.filter((p) => fetched().includes(p)).join(', ')})`,
      );
    } finally {
      window.requestIdleCallback = realIdle;
    }
  });
});
