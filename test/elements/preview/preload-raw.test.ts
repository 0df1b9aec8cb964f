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
import { fetched, holdIdle } from '../shared/page-loads.js';

const RAW_VIEW = '/src/elements/file-preview/raw-view.ts';
const IDLE_ONLY = ['/src/elements/file-preview/find-bar.ts', '/src/render/markdown/index.ts'];

describe('<qa-file-preview>: the raw view loads with the preview', () => {
  it('loads the raw view at connection, before the page is idle, and the rest once it is', async () => {
    const idle = holdIdle();
    try {
      await import('../../../src/elements/file-preview/define.js');
      expect(idle.held.length, 'the definition waits for idle time').to.be.above(0);
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
      idle.release();
      await waitFor(
        () => IDLE_ONLY.every((p) => fetched().includes(p)),
        `the idle preload (fetched: ${IDLE_ONLY.filter((p) => fetched().includes(p)).join(', ')})`,
      );
      el.remove();
    } finally {
      idle.restore();
    }
  });
});
