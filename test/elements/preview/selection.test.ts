/** <qa-file-preview>: selecting lines by their numbers (click, shift-click, drag), qa-range-select, Copy lines, Copy link, #L10-L20. */
import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { createMemoryHost } from '../../../src/host/memory.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import type { QaRangeSelectEvent } from '../../../src/events.js';
import { sampleTs, sampleWorkspace } from '../../../stories/fixtures/preview-files.js';
import { axeViolations, cleanup, mount, mountStory, nextRendered, q, root, waitFor } from './helpers.js';

/** Page coordinates of the middle of line `n`'s number in the gutter. */
function numberAt(el: QaFilePreview, n: number): [number, number] {
  const gutter = q(el, '.raw-gutter').getBoundingClientRect();
  const row = q(el, `.ln[data-n="${n}"]`).getBoundingClientRect();
  return [Math.round(gutter.left + gutter.width / 2), Math.round(row.top + row.height / 2)];
}

async function clickNumber(el: QaFilePreview, n: number, shift = false): Promise<void> {
  const [x, y] = numberAt(el, n);
  if (shift) await sendKeys({ down: 'Shift' });
  await sendMouse({ type: 'click', position: [x, y] });
  if (shift) await sendKeys({ up: 'Shift' });
}

const selectedRows = (el: QaFilePreview) => [...root(el).querySelectorAll<HTMLElement>('.ln.sel')].map((r) => Number(r.dataset.n)).sort((a, b) => a - b);

/** Clicks `button` and returns the plain text its copy put on the clipboard. */
function copied(button: HTMLElement): string | null {
  let text: string | null = null;
  const grab = (e: ClipboardEvent) => (text = e.clipboardData?.getData('text/plain') ?? null);
  window.addEventListener('copy', grab);
  button.click();
  window.removeEventListener('copy', grab);
  return text;
}

const lines = sampleTs.split('\n');

