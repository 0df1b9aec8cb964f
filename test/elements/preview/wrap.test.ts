/** <qa-file-preview> Raw with Wrap lines: rows of varying height, numbers beside their lines, constant DOM, real lines for copy and selection. */
import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { createMemoryHost } from '../../../src/host/memory.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { bigCode } from '../../../stories/preview.stories.js';
import { axeViolations, cleanup, copyFrom, mount, mountStory, nextRendered, root, waitFor } from './helpers.js';

const KEY = 'qa-sources-kit:preview-wrap';

function raw(el: QaFilePreview): HTMLElement {
  return root(el).querySelector<HTMLElement>('.raw')!;
}

function row(el: QaFilePreview, n: number): HTMLElement | null {
  return root(el).querySelector<HTMLElement>(`.ln[data-n="${n}"]`);
}

/** The screen height of the number `n` in the gutter (each number is a 20px text line of the numbers block), or null. */
function numberTop(el: QaFilePreview, n: number): number | null {
  const nums = root(el).querySelector<HTMLElement>('.raw-gutter > .nums')!;
  const at = (nums.dataset.lines ?? '').split('\n').indexOf(String(n));
  return at < 0 ? null : nums.getBoundingClientRect().top + at * 20;
}

/** Every row in the DOM sits at the height of its number in the gutter. */
function numbersAligned(el: QaFilePreview): boolean {
  return [...root(el).querySelectorAll<HTMLElement>('.ln')].every((r) => {
    const top = numberTop(el, Number(r.dataset.n));
    return top !== null && Math.abs(top - r.getBoundingClientRect().top) < 1;
  });
}

/** Lines of varying length: every fifth is long enough to wrap several times. */
function varied(lines: number): string {
  return (
    Array.from({ length: lines }, (_, i) => (i % 5 === 0 ? `const line${i} = "${'word '.repeat(20 + (i % 7) * 15)}";` : `// line ${i + 1}`)).join('\n') + '\n'
  );
}

