/** <qa-file-preview>: go to line (Ctrl/Cmd+G, `:123` in the find bar, goToLine()), in Raw and Rendered. */
import { expect } from 'chai';
import { emulateMedia, sendKeys } from '@web/test-runner-commands';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import type { QaRangeSelectEvent } from '../../../src/events.js';
import { axeViolations, cleanup, deepActive, mountStory, nextRendered, nextRenderedAs, press, q, root, waitFor } from './helpers.js';

const status = (el: QaFilePreview) => root(el).querySelector('.find-status')?.textContent?.trim() ?? '';

/** True when `inner` lies wholly inside the visible box of `outer`. */
function inView(inner: Element, outer: Element): boolean {
  const a = inner.getBoundingClientRect();
  const b = outer.getBoundingClientRect();
  return a.top >= b.top - 0.5 && a.bottom <= b.bottom + 0.5;
}

describe('<qa-file-preview> go to line', function () {
  // With reduced motion the flash has no animation, so its state stays until the next go-to: the tests read the state, never a time.
  before(() => emulateMedia({ reducedMotion: 'reduce' }));
  after(() => emulateMedia({ reducedMotion: 'no-preference' }));
  afterEach(() => cleanup());

  it('Ctrl+G opens the bar at `:`, says where Enter goes, and Enter scrolls to the line, selects and flashes it', async () => {
    const el = mountStory('big-code');
    await nextRendered(el);
    const raw = q(el, '.raw');
    raw.focus();
    const seen: QaRangeSelectEvent[] = [];
    el.addEventListener('qa-range-select', (e) => seen.push(e));
    await press('Control+g');
    const input = await waitFor(() => root(el).querySelector<HTMLInputElement>('.find-input'), 'find field');
    await waitFor(() => deepActive() === input, 'focus in the field');
    expect(input.value).to.equal(':');
    await sendKeys({ type: '45000' });
    await waitFor(() => status(el) === 'Go to line 45,000 of 50,000', `hint (now ${status(el)})`);
    expect(await axeViolations(el)).to.deep.equal([]);
    await sendKeys({ press: 'Enter' });
    await waitFor(() => !root(el).querySelector('.find-bar'), 'bar closed');
    const row = await waitFor(() => root(el).querySelector<HTMLElement>('.ln[data-n="45000"]'), 'row 45,000');
    expect(inView(row, raw)).to.equal(true);
    expect(row.classList.contains('sel')).to.equal(true);
    expect(row.classList.contains('flash')).to.equal(true);
    expect(seen.map((e) => [e.detail.lineStart, e.detail.lineEnd])).to.deep.equal([[45_000, 45_000]]);
    // The selection bar offers Copy lines / Copy link for it; focus is in the view, for Shift+↑/↓.
    expect(q(el, '.selection-label').textContent?.trim()).to.match(/^Lines 45,?000$/);
    await waitFor(() => deepActive() === raw, 'focus in the raw view');
    expect(await axeViolations(el)).to.deep.equal([]);
    // The flash is one animation: when it ends, the state ends (its end is sent here, not waited for).
    row.dispatchEvent(new AnimationEvent('animationend', { bubbles: true, animationName: 'qa-flash' }));
    expect(row.classList.contains('flash')).to.equal(false);
  });

  it('`:123` typed after Ctrl+F goes to the line too; a line past the end goes to the last line', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    q(el, '.raw').focus();
    await press('Control+f');
    const input = await waitFor(() => root(el).querySelector<HTMLInputElement>('.find-input'), 'find field');
    await waitFor(() => deepActive() === input, 'focus');
    await sendKeys({ type: ':5' });
    await sendKeys({ press: 'Enter' });
    const row5 = await waitFor(() => root(el).querySelector<HTMLElement>('.ln[data-n="5"].sel'), 'line 5 selected');
    expect(inView(row5, q(el, '.raw'))).to.equal(true);
    const last = Number(q(el, '.raw').dataset.lines);
    el.goToLine(99_999);
    const lastRow = await waitFor(() => root(el).querySelector<HTMLElement>(`.ln[data-n="${last}"].sel`), 'last line selected');
    expect(inView(lastRow, q(el, '.raw'))).to.equal(true);
    expect(root(el).querySelectorAll('.ln.sel').length).to.equal(1);
  });

  it('Escape in the field closes the bar without going anywhere and gives focus back', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    const raw = q(el, '.raw');
    raw.focus();
    const top = raw.scrollTop;
    await press('Control+g');
    await waitFor(() => deepActive() === root(el).querySelector('.find-input'), 'focus');
    await sendKeys({ type: '2' });
    await sendKeys({ press: 'Escape' });
    await waitFor(() => !root(el).querySelector('.find-bar'), 'closed');
    await waitFor(() => deepActive() === raw, 'focus back');
    expect(raw.scrollTop).to.equal(top);
    expect(root(el).querySelector('.ln.sel')).to.equal(null);
  });

  it('Rendered: scrolls to the block holding the line and flashes it (story go-to-line opens Raw at 40,000)', async () => {
    const el = mountStory('markdown-rendered');
    await nextRenderedAs(el, 'rendered');
    const scroller = q(el, '.md-scroll');
    scroller.focus();
    await press('Control+g');
    await waitFor(() => deepActive() === root(el).querySelector('.find-input'), 'focus');
    // Line 33 is inside the fenced code block of the guide.
    await sendKeys({ type: '33' });
    await sendKeys({ press: 'Enter' });
    const block = await waitFor(() => root(el).querySelector<HTMLElement>('[data-qa-flash]'), 'flashed block');
    const [a, b] = block.dataset.qaLine!.split('-').map(Number);
    expect(a! <= 33 && 33 <= b!, `block ${a}-${b}`).to.equal(true);
    expect(block.querySelector('code') ?? block.closest('pre')).to.not.equal(null);
    expect(inView(block, scroller) || block.getBoundingClientRect().top >= scroller.getBoundingClientRect().top).to.equal(true);
    await waitFor(() => deepActive() === scroller, 'focus in the document');
    expect(await axeViolations(el, { authoredDocument: true })).to.deep.equal([]);

    const story = mountStory('go-to-line');
    await nextRendered(story);
    const row = await waitFor(() => root(story).querySelector<HTMLElement>('.ln[data-n="40000"].sel'), 'story at line 40,000');
    expect(inView(row, q(story, '.raw'))).to.equal(true);
  });
});
