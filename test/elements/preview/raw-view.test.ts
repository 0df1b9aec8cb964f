/** The raw view: virtualization, copying, line numbers, token classes, long lines, the main-thread fallback. */
import { expect } from 'chai';
import { html } from 'lit';
import { sendKeys } from '@web/test-runner-commands';
import { createMemoryHost } from '../../../src/host/memory.js';
import { configureHighlighter, TOKEN_CLASS_PREFIX } from '../../../src/render/highlight/index.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { LINE_HEIGHT } from '../../../src/elements/file-preview/raw-layout.js';
import { bigCode } from '../../../stories/preview.stories.js';
import { sampleTs, sampleWorkspace } from '../../../stories/fixtures/preview-files.js';
import { cleanup, copyFrom, mount, mountStory, nextRendered, root, waitFor } from './helpers.js';

const tsLines = sampleTs.split('\n');

function raw(el: QaFilePreview): HTMLElement {
  return root(el).querySelector<HTMLElement>('.raw')!;
}

function row(el: QaFilePreview, line: number): HTMLElement | null {
  return root(el).querySelector<HTMLElement>(`.ln[data-n="${line}"]`);
}

/** Text node `n` of a row, for building selections. */
function textAt(r: HTMLElement, offsetInLine: number): [Node, number] {
  const walker = document.createTreeWalker(r, NodeFilter.SHOW_TEXT);
  let left = offsetInLine;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const len = n.textContent!.length;
    if (left <= len) return [n, left];
    left -= len;
  }
  throw new Error('offset beyond the row');
}

