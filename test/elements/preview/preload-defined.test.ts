/**
 * A page that defines the preview loads its raw view once the page is idle,
 * before any preview is made, so that a preview made when a reader picks a
 * file opens it without fetching the view first. Nothing else of the
 * preview's lazy code loads before a preview is connected. A page of its
 * own that imports nothing of the kit before the test holds idle time.
 */
import { expect } from 'chai';
import { until as waitFor } from '../../wait.js';
import { fetched, holdIdle } from '../shared/page-loads.js';

const RAW_VIEW = '/src/elements/file-preview/raw-view.ts';
const PREVIEW_ONLY = ['/src/elements/file-preview/find-bar.ts', '/src/render/markdown/index.ts', '/src/render/highlight/client.ts'];

describe('<qa-file-preview> defined, none on the page', () => {
  it('loads the raw view in idle time after the definition, and nothing else', async () => {
    const idle = holdIdle();
    try {
      await import('../../../src/elements/file-preview/define.js');
      // Not at the definition itself: a page that is still starting keeps its network and its thread.
      // (A load started there would show within a frame or two; this one waits for the idle callback.)
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
      expect(fetched()).to.not.include(RAW_VIEW);
      expect(idle.held.length).to.be.above(0);
    } finally {
      idle.release();
    }
    await waitFor(() => fetched().includes(RAW_VIEW), 'the raw view, in idle time');
    expect(document.querySelector('qa-file-preview')).to.equal(null);
    expect(PREVIEW_ONLY.filter((p) => fetched().includes(p))).to.deep.equal([]);
  });
});
