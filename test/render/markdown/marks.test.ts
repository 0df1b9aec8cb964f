// Block marking: blocks whose source lines overlap the cited ranges are marked whole, the current range's blocks as current, and runs drawn as bands.
import { expect } from 'chai';
import { clearMarks, drawBands, markBlocks, markRanges, markRuns, markWithin } from '../../../src/render/markdown/marks.js';

// Lines: heading 1, paragraph 3-4, list 6-8 (items 6, 7-8), raw HTML 10-14 holding a paragraph 12-12, table 16-18 (rows 16, 18).
const DOC =
  '<h2 data-qa-line="1-1">H</h2><p data-qa-line="3-4">P</p>' +
  '<ul data-qa-line="6-8"><li data-qa-line="6-6">a</li><li data-qa-line="7-8">b</li></ul>' +
  '<div data-qa-line="10-14" data-qa-html><p data-qa-line="12-12">inside</p></div>' +
  '<table data-qa-line="16-18"><thead data-qa-line="16-16"><tr data-qa-line="16-16"><th>h</th></tr></thead><tbody data-qa-line="18-18"><tr data-qa-line="18-18"><td>d</td></tr></tbody></table>';

function doc(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = DOC;
  document.body.append(root);
  return root;
}

const lines = (els: Element[]) => els.map((el) => el.getAttribute('data-qa-line'));

describe('Markdown block marks', () => {
  afterEach(() => document.body.replaceChildren());

  it('marks a block wholly inside a range as one, else the innermost blocks that overlap it', () => {
    const root = doc();
    expect(lines(markWithin(root, [{ lineStart: 3, lineEnd: 8 }]))).to.deep.equal(['3-4', '6-8']);
    clearMarks(root);
    expect(lines(markWithin(root, [{ lineStart: 7, lineEnd: 9 }]))).to.deep.equal(['7-8']);
    clearMarks(root);
    // Raw HTML is never marked whole (its span covers its opening lines only): what inside it overlaps is.
    expect(lines(markWithin(root, [{ lineStart: 10, lineEnd: 14 }]))).to.deep.equal(['12-12']);
    clearMarks(root);
    // Row groups are not marked themselves: rows are.
    expect(lines(markWithin(root, [{ lineStart: 18, lineEnd: 18 }]))).to.deep.equal(['18-18']);
    expect(root.querySelector('tbody')!.hasAttribute('data-qa-marked')).to.equal(false);
    expect(root.querySelectorAll('[data-qa-marked]')).to.have.length(1);
  });

  it('markBlocks replaces the marks, skips ranges that are not numbers and returns the first marked block', () => {
    const root = doc();
    expect(markBlocks(root, [{ lineStart: 3, lineEnd: 3 }])!.textContent).to.equal('P');
    expect(
      markBlocks(root, [
        { lineStart: NaN, lineEnd: 1 },
        { lineStart: 1, lineEnd: 1 },
      ])!.textContent,
    ).to.equal('H');
    expect(lines(Array.from(root.querySelectorAll('[data-qa-marked]')))).to.deep.equal(['1-1']);
    expect(markBlocks(root, [{ lineStart: 90, lineEnd: 99 }])).to.equal(null);
    expect(root.querySelectorAll('[data-qa-marked]')).to.have.length(0);
  });

  it('markRanges marks every range and the current one as current; markRuns merges touching ranges into one run', () => {
    const root = doc();
    const ranges = [
      { lineStart: 1, lineEnd: 1 },
      { lineStart: 2, lineEnd: 4 },
      { lineStart: 6, lineEnd: 6 },
    ];
    const current = markRanges(root, ranges, 2);
    expect(lines(current)).to.deep.equal(['6-6']);
    expect(lines(Array.from(root.querySelectorAll('[data-qa-current]')))).to.deep.equal(['6-6']);
    expect(lines(Array.from(root.querySelectorAll('[data-qa-marked]')))).to.deep.equal(['1-1', '3-4', '6-6']);
    const runs = markRuns(root, ranges, 2);
    expect(runs.map((r) => [r.range, r.current, lines(r.blocks)])).to.deep.equal([
      [{ lineStart: 1, lineEnd: 4 }, false, ['1-1', '3-4']],
      [{ lineStart: 6, lineEnd: 6 }, true, ['6-6']],
    ]);
  });

  it('draws one band per run from the top of its first block to the bottom of its last, labelled', () => {
    const root = doc();
    const layer = document.createElement('div');
    root.before(layer);
    const ranges = [{ lineStart: 1, lineEnd: 4 }];
    markRanges(root, ranges, 0);
    // Measured before the bands go in (they are in the layer's flow here, with no styles).
    const top = root.querySelector('h2')!.getBoundingClientRect().top - layer.getBoundingClientRect().top;
    const bottom = root.querySelector('p')!.getBoundingClientRect().bottom - layer.getBoundingClientRect().top;
    drawBands(layer, markRuns(root, ranges, 0), (r, short) => `${short ? '' : 'lines '}${r.lineStart}-${r.lineEnd}`);
    const bands = Array.from(layer.children) as HTMLElement[];
    expect(bands).to.have.length(1);
    const band = bands[0]!;
    expect(band.className).to.equal('qa-band');
    expect(band.hasAttribute('data-current')).to.equal(true);
    expect(band.dataset.lines).to.equal('1-4');
    expect(parseFloat(band.style.top)).to.be.closeTo(top - 6, 1);
    expect(parseFloat(band.style.height)).to.be.closeTo(bottom - top + 12, 1);
    expect(band.dataset.label).to.equal(bottom - top + 12 < 84 ? '1-4' : 'lines 1-4');
  });
});
