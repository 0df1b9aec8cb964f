/** <qa-file-preview>: lines selected from the keyboard (Shift+↑/↓, Shift+PageDown), a #L10-L20 link in Rendered, and the overview ruler. */
import { expect } from 'chai';
import { sendKeys } from '@web/test-runner-commands';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import type { QaRangeSelectEvent } from '../../../src/events.js';
import { createMemoryHost } from '../../../src/host/memory.js';
import { renderPreview } from '../../../stories/preview.stories.js';
import { generatedCode } from '../../../stories/fixtures/preview-files.js';
import { axeViolations, cleanup, mount, mountStory, nextRendered, nextRenderedAs, press, q, root, waitFor } from './helpers.js';

const selectedRows = (el: QaFilePreview) => [...root(el).querySelectorAll<HTMLElement>('.ln.sel')].map((r) => Number(r.dataset.n)).sort((a, b) => a - b);

describe('<qa-file-preview> keyboard line selection', function () {
  afterEach(() => {
    cleanup();
    history.replaceState(null, '', location.pathname + location.search);
  });

  it('Shift+↓ from the focused view selects the top line, more Shift+↓ / Shift+↑ move its end; Escape clears', async () => {
    const el = mountStory('code-plain');
    await nextRendered(el);
    const raw = q(el, '.raw');
    raw.scrollTop = 0;
    await waitFor(() => root(el).querySelector('.ln[data-n="1"]'), 'row 1');
    raw.focus();
    const seen: QaRangeSelectEvent[] = [];
    el.addEventListener('qa-range-select', (e) => seen.push(e));
    await press('Shift+ArrowDown');
    expect(selectedRows(el)).to.deep.equal([1]);
    await press('Shift+ArrowDown');
    await press('Shift+ArrowDown');
    expect(selectedRows(el)).to.deep.equal([1, 2, 3]);
    await press('Shift+ArrowUp');
    expect(selectedRows(el)).to.deep.equal([1, 2]);
    expect(seen.map((e) => `${e.detail.lineStart}-${e.detail.lineEnd}`)).to.deep.equal(['1-1', '1-2', '1-3', '1-2']);
    await el.updateComplete;
    expect(q(el, '.selection-label').textContent?.trim()).to.equal('Lines 1–2');
    expect(await axeViolations(el)).to.deep.equal([]);
    // The view did not scroll as a plain Shift+Arrow would (nothing to scroll by keys here).
    expect(raw.scrollTop).to.equal(0);
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(selectedRows(el)).to.deep.equal([]);
    expect(root(el).querySelector('.selection-bar')).to.equal(null);
  });

  it('extends from a go-to-line result and keeps the moving end in view (Shift+PageDown)', async () => {
    const path = 'generated/steps.ts';
    const el = mount(renderPreview({ path, host: createMemoryHost({ [path]: generatedCode(32_000) }) }, { locale: 'en', debug: false }));
    await nextRendered(el);
    el.goToLine(30_000);
    await waitFor(() => root(el).querySelector('.ln[data-n="30000"].sel'), 'line 30,000 selected');
    const raw = q(el, '.raw');
    await press('Shift+ArrowUp');
    await press('Shift+ArrowUp');
    expect(selectedRows(el)).to.deep.equal([29_998, 29_999, 30_000]);
    await press('Shift+ArrowDown');
    await press('Shift+ArrowDown');
    await press('Shift+ArrowDown');
    expect(selectedRows(el)).to.deep.equal([30_000, 30_001]);
    await press('Shift+PageDown');
    await press('Shift+PageDown');
    const end = Math.max(...selectedRows(el));
    expect(end).to.be.greaterThan(30_030);
    const row = q(el, `.ln[data-n="${end}"]`).getBoundingClientRect();
    const box = raw.getBoundingClientRect();
    expect(row.top >= box.top && row.bottom <= box.bottom + 0.5, 'moving end in view').to.equal(true);
    // Copy lines copies what the keys selected.
    let copied = '';
    const grab = (e: ClipboardEvent) => (copied = e.clipboardData?.getData('text/plain') ?? '');
    window.addEventListener('copy', grab);
    [...root(el).querySelectorAll<HTMLButtonElement>('.selection-bar button')].find((b) => b.textContent?.includes('Copy lines'))!.click();
    window.removeEventListener('copy', grab);
    expect(copied.split('\n').length).to.equal(end - 30_000 + 1);
  });

  it('a #L27-L30 link opened in Rendered marks and shows the blocks holding those lines', async () => {
    history.replaceState(null, '', `${location.pathname}${location.search}#L27-L30`);
    const el = mountStory('markdown-rendered');
    await nextRenderedAs(el, 'rendered');
    const marked = await waitFor(() => {
      const all = [...root(el).querySelectorAll<HTMLElement>('[data-qa-selected]')];
      return all.length ? all : null;
    }, 'marked blocks');
    for (const b of marked) {
      const [a, z] = b.dataset.qaLine!.split('-').map(Number);
      expect(a! <= 30 && z! >= 27, `block ${a}-${z}`).to.equal(true);
    }
    // The first of them is in view.
    const box = q(el, '.md-scroll').getBoundingClientRect();
    const first = marked[0]!.getBoundingClientRect();
    expect(first.top >= box.top - 0.5 && first.top < box.bottom).to.equal(true);
    expect(await axeViolations(el, { authoredDocument: true })).to.deep.equal([]);
  });
});

