/** <qa-file-preview> Rendered: cited lines as one band per run of marked blocks, behind text that never moves. */
import { expect } from 'chai';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { axeViolations, cleanup, mountStory, nextRendered, root, waitFor } from './helpers.js';

function marked(el: QaFilePreview): HTMLElement[] {
  return [...root(el).querySelectorAll<HTMLElement>('[part="markdown"] [data-qa-marked]')];
}

function bands(el: QaFilePreview): HTMLElement[] {
  return [...root(el).querySelectorAll<HTMLElement>('.qa-bands > .qa-band')];
}

/** Where a block's first text starts on screen (its text, not its box: padding moves the text, not the box). */
function textStart(block: HTMLElement): { x: number; y: number } | null {
  const walker = document.createTreeWalker(block, NodeFilter.SHOW_TEXT, {
    acceptNode: (n) => ((n as Text).data.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT),
  });
  const text = walker.nextNode() as Text | null;
  if (!text) return null;
  const r = document.createRange();
  r.setStart(text, 0);
  r.setEnd(text, 1);
  const box = r.getBoundingClientRect();
  return { x: box.left, y: box.top };
}

describe('<qa-file-preview> rendered marking', function () {
  beforeEach(() => sessionStorage.removeItem('qa-sources-kit:preview-mode:md'));
  afterEach(() => cleanup());

  it('draws one band over the run of marked blocks, with a square rule and its lines in the margin', async () => {
    const el = mountStory('markdown-rendered');
    await nextRendered(el);
    const blocks = await waitFor(() => (marked(el).length ? marked(el) : null), 'marked blocks');
    const [band] = await waitFor(() => (bands(el).length ? bands(el) : null), 'a band');
    expect(bands(el)).to.have.length(1);
    expect(band!.dataset.label).to.equal('lines 27–36');
    const b = band!.getBoundingClientRect();
    for (const block of blocks) {
      const r = block.getBoundingClientRect();
      expect(b.top, 'band starts above the block').to.be.at.most(r.top);
      expect(b.bottom, 'band ends below the block').to.be.at.least(r.bottom);
      expect(b.left).to.be.at.most(r.left);
      expect(b.right).to.be.at.least(r.right);
    }
    const style = getComputedStyle(band!);
    expect(style.borderLeftWidth).to.equal('3px');
    expect(style.borderTopLeftRadius).to.equal('0px');
    expect(getComputedStyle(band!, '::after').content).to.equal('"lines 27–36"');
    // The band lies behind the text: the text is what the pointer meets.
    const start = textStart(blocks[0]!)!;
    const hit = root(el).elementsFromPoint(start.x + 2, start.y + 4);
    expect(hit.indexOf(blocks[0]!)).to.be.greaterThan(-1);
    const layer = root(el).querySelector('.qa-bands')!;
    expect(layer.getAttribute('aria-hidden')).to.equal('true');
  });

  it('never moves the marked text, and leaves blocks their own look (code keeps its background, tinted)', async () => {
    const el = mountStory('markdown-rendered');
    await nextRendered(el);
    const blocks = await waitFor(() => (marked(el).length ? marked(el) : null), 'marked blocks');
    const scroller = root(el).querySelector<HTMLElement>('.md-scroll')!;
    // Measured against the document's own box (the ranges bar above it goes away with the ranges).
    const doc = root(el).querySelector<HTMLElement>('[part="markdown"]')!;
    const rel = (b: HTMLElement) => {
      const p = textStart(b);
      const d = doc.getBoundingClientRect();
      return p && { x: p.x - d.left, y: p.y - d.top };
    };
    const at = blocks.map((b) => rel(b));
    const looks = blocks.map((b) => {
      const s = getComputedStyle(b);
      return { bg: s.backgroundColor, shadow: s.boxShadow, radius: s.borderTopLeftRadius, pad: s.paddingLeft };
    });
    const top = scroller.scrollTop;
    el.ranges = [];
    await el.updateComplete;
    await waitFor(() => marked(el).length === 0, 'marks gone');
    scroller.scrollTop = top;
    blocks.forEach((b, i) => {
      const now = rel(b);
      expect(now, b.localName).to.deep.equal(at[i]);
      const s = getComputedStyle(b);
      // The same box look marked and unmarked (a code block's colour stays; its tint is a layer over it).
      expect({ bg: s.backgroundColor, shadow: s.boxShadow, radius: s.borderTopLeftRadius, pad: s.paddingLeft }, b.localName).to.deep.equal(looks[i]);
    });
    const pre = blocks.find((b) => b.localName === 'pre');
    expect(pre, 'the range holds a code block').to.not.equal(undefined);
    el.ranges = [{ lineStart: 27, lineEnd: 36 }];
    await waitFor(() => pre!.hasAttribute('data-qa-marked'), 'marked again');
    expect(getComputedStyle(pre!).backgroundImage).to.contain('gradient');
  });

  it('draws a band per range with the current one distinct, and follows the navigator', async () => {
    const el = mountStory('navigator-rendered');
    await nextRendered(el);
    const all = await waitFor(() => (bands(el).length === 3 ? bands(el) : null), 'three bands');
    expect(all.map((b) => b.dataset.lines)).to.deep.equal(['5-8', '14-21', '27-36']);
    expect(all.filter((b) => b.hasAttribute('data-current')).map((b) => b.dataset.lines)).to.deep.equal(['5-8']);
    expect(getComputedStyle(all[0]!).backgroundColor).to.not.equal(getComputedStyle(all[1]!).backgroundColor);
    el.goToRange(2);
    await waitFor(() => bands(el).find((b) => b.hasAttribute('data-current'))?.dataset.lines === '27-36', 'current band moves');
  });

  it('labels the band in the reader’s language and stays axe clean', async () => {
    const el = mountStory('markdown-rendered', 'ru');
    await nextRendered(el);
    const [band] = await waitFor(() => (bands(el).length ? bands(el) : null), 'a band');
    expect(band!.dataset.label).to.equal('строки 27–36');
    expect(await axeViolations(el, { authoredDocument: true })).to.deep.equal([]);
  });

  it('keeps the band on its blocks when the width changes (the text rewraps)', async () => {
    const el = mountStory('markdown-rendered');
    await nextRendered(el);
    await waitFor(() => bands(el).length === 1, 'a band');
    (el.parentElement!.parentElement as HTMLElement).style.width = '360px';
    await waitFor(() => {
      const b = bands(el)[0]?.getBoundingClientRect();
      const blocks = marked(el).map((m) => m.getBoundingClientRect());
      return b && blocks.length && blocks.every((r) => b.top <= r.top + 0.5 && b.bottom >= r.bottom - 0.5);
    }, 'band follows the rewrapped blocks');
  });
});