describe('<qa-file-preview> line selection', function () {
  afterEach(async () => {
    cleanup();
    history.replaceState(null, '', location.pathname + location.search);
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('click selects a line, shift-click extends, drag selects a run; qa-range-select tells the host', async () => {
    const el = mountStory('selection');
    await nextRendered(el);
    el.scrollIntoView();
    q(el, '.raw').scrollTop = 0;
    await waitFor(() => root(el).querySelector('.ln[data-n="10"]') && root(el).querySelector('.ln[data-n="20"]'), 'rows');
    const seen: QaRangeSelectEvent[] = [];
    el.addEventListener('qa-range-select', (e) => seen.push(e));
    await clickNumber(el, 10);
    await waitFor(() => seen.length === 1, 'first event');
    expect(selectedRows(el)).to.deep.equal([10]);
    await clickNumber(el, 14, true);
    await waitFor(() => seen.length === 2, 'second event');
    expect(selectedRows(el)).to.deep.equal([10, 11, 12, 13, 14]);
    expect(seen.map((e) => e.detail)).to.deep.equal([
      { path: 'src/net/retry.ts', lineStart: 10, lineEnd: 10 },
      { path: 'src/net/retry.ts', lineStart: 10, lineEnd: 14 },
    ]);
    expect(seen[0]!.bubbles && seen[0]!.composed).to.equal(true);
    // Drag from 18 up to 16.
    const [x, y18] = numberAt(el, 18);
    const [, y16] = numberAt(el, 16);
    await sendMouse({ type: 'move', position: [x, y18] });
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x, y16] });
    await sendMouse({ type: 'up' });
    await waitFor(() => seen.length === 3, 'drag event');
    expect(seen[2]!.detail).to.deep.equal({ path: 'src/net/retry.ts', lineStart: 16, lineEnd: 18 });
    expect(selectedRows(el)).to.deep.equal([16, 17, 18]);
    await el.updateComplete;
    expect(q(el, '.selection-label').textContent).to.equal('Lines 16–18');
    // Selected lines look apart from cited ones (29–33), in the rows and in the numbers.
    const bg = (n: number) => getComputedStyle(q(el, `.ln[data-n="${n}"]`)).backgroundColor;
    expect(bg(17)).to.not.equal(bg(30));
    expect(bg(17)).to.not.equal(bg(20));
    const sel = q(el, '.nums.sel');
    expect(getComputedStyle(sel).borderInlineStartColor).to.not.equal(getComputedStyle(q(el, '.nums.ref')).borderInlineStartColor);
    expect(await axeViolations(el)).to.deep.equal([]);
  });

  it('Copy lines copies the text without numbers; Copy link gives the page address with #L10-L14', async () => {
    const el = mountStory('selection');
    await nextRendered(el);
    el.scrollIntoView();
    q(el, '.raw').scrollTop = 0;
    await waitFor(() => root(el).querySelector('.ln[data-n="10"]') && root(el).querySelector('.ln[data-n="14"]'), 'rows');
    await clickNumber(el, 10);
    await clickNumber(el, 14, true);
    await el.updateComplete;
    const [copyLines, copyLink] = [...root(el).querySelectorAll<HTMLButtonElement>('.selection-bar .text-button')];
    expect(copied(copyLines!)).to.equal(lines.slice(9, 14).join('\n'));
    await el.updateComplete;
    expect(q(el, '.selection-note').textContent).to.equal('Lines copied');
    expect(copied(copyLink!)).to.equal(`${location.href.split('#')[0]}#L10-L14`);
    // Escape clears the selection first (focus back in the view), then closes.
    const closes: Event[] = [];
    el.addEventListener('qa-close', (e) => closes.push(e));
    q(el, '.raw').focus();
    await sendKeys({ press: 'Escape' });
    await el.updateComplete;
    expect(selectedRows(el)).to.deep.equal([]);
    expect(root(el).querySelector('.selection-bar')).to.equal(null);
    expect(closes.length).to.equal(0);
    await sendKeys({ press: 'Escape' });
    expect(closes.length).to.equal(1);
  });

  it("Copy link asks the host's linkForRange first", async () => {
    const asked: unknown[] = [];
    const host = {
      ...createMemoryHost(sampleWorkspace()),
      linkForRange: (req: unknown) => {
        asked.push(req);
        return 'https://dsh.example/s/1/files/src/net/retry.ts#L3-L4';
      },
    };
    const el = mount(html`<div style="height: 480px"><qa-file-preview .host=${host} session-id="s1" path="src/net/retry.ts"></qa-file-preview></div>`);
    await nextRendered(el);
    el.scrollIntoView();
    await waitFor(() => root(el).querySelector('.ln[data-n="4"]'), 'rows');
    await clickNumber(el, 3);
    await clickNumber(el, 4, true);
    await el.updateComplete;
    const copyLink = [...root(el).querySelectorAll<HTMLButtonElement>('.selection-bar .text-button')][1]!;
    expect(copied(copyLink)).to.equal('https://dsh.example/s/1/files/src/net/retry.ts#L3-L4');
    expect(asked).to.deep.equal([{ sessionId: 's1', path: 'src/net/retry.ts', lineStart: 3, lineEnd: 4 }]);
  });

  it('a page opened at #L40-L44 selects those lines and shows them', async () => {
    history.replaceState(null, '', '#L40-L44');
    const el = mountStory('selection');
    await nextRendered(el);
    await el.updateComplete;
    expect(selectedRows(el)).to.deep.equal([40, 41, 42, 43, 44]);
    expect(q(el, '.selection-label').textContent).to.equal('Lines 40–44');
    const box = q(el, '.raw').getBoundingClientRect();
    const r = q(el, '.ln[data-n="44"]').getBoundingClientRect();
    expect(r.bottom).to.be.at.most(box.bottom + 0.5);
    expect(q(el, '.ln[data-n="40"]').getBoundingClientRect().top).to.be.at.least(box.top - 0.5);
  });
});
