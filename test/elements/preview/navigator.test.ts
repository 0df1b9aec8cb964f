/** <qa-file-preview>: the ranges navigator (Range 1 of 3, buttons, keys) and a range opened in its context. */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { axeViolations, cleanup, mountStory, nextRendered, nextRenderedAs, q, root, waitFor } from './helpers.js';

/** 1-based lines whose rows are wholly inside the raw scroller's viewport. */
function fullyVisible(el: QaFilePreview): number[] {
  const box = q(el, '.raw').getBoundingClientRect();
  return [...root(el).querySelectorAll<HTMLElement>('.ln')]
    .filter((r) => {
      const a = r.getBoundingClientRect();
      return a.top >= box.top - 0.5 && a.bottom <= box.bottom + 0.5;
    })
    .map((r) => Number(r.dataset.n))
    .sort((a, b) => a - b);
}

/** Rows cut by the scroller's top edge (partly above it, partly below). */
function cutAtTop(el: QaFilePreview): number[] {
  const top = q(el, '.raw').getBoundingClientRect().top;
  return [...root(el).querySelectorAll<HTMLElement>('.ln')]
    .filter((r) => {
      const a = r.getBoundingClientRect();
      return a.top < top - 0.5 && a.bottom > top + 0.5;
    })
    .map((r) => Number(r.dataset.n));
}

const curRows = (el: QaFilePreview) => [...root(el).querySelectorAll<HTMLElement>('.ln.cur')].map((r) => Number(r.dataset.n)).sort((a, b) => a - b);

describe('<qa-file-preview> ranges navigator', function () {
  afterEach(cleanup);

  it('shows Range 1 of 3 and steps with the buttons, F8 / Shift+F8 and Alt+↓ / Alt+↑, wrapping around', async () => {
    const el = mountStory('navigator-three-ranges');
    await nextRendered(el);
    expect(q(el, '.range-count').textContent).to.equal('Range 1 of 3');
    expect(curRows(el)).to.deep.equal([3, 4, 5, 6]);
    q(el, 'button[aria-label="Next range"]').click();
    await el.updateComplete;
    expect(q(el, '.range-count').textContent).to.equal('Range 2 of 3');
    expect(q(el, '[part="chip"]').getAttribute('aria-label')).to.equal('Referenced lines: 29–33');
    expect(curRows(el)).to.deep.equal([29, 30, 31, 32, 33]);
    q(el, '.raw').focus();
    await sendKeys({ press: 'F8' });
    await waitFor(() => q(el, '.range-count').textContent === 'Range 3 of 3', 'range 3 by F8');
    expect(fullyVisible(el)).to.include.members([46, 62]);
    await sendKeys({ press: 'F8' });
    await waitFor(() => q(el, '.range-count').textContent === 'Range 1 of 3', 'wraps to range 1');
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'F8' });
    await sendKeys({ up: 'Shift' });
    await waitFor(() => q(el, '.range-count').textContent === 'Range 3 of 3', 'Shift+F8 wraps back');
    await sendKeys({ down: 'Alt' });
    await sendKeys({ press: 'ArrowUp' });
    await waitFor(() => q(el, '.range-count').textContent === 'Range 2 of 3', 'Alt+ArrowUp');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ up: 'Alt' });
    await waitFor(() => q(el, '.range-count').textContent === 'Range 3 of 3', 'Alt+ArrowDown');
    // Focus stays where it was: the keys never move it.
    expect(root(el).activeElement).to.equal(q(el, '.raw'));
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('emphasises the current range in the numbers too, not only in the band', async () => {
    const el = mountStory('navigator-three-ranges');
    await nextRendered(el);
    const bands = [...root(el).querySelectorAll<HTMLElement>('.nums.ref')];
    const cur = bands.find((b) => b.classList.contains('cur'))!;
    const other = bands.find((b) => !b.classList.contains('cur'))!;
    expect(cur.dataset.lines!.split('\n')[0]).to.equal('3');
    expect(getComputedStyle(cur).fontWeight).to.not.equal(getComputedStyle(other).fontWeight);
    expect(getComputedStyle(cur).color).to.not.equal(getComputedStyle(other).color);
    const row = (n: number) => getComputedStyle(q(el, `.ln[data-n="${n}"]`)).backgroundColor;
    expect(row(4)).to.not.equal(row(30));
  });

  it('opens a range whole with 3–5 lines of context above, the top line never cut', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    await waitFor(() => fullyVisible(el).length > 10, 'rows laid out');
    const shown = fullyVisible(el);
    expect(shown, 'whole range 46–62').to.include.members([46, 62]);
    expect(shown[0]).to.be.within(46 - 5, 46 - 3);
    const r41 = q(el, '.ln[data-n="41"]').getBoundingClientRect();
    expect(cutAtTop(el), `scrollTop ${q(el, '.raw').scrollTop} top ${q(el, '.raw').getBoundingClientRect().top} row41 ${r41.top}-${r41.bottom}`).to.deep.equal(
      [],
    );
  });

  it('opens a range taller than the view at its start with context', async () => {
    const el = mountStory('big-code');
    await nextRendered(el);
    el.ranges = [{ lineStart: 1_000, lineEnd: 1_200 }];
    await el.updateComplete;
    await waitFor(() => fullyVisible(el).includes(1_000), 'line 1000 in view');
    expect(fullyVisible(el)[0]).to.be.within(1_000 - 5, 1_000 - 3);
    expect(cutAtTop(el)).to.deep.equal([]);
  });

  for (const locale of ['en', 'ru']) {
    it(`Rendered (${locale}): the current range's blocks with the heading above them whole, nothing cut at the top edge`, async () => {
      const el = mountStory('navigator-rendered', locale);
      await nextRenderedAs(el, 'rendered');
      const scroller = q(el, '.md-scroll');
      for (let i = 0; i < 3; i += 1) {
        if (i) {
          q(el, 'button[aria-label]:is([aria-keyshortcuts^="F8"])').click();
          await el.updateComplete;
        }
        const marked = () => [...root(el).querySelectorAll<HTMLElement>('[part="markdown"] [data-qa-current]')];
        // The current range is marked once its blocks are in the page: wait for that, not for a time.
        await waitFor(() => marked().length > 0, `range ${i + 1} has blocks`);
        const current = marked();
        const box = scroller.getBoundingClientRect();
        const top = box.top;
        expect(current[0]!.getBoundingClientRect().top).to.be.at.least(top - 0.5);
        // No block of the document is cut by the top edge (a heading's lower half, a callout's last border).
        const cut = [...root(el).querySelectorAll<HTMLElement>('[part="markdown"] [data-qa-line]')].filter((b) => {
          const r = b.getBoundingClientRect();
          return r.height > 0 && r.top < top - 0.5 && r.bottom > top + 0.5 && !b.contains(current[0]!);
        });
        expect(
          cut.map((b) => `${b.localName} ${b.dataset.qaLine}`),
          `range ${i + 1}: blocks cut at the top (scrollTop ${scroller.scrollTop} of ${scroller.scrollHeight - scroller.clientHeight}, first ${current[0]!.localName} ${current[0]!.dataset.qaLine})`,
        ).to.deep.equal([]);
      }
      expect(await axeViolations(el, { authoredDocument: true })).to.deep.equal([]);
    });
  }
});