describe('<qa-file-preview> overview ruler', function () {
  afterEach(() => cleanup());

  it('marks every cited range where it lies in the file, the current one apart, and a click scrolls there', async () => {
    const el = mountStory('navigator-three-ranges');
    await nextRendered(el);
    const ruler = q(el, '.raw-ruler');
    await waitFor(() => ruler.querySelectorAll('.mark.range').length === 3, 'three range marks');
    expect(ruler.querySelectorAll('.mark.range.cur').length).to.equal(1);
    expect(ruler.getAttribute('aria-hidden')).to.equal('true');
    const lines = Number(q(el, '.raw').dataset.lines);
    const tops = [...ruler.querySelectorAll<HTMLElement>('.mark.range')].map((m) => parseFloat(m.style.top));
    expect(tops).to.deep.equal([3, 29, 46].map((l) => Number((((l - 1) / lines) * 100).toFixed(3))));
    // Beside the scroll track, over the raw view's inline end.
    const r = ruler.getBoundingClientRect();
    const raw = q(el, '.raw').getBoundingClientRect();
    expect(r.right).to.be.at.most(raw.right + 0.5);
    expect(r.right).to.be.greaterThan(raw.right - 30);
    // A click near the bottom of the strip scrolls to the end of the file.
    const raw0 = q(el, '.raw').scrollTop;
    ruler.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, button: 0, clientX: r.left + 4, clientY: r.bottom - 2 }));
    await waitFor(() => root(el).querySelector(`.ln[data-n="${lines}"]`), 'the last line shown');
    expect(q(el, '.raw').scrollTop).to.not.equal(raw0);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('shows the find matches of the whole file and the current one (story find-many)', async () => {
    const el = mountStory('find-many');
    await nextRendered(el);
    const ruler = q(el, '.raw-ruler');
    await waitFor(() => /^\d+ of [\d,]+$/.test(root(el).querySelector('.find-status')?.textContent?.trim() ?? ''), 'all counted');
    await waitFor(() => ruler.querySelector('.mark.match.cur') && ruler.querySelectorAll('.mark.match').length > 1, 'match marks');
    // Matches all over the file: marks from the top to the bottom of the strip.
    const strip = ruler.getBoundingClientRect();
    const boxes = [...ruler.querySelectorAll<HTMLElement>('.mark.match:not(.cur)')].map((m) => m.getBoundingClientRect());
    expect(Math.min(...boxes.map((b) => b.top)) - strip.top).to.be.lessThan(strip.height * 0.05);
    expect(strip.bottom - Math.max(...boxes.map((b) => b.bottom))).to.be.lessThan(strip.height * 0.05);
    // The current match (near the range at line 40,000) sits about 80% down the strip.
    const cur = ruler.querySelector<HTMLElement>('.mark.match.cur')!.getBoundingClientRect();
    expect((cur.top - strip.top) / strip.height).to.be.within(0.75, 0.85);
    expect(await axeViolations(el)).to.deep.equal([]);
    // Closing the find bar takes the matches off the ruler; the range stays.
    root(el).querySelector<HTMLButtonElement>('button[aria-label="Close find"]')!.click();
    await waitFor(() => !ruler.querySelector('.mark.match'), 'matches gone');
    expect(ruler.querySelectorAll('.mark.range').length).to.equal(1);
  });
});