describe('<qa-file-preview> wrap lines', function () {
  beforeEach(() => sessionStorage.removeItem(KEY));
  afterEach(() => {
    cleanup();
    sessionStorage.removeItem(KEY);
  });

  it('wraps the 20,000-character line into rows, no sideways scrolling, numbers beside their lines', async () => {
    const el = mountStory('wrap-long-line');
    await nextRendered(el);
    const view = raw(el);
    expect(view.dataset.wrap).to.equal('on');
    expect(view.scrollWidth).to.be.at.most(view.clientWidth + 1);
    const long = row(el, 3)!;
    expect(long.offsetHeight).to.be.greaterThan(20 * 50);
    expect(long.offsetHeight % 20).to.equal(0);
    // Line 4 starts right under the whole of line 3, and its number is there too.
    view.scrollTop = long.offsetTop + long.offsetHeight - 100;
    view.dispatchEvent(new Event('scroll'));
    await waitFor(() => row(el, 4), 'row 4');
    expect(row(el, 4)!.offsetTop).to.equal(long.offsetTop + long.offsetHeight);
    await waitFor(() => numbersAligned(el), 'numbers beside their rows');
    expect(q(el, '.wrap-button').getAttribute('aria-pressed')).to.equal('true');
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('keeps rows and numbers aligned with lines of varying height as the view scrolls, and the DOM constant', async () => {
    const host = createMemoryHost({ 'src/varied.ts': varied(20_000) });
    const el = mount(html`<div style="block-size: 480px"><qa-file-preview .host=${host} path="src/varied.ts" .wrap=${true}></qa-file-preview></div>`, 360);
    await nextRendered(el);
    const view = raw(el);
    for (const frac of [0, 0.25, 0.5, 0.9, 1]) {
      view.scrollTop = (view.scrollHeight - view.clientHeight) * frac;
      view.dispatchEvent(new Event('scroll'));
      await waitFor(() => root(el).querySelectorAll('.ln').length > 0 && numbersAligned(el), `aligned at ${frac}`);
      // Rows do not overlap: each starts where the one before ends.
      const rows = [...root(el).querySelectorAll<HTMLElement>('.ln')].sort((a, b) => Number(a.dataset.n) - Number(b.dataset.n));
      for (let i = 1; i < rows.length; i++) {
        if (Number(rows[i]!.dataset.n) === Number(rows[i - 1]!.dataset.n) + 1)
          expect(rows[i]!.offsetTop).to.equal(rows[i - 1]!.offsetTop + rows[i - 1]!.offsetHeight);
      }
      expect(view.querySelectorAll('*').length).to.be.at.most(1_000);
    }
  });

  it('selects the real line under a number and copies real lines (wrapped rows are one line)', async () => {
    const host = createMemoryHost({ 'src/varied.ts': varied(200) });
    const el = mount(html`<div style="block-size: 480px"><qa-file-preview .host=${host} path="src/varied.ts" .wrap=${true}></qa-file-preview></div>`, 360);
    await nextRendered(el);
    const six = await waitFor(() => row(el, 6), 'row 6');
    const gutter = root(el).querySelector<HTMLElement>('.raw-gutter')!;
    const g = gutter.getBoundingClientRect();
    const r = six.getBoundingClientRect();
    // The middle of line 6 (line 1 above it wraps over several rows).
    const at = (type: string) =>
      gutter.dispatchEvent(
        new PointerEvent(type, {
          bubbles: true,
          composed: true,
          button: 0,
          buttons: type === 'pointerdown' ? 1 : 0,
          pointerId: 1,
          clientX: g.left + g.width / 2,
          clientY: r.top + r.height / 2,
        }),
      );
    const events: Array<{ lineStart: number; lineEnd: number }> = [];
    el.addEventListener('qa-range-select', (e) => events.push((e as CustomEvent).detail));
    at('pointerdown');
    at('pointerup');
    expect(events.at(-1)).to.include({ lineStart: 6, lineEnd: 6 });
    // A text selection from line 1 to line 2 copies those lines as the file has them.
    const one = row(el, 1)!;
    const two = row(el, 2)!;
    const sel = document.getSelection()!;
    sel.setBaseAndExtent(one.firstChild!.firstChild ?? one.firstChild!, 0, two.lastChild!, two.lastChild!.childNodes.length || (two.lastChild as Text).length);
    const text = varied(200).split('\n');
    expect(copyFrom(raw(el))).to.equal(`${text[0]}\n${text[1]}`);
    sel.removeAllRanges();
  });

  it('toggles with Alt+Z and the button, remembered for the session, keeping the top line', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    expect(raw(el).dataset.wrap).to.equal('off');
    const top = Number(root(el).querySelector<HTMLElement>('.ln')!.dataset.n);
    raw(el).focus();
    await sendKeys({ down: 'Alt' });
    await sendKeys({ press: 'KeyZ' });
    await sendKeys({ up: 'Alt' });
    await waitFor(() => raw(el).dataset.wrap === 'on', 'wrapped');
    expect(sessionStorage.getItem(KEY)).to.equal('on');
    expect(el.wrapLines).to.equal(true);
    const first = [...root(el).querySelectorAll<HTMLElement>('.ln')].find((r) => r.getBoundingClientRect().bottom > raw(el).getBoundingClientRect().top + 6);
    expect(Math.abs(Number(first!.dataset.n) - top)).to.be.at.most(8);
    // A preview opened later wraps too.
    const next = mountStory('code-plain');
    await nextRendered(next);
    expect(raw(next).dataset.wrap).to.equal('on');
    q(next, '.wrap-button').click();
    await waitFor(() => raw(next).dataset.wrap === 'off', 'unwrapped');
    expect(sessionStorage.getItem(KEY)).to.equal('off');
  });

  it('opens the 50,000-line file wrapped at its range with the DOM still small', async () => {
    const host = createMemoryHost({ 'generated/steps.ts': bigCode() });
    const el = mount(
      html`<div style="block-size: 480px"><qa-file-preview .host=${host} path="generated/steps.ts" .ranges=${[{ lineStart: 40_000, lineEnd: 40_002 }]} .wrap=${true}></qa-file-preview></div>`,
      320,
    );
    await nextRendered(el);
    const r = await waitFor(() => row(el, 40_000), 'row 40,000');
    const a = r.getBoundingClientRect();
    const b = raw(el).getBoundingClientRect();
    expect(a.top).to.be.at.least(b.top - 1);
    expect(a.top).to.be.below(b.bottom);
    expect(raw(el).querySelectorAll('*').length).to.be.at.most(1_000);
    expect(r.classList.contains('ref')).to.equal(true);
  });
});

function q(el: QaFilePreview, sel: string): HTMLElement {
  return root(el).querySelector<HTMLElement>(sel)!;
}
