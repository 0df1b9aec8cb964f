/**
 * A preview loads the raw view, which a code file needs first, as soon as
 * it is connected; the rest of its lazy code waits for idle time. Idle time
 * is held off here (the page's idle callbacks are kept until the test lets
 * them run, from before the element is defined), so only what loads at
 * connection can load. A page of its own that imports nothing of the kit
 * before the test holds idle time, so nothing else loaded those modules first.
 */
import { expect } from 'chai';
import { until as waitFor } from '../../wait.js';

performance.setResourceTimingBufferSize(100_000);

const RAW_VIEW = '/src/elements/file-preview/raw-view.ts';
const IDLE_ONLY = ['/src/elements/file-preview/find-bar.ts', '/src/render/markdown/index.ts'];
const fetched = () => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);

describe('<qa-file-preview>: the raw view loads with the preview', () => {
  it('loads the raw view at connection, before the page is idle, and the rest once it is', async () => {
    const held: IdleRequestCallback[] = [];
    const realIdle = window.requestIdleCallback;
    window.requestIdleCallback = (cb: IdleRequestCallback) => held.push(cb);
    try {
      await import('../../../src/elements/file-preview/define.js');
      expect(held.length, 'the definition waits for idle time').to.be.above(0);
      expect(fetched()).to.not.include(RAW_VIEW);
      const el = document.createElement('qa-file-preview');
      document.body.append(el);
      await el.updateComplete;
      await waitFor(() => fetched().includes(RAW_VIEW), 'the raw view, with no idle moment yet');
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
      el.remove();
    } finally {
      window.requestIdleCallback = realIdle;
    }
  });
});
