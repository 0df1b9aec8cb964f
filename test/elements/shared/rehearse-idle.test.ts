/**
 * Panel and footer, once defined, fetch their rehearsal (a lazy chunk) and
 * rehearse only when the page is idle. A page of its own that imports
 * nothing of the kit before the test holds idle time.
 */
import { expect } from 'chai';
import { until as waitFor } from '../../wait.js';
import { fetched, holdIdle } from './page-loads.js';

const REHEARSAL = '/src/elements/shared/rehearse.ts';
const TAGS = ['qa-sources-panel', 'qa-source-footer'];

describe('the first render rehearsed in idle time', () => {
  it('fetches the rehearsal when panel and footer are defined, and rehearses both once the page is idle', async () => {
    // Elements the kit makes, by tag: the rehearsal makes one of each.
    const made: string[] = [];
    const createElement = document.createElement.bind(document);
    document.createElement = ((tag: string, options?: ElementCreationOptions) => {
      if (TAGS.includes(tag)) made.push(tag);
      return createElement(tag, options);
    }) as typeof document.createElement;
    const idle = holdIdle();
    try {
      await import('../../../src/elements/sources-panel/define.js');
      await import('../../../src/elements/source-footer/define.js');
      await waitFor(() => fetched().includes(REHEARSAL), 'the rehearsal, fetched at the definition');
      for (let i = 0; i < 3; i++) await new Promise((r) => requestAnimationFrame(r));
      expect(made, 'no rehearsal before the page is idle').to.deep.equal([]);
      expect(idle.held.length).to.be.above(1);
      idle.release();
      await waitFor(() => made.length === 2, 'both rehearsed, in idle time');
      expect([...made].sort()).to.deep.equal([...TAGS].sort());
      const { rehearse } = await import('../../../src/elements/shared/rehearse.js');
      expect(await rehearse('qa-sources-panel')).to.be.greaterThan(100);
      expect(await rehearse('qa-source-footer')).to.be.greaterThan(3);
      expect(made, 'once each').to.have.length(2);
    } finally {
      idle.restore();
      document.createElement = createElement;
    }
    expect(document.querySelector(TAGS.join(', '))).to.equal(null);
  });
});
