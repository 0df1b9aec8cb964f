/**
 * Panel and footer, once defined, load their rehearsal (a lazy chunk) when
 * the page is idle, not at the definition, and rehearse there. A page of
 * its own that imports nothing of the kit before the test holds idle time.
 */
import { expect } from 'chai';
import { until as waitFor } from '../../wait.js';
import { fetched, holdIdle } from './page-loads.js';

const REHEARSAL = '/src/elements/shared/rehearse.ts';

describe('the first render rehearsed in idle time', () => {
  it('loads the rehearsal once the page is idle after panel and footer are defined, and rehearses both', async () => {
    const idle = holdIdle();
    try {
      await import('../../../src/elements/sources-panel/define.js');
      await import('../../../src/elements/source-footer/define.js');
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
      expect(fetched()).to.not.include(REHEARSAL);
      expect(idle.held.length).to.be.above(1);
    } finally {
      idle.release();
    }
    await waitFor(() => fetched().includes(REHEARSAL), 'the rehearsal, in idle time');
    const { rehearse } = await import('../../../src/elements/shared/rehearse.js');
    expect(await rehearse('qa-sources-panel')).to.be.greaterThan(100);
    expect(await rehearse('qa-source-footer')).to.be.greaterThan(3);
    expect(document.querySelector('qa-sources-panel, qa-source-footer')).to.equal(null);
  });
});
