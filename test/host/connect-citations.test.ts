// connectCitations (src/host/connect-citations.ts): the answer's chips are
// linked from the store's payload, panel and footer get the numbering (also
// after the answer streams on), `stop.links` is the live linkCitations
// result, and stop() ends it all.
import { expect } from 'chai';
import { connectCitations, type QaCitedLike } from '../../src/citations.js';
import { createSourcesStore } from '../../src/host/store.js';
import { referencePayload } from '../../stories/fixtures/payloads.js';
import { until } from '../wait.js';

const DOC = 'file:docs/User_Guide/EAM/Diagnostics/technicalDiagnosis.md';
const JIRA = 'jira:MDC-24929';

function target(): QaCitedLike {
  return Object.assign(document.createElement('div'), { citations: null, highlightedSource: null }) as unknown as QaCitedLike;
}

describe('connectCitations', () => {
  it('numbers the answer from the store, shares the numbering, follows the stream, and stops', async () => {
    const store = createSourcesStore();
    store.apply({ type: 'qa/sources', seq: 1, data: referencePayload });
    const answer = document.createElement('div');
    answer.innerHTML = `<p>First [[source:${DOC}]].</p>`;
    document.body.append(answer);
    const [panel, footer] = [target(), target()];
    try {
      const stop = connectCitations({ answer, panel, footer, store, sessionId: referencePayload.sessionId, complete: true });
      expect([...stop.links.index.numbers]).to.deep.equal([[DOC, 1]]);
      expect(panel.citations).to.equal(stop.links.index);
      expect(footer.citations).to.equal(stop.links.index);

      // The answer streams on: the new marker is linked and the numbering shared again.
      answer.insertAdjacentHTML('beforeend', `<p>Then [[source:${JIRA}]].</p>`);
      await until(() => stop.links.index.numbers.has(JIRA), 'the streamed marker to be numbered');
      expect([...stop.links.index.numbers]).to.deep.equal([
        [DOC, 1],
        [JIRA, 2],
      ]);
      expect(panel.citations).to.equal(stop.links.index);

      stop();
      const before = stop.links.index;
      answer.insertAdjacentHTML('beforeend', `<p>Late [[source:${DOC}#L1-L2]].</p>`);
      // A task later every microtask (the observer's, the pass it would queue) has run.
      await new Promise((r) => setTimeout(r, 0));
      expect(stop.links.index, 'no longer observed').to.equal(before);
    } finally {
      answer.remove();
    }
  });
});
