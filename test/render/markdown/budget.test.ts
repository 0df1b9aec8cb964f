/**
 * The work budget: documents built to be expensive (formatting
 * reconstruction, deep nesting) are measured on the parser's tokens and
 * refused before any DOM is built; the estimate follows the real HTML
 * parser (DOMParser here) on generated inputs of several sizes, grows with
 * them linearly, and keeps every corpus document under the budget.
 * Decoration wraps only outermost tables, so its work is linear in the
 * document however deep tables nest.
 */
import { expect } from 'chai';
import type { Token } from 'markdown-it';
import { estimateWork, MAX_DEPTH, MAX_DOCUMENT_ELEMENTS, MAX_PIECE_ELEMENTS } from '../../../src/render/markdown/budget.js';
import { CHUNK_CHARS } from '../../../src/render/markdown/render-chunks.js';
import { getParser } from '../../../src/render/markdown/setup.js';
import { MarkdownTooComplexError } from '../../../src/render/markdown/index.js';
import { corpus, corpusNames, mount, render } from './fixture.js';
import { renderMarkdown } from '../../../src/render/markdown/index.js';

/** The block tokens of `source` (markdown-it's block stage, as the parser measures them) and the estimate. */
function estimate(source: string) {
  const md = getParser();
  const state = new md.core.State(source, md, { qaNonce: 't' });
  md.core.ruler.enableOnly(['normalize', 'block'], true);
  md.core.process(state);
  const starts = [0];
  for (let i = source.indexOf('\n'); i !== -1; i = source.indexOf('\n', i + 1)) starts.push(i + 1);
  starts.push(source.length + 1);
  const sizeOf = (t: Token) => (t.map ? starts[Math.min(t.map[1], starts.length - 1)]! - starts[t.map[0]]! : 0);
  return estimateWork(state.tokens, sizeOf, CHUNK_CHARS);
}

/** Elements and depth the browser's own HTML parser builds for `html`. */
function real(html: string): { elements: number; depth: number } {
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  let depth = 0;
  const walk = (el: Element, d: number) => {
    if (d > depth) depth = d;
    for (const c of Array.from(el.children)) walk(c, d + 1);
  };
  walk(body, 0);
  return { elements: body.querySelectorAll('*').length, depth };
}

/** `n` unclosed `<b id>` in a paragraph, then `m` paragraphs: the parser rebuilds the n elements in each. */
const reconstruction = (n: number, m: number) => `<p>${Array.from({ length: n }, (_, i) => `<b id=${i}>`).join('')}</p>${'<p>x</p>'.repeat(m)}`;
const deepTables = (n: number) => `${'<table><tr><td>'.repeat(n)}x`;

