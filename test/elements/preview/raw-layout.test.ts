// Where the raw view's rows lie: fixed lines, wrapped rows estimated from
// line lengths, corrected by measured heights, and the line at a height
// (checked against a plain walk over the rows for generated files).
import { expect } from 'chai';
import fc from 'fast-check';
import { LINE_HEIGHT, RowLayout } from '../../../src/elements/file-preview/raw-layout.js';

const layoutOf = (lengths: number[]) => new RowLayout(lengths.length, (n) => lengths[n]!);

describe('RowLayout', () => {
  it('lays out fixed lines of one line height', () => {
    const l = layoutOf([5, 200, 0]);
    expect(l.fixed()).to.equal(3 * LINE_HEIGHT);
    expect(l.wrapped).to.equal(false);
    expect([0, 1, 2, 3].map((n) => l.topOf(n))).to.deep.equal([0, 20, 40, 60]);
    expect(l.heightOf(1)).to.equal(LINE_HEIGHT);
    expect([0, 19, 20, 59].map((y) => l.lineAtY(y))).to.deep.equal([0, 0, 1, 2]);
    // An empty file still has a row.
    expect(layoutOf([]).fixed()).to.equal(LINE_HEIGHT);
  });

  it('wraps lines into rows of the characters that fit one', () => {
    const l = layoutOf([5, 25, 0, 10, 11]);
    expect(l.wrap(10)).to.equal((1 + 3 + 1 + 1 + 2) * LINE_HEIGHT);
    expect(l.wrapped).to.equal(true);
    expect([0, 1, 2, 3, 4, 5].map((n) => l.topOf(n))).to.deep.equal([0, 20, 80, 100, 120, 160]);
    expect(l.heightOf(1)).to.equal(60);
    expect([0, 20, 79, 80, 159, 10_000].map((y) => l.lineAtY(y))).to.deep.equal([0, 1, 1, 2, 4, 4]);
    // Out of range: clamped to the ends.
    expect(l.topOf(-3)).to.equal(0);
    expect(l.topOf(99)).to.equal(160);
    expect(layoutOf([]).wrap(10)).to.equal(LINE_HEIGHT);
    expect(l.fixed()).to.equal(5 * LINE_HEIGHT);
    expect(l.topOf(4)).to.equal(80);
  });

  it('takes measured heights until they are forgotten', () => {
    const l = layoutOf([5, 5, 5]);
    l.wrap(10);
    // The height it has already: nothing to redo.
    expect(l.measure(1, 20)).to.equal(false);
    // Two rows where one was estimated (a wide character, a marker).
    expect(l.measure(1, 41)).to.equal(true);
    expect(l.wrap(10)).to.equal(4 * LINE_HEIGHT);
    expect(l.heightOf(1)).to.equal(40);
    expect(l.measure(1, 40)).to.equal(false);
    l.forget();
    expect(l.wrap(10)).to.equal(3 * LINE_HEIGHT);
  });

  it('finds the line at every height, as a walk over the rows does', () => {
    fc.assert(
      fc.property(fc.array(fc.nat(300), { minLength: 1, maxLength: 60 }), fc.integer({ min: 1, max: 80 }), fc.nat(), (lengths, cols, pick) => {
        const l = layoutOf(lengths);
        const total = l.wrap(cols);
        let y = 0;
        lengths.forEach((len, n) => {
          expect(l.topOf(n)).to.equal(y);
          y += Math.max(1, Math.ceil(len / cols)) * LINE_HEIGHT;
        });
        expect(total).to.equal(y);
        const at = pick % y;
        const line = l.lineAtY(at);
        expect(l.topOf(line)).to.be.at.most(at);
        expect(l.topOf(line + 1)).to.be.above(at);
      }),
      { seed: 20_261_202, numRuns: 200 },
    );
  });
});
