/**
 * The styles of the preview's lazy parts (the raw view's rows, find's field)
 * come with the parts' chunks. Every preview adopts the parts' sheets at its
 * first render, still empty, and a part's sheet is filled when its chunk
 * arrives, so rows and field are styled whether the preview came before
 * the chunk or after it. A page of its own: no other test loaded the parts.
 */
import { expect } from 'chai';
import { html } from 'lit';
import { createMemoryHost } from '../../../src/host/memory.js';
import { previewStyles } from '../../../src/elements/file-preview/file-preview.styles.js';
import '../../../src/elements/file-preview/define.js';
import { cleanup, mount, nextRendered, press, q, root, waitFor } from './helpers.js';

const selectors = (sheet: CSSStyleSheet): string[] => [...sheet.cssRules].map((r) => (r as CSSStyleRule).selectorText ?? '');
const holding = (sheets: readonly CSSStyleSheet[], selector: string) => sheets.filter((s) => selectors(s).includes(selector));
const code = Array.from({ length: 200 }, (_, i) => `const line${i} = ${i};`).join('\n') + '\n';

describe('<qa-file-preview>: the lazy parts bring their styles', () => {
  afterEach(cleanup);

  it('styles the rows of a preview made before the raw view arrived, and of one made after, with one shared sheet', async () => {
    const host = createMemoryHost({ 'src/a.ts': code });
    const first = mount(html`<div style="block-size: 400px"><qa-file-preview .host=${host}></qa-file-preview></div>`);
    await first.updateComplete;
    // The raw view's chunk cannot have arrived in the first update's microtasks: its sheet is there, empty.
    const adopted = [...root(first).adoptedStyleSheets];
    expect(adopted.filter((s) => s.cssRules.length === 0).length, 'two empty part sheets').to.equal(2);
    expect(selectors(previewStyles.styleSheet!), "the rows' rules are not in the preview's own sheet").to.not.include('.ln');

    first.path = 'src/a.ts';
    await nextRendered(first);
    const row = await waitFor(() => root(first).querySelector<HTMLElement>('.ln[data-n="2"]'), 'row 2');
    const rawSheet = holding(adopted, '.ln');
    expect(rawSheet.length, 'a sheet adopted at the first render now holds the rows').to.equal(1);
    expect(getComputedStyle(row).position).to.equal('absolute');
    expect(row.getBoundingClientRect().top - root(first).querySelector('.ln[data-n="1"]')!.getBoundingClientRect().top).to.equal(20);
    expect(getComputedStyle(q(first, '.raw-gutter')).position).to.equal('sticky');
    expect(getComputedStyle(q(first, '.nums')).textAlign).to.equal('end');

    const second = mount(html`<div style="block-size: 400px"><qa-file-preview .host=${host} path="src/a.ts"></qa-file-preview></div>`);
    await second.updateComplete;
    expect(root(second).adoptedStyleSheets, 'the same sheet, already full').to.include(rawSheet[0]);
    await nextRendered(second);
    const other = await waitFor(() => root(second).querySelector<HTMLElement>('.ln[data-n="2"]'), 'row 2 of the second preview');
    expect(getComputedStyle(other).position).to.equal('absolute');
  });

  it("styles find's field once find's chunk has arrived", async () => {
    const host = createMemoryHost({ 'src/a.ts': code });
    const el = mount(html`<div style="block-size: 400px"><qa-file-preview .host=${host} path="src/a.ts"></qa-file-preview></div>`);
    await nextRendered(el);
    const adopted = [...root(el).adoptedStyleSheets];
    q(el, '.raw').focus();
    await press('Control+f');
    const field = await waitFor(() => root(el).querySelector<HTMLElement>('.find-field'), 'the find field');
    expect(holding(adopted, '.find-field').length, "find's sheet, adopted at the first render, now holds the field").to.equal(1);
    expect(getComputedStyle(field).display).to.equal('flex');
    expect(getComputedStyle(q(el, '.find-input')).borderTopStyle).to.equal('none');
  });
});