describe('<qa-file-preview> raw view', function () {
  afterEach(cleanup);

  it('keeps the DOM small for 50,000 lines while scrolling anywhere', async () => {
    const el = mountStory('big-code');
    await nextRendered(el);
    const sr = root(el);
    const scroller = raw(el);
    expect(scroller.dataset.lines).to.equal('50000');
    expect(scroller.scrollHeight).to.be.at.least(50_000 * LINE_HEIGHT);
    expect(sr.querySelectorAll('.ln').length).to.be.below(120);
    expect(sr.querySelectorAll('*').length).to.be.at.most(1_000);
    for (const line of [1, 12_345, 49_990]) {
      scroller.scrollTop = (line - 1) * LINE_HEIGHT;
      scroller.dispatchEvent(new Event('scroll'));
      expect(row(el, line), `row ${line}`).to.not.equal(null);
      expect(sr.querySelectorAll('.ln').length).to.be.below(120);
    }
    expect(row(el, 40_000)).to.equal(null);
  });

  it('jumps to lines 40,000–40,020 of a 50,000-line file and shows them referenced', async () => {
    const el = mountStory('big-code');
    await nextRendered(el);
    el.ranges = [{ lineStart: 10_000, lineEnd: 10_002 }];
    await el.updateComplete;
    expect(row(el, 10_000)!.classList.contains('ref-start')).to.equal(true);
    el.ranges = [{ lineStart: 40_000, lineEnd: 40_020 }];
    await el.updateComplete;
    const r = row(el, 40_000)!;
    const a = r.getBoundingClientRect();
    const b = raw(el).getBoundingClientRect();
    expect(a.top >= b.top && a.bottom <= b.bottom).to.equal(true);
    expect(r.textContent).to.equal(bigCode().split('\n')[39_999]);
    expect(row(el, 10_000)).to.equal(null);
  });

  it('colours lines with token classes, never inline styles, once tokens arrive', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    const r = await waitFor(() => row(el, 49)?.querySelector(`span[class^="${TOKEN_CLASS_PREFIX}"]`) && row(el, 49), 'coloured row 49');
    expect(r.textContent).to.equal(tsLines[48]);
    const spans = root(el).querySelectorAll('.ln span');
    expect(spans.length).to.be.greaterThan(20);
    for (const s of spans) expect(s.hasAttribute('style')).to.equal(false);
    for (const n of root(el).querySelectorAll('.ln, .nums'))
      expect((n as HTMLElement).style.length, 'rows and line numbers carry only their CSSOM position').to.equal(1);
    const keyword = [...r.querySelectorAll('span')].find((s) => s.textContent === 'export')!;
    expect(getComputedStyle(keyword).color).to.not.equal(getComputedStyle(r).color);
    const light = getComputedStyle(keyword).color;
    el.parentElement!.style.colorScheme = 'dark';
    expect(getComputedStyle(keyword).color).to.not.equal(light);
    expect(keyword.isConnected, 'a theme switch re-uses the same nodes').to.equal(true);
  });

  it('shows plain text at once, with line numbers outside the text', async () => {
    const el = mountStory('code-plain');
    await nextRendered(el);
    const first = row(el, 1)!;
    expect(first.textContent).to.equal('"""Summarise response times from an access log."""');
    const cell = root(el).querySelector<HTMLElement>('.raw-gutter .nums:not(.ref)')!;
    const shown = [...root(el).querySelectorAll<HTMLElement>('.ln')].map((r) => Number(r.dataset.n)).sort((x, y) => x - y);
    expect(cell.dataset.lines, 'one number per row shown').to.equal(shown.join('\n'));
    expect(getComputedStyle(cell, '::before').content).to.contain('1');
    expect(cell.textContent, 'the numbers are generated content, not text').to.equal('');
    expect(getComputedStyle(cell).userSelect).to.equal('none');
    // The first number sits on its line (one 20px line each), left of the text.
    const a = cell.getBoundingClientRect();
    const b = first.getBoundingClientRect();
    expect(a.top).to.equal(b.top);
    expect(a.height).to.equal(shown.length * LINE_HEIGHT);
    const text = document.createRange();
    text.selectNodeContents(first);
    expect(a.right).to.be.at.most(text.getBoundingClientRect().left);
  });

  it('marks the numbers of referenced lines with one band per run', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    const band = root(el).querySelector<HTMLElement>('.raw-gutter .nums.ref')!;
    expect(band.dataset.lines).to.equal(Array.from({ length: 17 }, (_, i) => String(46 + i)).join('\n'));
    expect(band.getBoundingClientRect().top).to.equal(row(el, 46)!.getBoundingClientRect().top);
    expect(band.getBoundingClientRect().bottom).to.equal(row(el, 62)!.getBoundingClientRect().bottom);
    el.ranges = [{ lineStart: 3, lineEnd: 4 }];
    await el.updateComplete;
    expect([...root(el).querySelectorAll<HTMLElement>('.nums.ref')].map((b) => b.dataset.lines)).to.deep.equal(['3\n4']);
    el.ranges = [];
    await el.updateComplete;
    expect(root(el).querySelector('.nums.ref')).to.equal(null);
  });

  it('keeps line numbers in view when the text scrolls sideways, in one sticky column', async () => {
    const el = mountStory('long-line');
    await nextRendered(el);
    const scroller = raw(el);
    const cell = root(el).querySelector<HTMLElement>('.nums:not(.ref)')!;
    const before = cell.getBoundingClientRect().left;
    scroller.scrollLeft = 2_000;
    expect(scroller.scrollLeft).to.be.greaterThan(0);
    expect(cell.getBoundingClientRect().left).to.equal(before);
    expect(getComputedStyle(root(el).querySelector('.raw-gutter')!).position).to.equal('sticky');
    for (const r of root(el).querySelectorAll('.ln'))
      expect(getComputedStyle(r, '::before').content, 'rows have no sticky number of their own').to.equal('none');
  });

  it('copies a selection without line numbers', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    const from = row(el, 46)!;
    const to = row(el, 48)!;
    const [a, ao] = textAt(from, 3);
    const [b, bo] = textAt(to, tsLines[47]!.length);
    document.getSelection()!.setBaseAndExtent(a, ao, b, bo);
    const copied = copyFrom(from);
    expect(copied).to.equal([tsLines[45]!.slice(3), tsLines[46], tsLines[47]].join('\n'));
    expect(copied).to.not.match(/^\s*46/);
  });

  it('copies the real text of lines that are no longer in the DOM', async () => {
    const el = mountStory('big-code');
    await nextRendered(el);
    const scroller = raw(el);
    scroller.scrollTop = 0;
    scroller.dispatchEvent(new Event('scroll'));
    // Colours replace a row's contents; on a busy machine they arrive late and would take the selected text with them.
    const start = await waitFor(() => row(el, 10)?.querySelector(`span[class^="${TOKEN_CLASS_PREFIX}"]`) && row(el, 10), 'coloured row 10');
    const [a, ao] = textAt(start, 0);
    const [a5, a5o] = textAt(start, 5);
    const sel = document.getSelection()!;
    // The view pins the rows of the selection's ends when `selectionchange` arrives (a task, later on a busy machine).
    const selectionChange = () => new Promise((r) => document.addEventListener('selectionchange', r, { once: true }));
    let changed = selectionChange();
    sel.setBaseAndExtent(a, ao, a5, a5o);
    await changed;
    scroller.scrollTop = 299 * LINE_HEIGHT;
    scroller.dispatchEvent(new Event('scroll'));
    expect(row(el, 10), 'the row holding the selection start stays').to.not.equal(null);
    expect(row(el, 150), 'rows in between are gone').to.equal(null);
    const end = row(el, 298)!;
    const [b, bo] = textAt(end, end.textContent!.length);
    changed = selectionChange();
    sel.setBaseAndExtent(a, ao, b, bo);
    await changed;
    const lines = bigCode().split('\n');
    expect(copyFrom(end)).to.equal(lines.slice(9, 298).join('\n'));
  });

  it('selects and copies the whole file with Ctrl+A inside the raw view', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    raw(el).focus();
    await sendKeys({ down: 'Control' });
    await sendKeys({ press: 'a' });
    await sendKeys({ up: 'Control' });
    const copied = copyFrom(raw(el));
    expect(copied).to.equal(sampleTs.replace(/\n$/, ''));
  });

  it('does not take over copying of text outside the raw view', async () => {
    const el = mountStory('code-raw');
    await nextRendered(el);
    const outside = document.createElement('p');
    outside.textContent = 'outside text';
    document.body.append(outside);
    document.getSelection()!.selectAllChildren(outside);
    expect(copyFrom(raw(el))).to.equal('(not handled)');
    outside.remove();
  });

  it('keeps a 20,000-character line whole and plain, and the lines after it coloured', async () => {
    const el = mountStory('long-line');
    await nextRendered(el);
    const long = row(el, 3)!;
    expect(long.textContent!.length).to.be.greaterThan(20_000);
    await waitFor(() => row(el, 4)?.querySelector('span'), 'colours after the long line');
    expect(long.querySelectorAll('span').length).to.equal(0);
    expect(raw(el).scrollWidth).to.be.greaterThan(raw(el).clientWidth * 10);
  });

  it('colours on the main thread when workers are off', async () => {
    configureHighlighter({ worker: false });
    try {
      const host = createMemoryHost(sampleWorkspace());
      const el = mount(html`<qa-file-preview .host=${host} path="scripts/latency_report.py"></qa-file-preview>`);
      await nextRendered(el);
      await waitFor(() => row(el, 1)?.querySelector('span'), 'coloured on the main thread');
      expect(row(el, 1)!.textContent).to.equal('"""Summarise response times from an access log."""');
    } finally {
      configureHighlighter({ worker: true });
    }
  });

  it('keeps tokens when switching Rendered and Raw back and forth', async () => {
    const el = mountStory('markdown-raw-ranges');
    await nextRendered(el);
    const coloured = await waitFor(() => row(el, 14)?.querySelector('span'), 'coloured markdown');
    expect(coloured).to.not.equal(null);
    root(el).querySelector<HTMLElement>('[data-mode="rendered"]')!.click();
    await el.updateComplete;
    root(el).querySelector<HTMLElement>('[data-mode="raw"]')!.click();
    await el.updateComplete;
    expect(row(el, 14)!.querySelector('span'), 'colours right away').to.not.equal(null);
  });
});
