// Long tables: past their first rows, the rest waits behind "Show all N
// rows"; the pieces that arrive once rows are held back stay markup until
// the reader asks, and are then sanitized, decorated and marked like the
// rows shown at once.
import { expect } from 'chai';
import { renderMarkdown } from '../../../src/render/markdown/index.js';
import { setWorkerParsing } from '../../../src/render/markdown/chunks.js';
import { ID_PREFIX, mount, waitFor } from './fixture.js';

for (const mode of ['worker', 'main thread'] as const) {
  describe(`Markdown rendering: long tables (${mode})`, function () {
    before(() => setWorkerParsing(mode === 'worker' ? 'always' : false));
    after(() => setWorkerParsing(true));

    it('keeps the later rows of a long table aside until shown, then sanitizes, decorates and marks them like the first ones', async () => {
      const m = mount();
      const hostile = 2_000;
      const rows = Array.from({ length: 3_000 }, (_, i) =>
        i === hostile ? `| ${i} | <img src="x" onerror="window.__qaHeld = 1"> [l](https://example.com/${i}) |` : `| ${i} | r${i} |`,
      ).join('\n');
      // The table starts on line 1; body row i is on line i + 3.
      const r = await renderMarkdown(m.container, `| a | b |\n|---|---|\n${rows}\n\nAfter.\n`, {
        path: 'a.md',
        idPrefix: ID_PREFIX,
        ranges: [{ lineStart: hostile + 3, lineEnd: hostile + 3 }],
      });
      // The table itself spans the cited line (so it is marked); the row is not in the page yet.
      expect(r.marked).to.equal(1);
      expect(m.container.querySelector('img')).to.equal(null);
      const table = m.container.querySelector('table')!;
      expect(table.tBodies[0]!.rows).to.have.length(1_000);
      const button = m.container.querySelector<HTMLButtonElement>('button.qa-show-rows')!;
      expect(button.textContent).to.equal('Show all 3,000 rows');
      expect(m.container.lastElementChild!.lastElementChild!.textContent).to.equal('After.');
      button.click();
      await waitFor(() => !button.isConnected);
      const body = Array.from(table.tBodies[0]!.rows);
      expect(body).to.have.length(3_000);
      expect(body.every((tr, i) => tr.cells[0]!.textContent === String(i))).to.equal(true);
      const row = body[hostile]!;
      expect(row.querySelector('[onerror]'), 'handler attribute removed').to.equal(null);
      expect(row.querySelector('a')?.getAttribute('data-qa-link')).to.equal('external');
      expect(row.hasAttribute('data-qa-marked'), 'the cited row is marked').to.equal(true);
      expect(body[hostile - 1]!.hasAttribute('data-qa-marked')).to.equal(false);
      expect((window as { __qaHeld?: number }).__qaHeld).to.equal(undefined);
      m.remove();
    });
  });
}