describe('Markdown work budget', function () {
  it('follows the HTML parser on the reconstruction pattern, at several sizes', () => {
    for (const [n, m] of [
      [5, 20],
      [10, 40],
      [20, 80],
      [40, 40],
    ] as const) {
      const html = reconstruction(n, m);
      const ours = estimate(html);
      const browser = real(html);
      // About n × m elements; the estimate within 20% of what the browser builds.
      expect(ours.elements, `${n}×${m}`).to.be.within(browser.elements * 0.8, browser.elements * 1.2);
      expect(ours.depth, `${n}×${m}`).to.be.within(browser.depth - 2, browser.depth + 2);
      expect(ours.over).to.equal(null);
    }
    // The document: 300 × 300 (90,000 elements from 5 KB) is over the budget.
    expect(real(reconstruction(300, 300)).elements).to.be.greaterThan(80_000);
    expect(estimate(reconstruction(300, 300)).over).to.not.equal(null);
    // Fewer, shallower elements rebuilt many times: over the budget on elements in one chunk, not on depth.
    const wide = estimate(reconstruction(60, 300));
    expect(wide.depth).to.be.below(MAX_DEPTH);
    expect(wide.over).to.equal('piece');
  });

  it('follows the HTML parser on nested tables, and stops at the depth limit', () => {
    for (const n of [3, 6, 12, 24]) {
      const ours = estimate(deepTables(n));
      const browser = real(deepTables(n));
      expect(ours.depth, String(n)).to.be.within(browser.depth - 2, browser.depth + 2);
      expect(ours.elements, String(n)).to.be.within(browser.elements - 2, browser.elements + 2);
    }
    const deep = estimate(deepTables(5000));
    expect(deep.over).to.equal('depth');
    // It stopped right after the limit, not after building a model of all 20,000 levels.
    expect(deep.depth).to.equal(MAX_DEPTH + 1);
    expect(deep.elements).to.be.at.most(MAX_DEPTH + 1);
  });

  it('counts elements in proportion to the document (generated documents of several sizes)', () => {
    const doc = (n: number) =>
      Array.from(
        { length: n },
        (_, i) => `## S${i}\n\nSome **bold** and *it* text, [a link](https://e.com/${i}).\n\n- one\n- two\n\n<div><b>raw ${i}</b></div>\n`,
      ).join('\n');
    const counts = [100, 200, 400, 800].map((n) => estimate(doc(n)).elements);
    for (let i = 1; i < counts.length; i++) expect(counts[i]! / counts[i - 1]!).to.be.within(1.9, 2.1);
    // Chunks stay the same size whatever the document's length.
    const pieces = [100, 800].map((n) => estimate(doc(n)).piece);
    expect(pieces[1]! / pieces[0]!).to.be.within(0.8, 1.25);
  });

  it('keeps every corpus document under the budget', async () => {
    for (const name of await corpusNames()) {
      const w = estimate(await corpus(name));
      expect(w.over, `${name}: ${JSON.stringify(w)}`).to.equal(null);
      expect(w.piece, name).to.be.below(MAX_PIECE_ELEMENTS / 2);
      expect(w.elements, name).to.be.below(MAX_DOCUMENT_ELEMENTS / 2);
    }
  });

  it('a document over the budget is refused before anything is built', async () => {
    for (const source of [reconstruction(300, 300), deepTables(5000), `# Notes\n\n${'> '.repeat(50)}<div>`.repeat(1) + '<div>'.repeat(200)]) {
      const m = mount();
      let error: unknown = null;
      const observer = new MutationObserver(() => undefined);
      observer.observe(m.container, { childList: true, subtree: true });
      try {
        await renderMarkdown(m.container, source, { path: 'a.md', idPrefix: 'b-' });
      } catch (e) {
        error = e;
      }
      expect(error).to.be.instanceOf(MarkdownTooComplexError);
      expect((error as MarkdownTooComplexError).name).to.equal('MarkdownTooComplexError');
      // Not one element went in.
      expect(m.container.childElementCount).to.equal(0);
      expect(observer.takeRecords().some((r) => r.addedNodes.length > 0)).to.equal(false);
      observer.disconnect();
      m.remove();
    }
  });

  it('a long document with the pattern at its start is refused before its provisional first screen', async () => {
    const source = `${reconstruction(300, 300)}\n\n${'Plain paragraph text that goes on.\n\n'.repeat(1500)}`;
    expect(source.length).to.be.greaterThan(40_000);
    const m = mount();
    let error: unknown = null;
    try {
      await renderMarkdown(m.container, source, { path: 'a.md', idPrefix: 'b-', onFirstChunk: () => expect.fail('no first screen') });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(MarkdownTooComplexError);
    expect(m.container.childElementCount).to.equal(0);
    m.remove();
  });

  it('decoration wraps only outermost tables: the nodes it moves are at most the document, however deep', async () => {
    for (const depth of [5, 10, 20]) {
      // Nested raw HTML tables inside a Markdown document, within the budget.
      const source = `# T\n\n${'<table><tr><td>'.repeat(depth)}x${'</td></tr></table>'.repeat(depth)}\n\n| a | b |\n|---|---|\n| 1 | 2 |\n`;
      const { container, remove } = await render(source);
      const tables = container.querySelectorAll('table').length;
      expect(tables).to.equal(depth + 1);
      const wrappers = [...container.querySelectorAll('.qa-table')];
      // One scroller for the nested stack, one for the Markdown table.
      expect(wrappers.length).to.equal(2);
      expect(wrappers.every((w) => w.firstElementChild?.localName === 'table' && !w.parentElement?.closest('table'))).to.equal(true);
      // Each wrap moved one subtree once: what moved is no more than the document's elements.
      const moved = wrappers.reduce((n, w) => n + w.querySelectorAll('*').length, 0);
      expect(moved).to.be.at.most(container.querySelectorAll('*').length);
      remove();
    }
  });
});
