import { expect } from 'chai';
import { markBlocks, renderMarkdown } from '../../../src/render/markdown/index.js';
import { assertSanitized } from '../sanitize/assert-sanitized.js';
import { ID_PREFIX, mount, render, type Mounted } from './fixture.js';

const DOC = `---
title: Getting started
tags: [docs, intro]
authors:
  - Ada
  - Grace
---
# Getting started :rocket:

Intro paragraph with **bold**, *em*, ~~gone~~ and \`npm install\`.

## Install

1. First
2. Second
   - nested one
   - nested two

- [ ] open task
- [x] done task

| Name | Size |
|:-----|-----:|
| a.md | 10 |
| b.md | 20 |

\`\`\`ts
const x: number = 1 < 2 ? 1 : 2;
\`\`\`

\`\`\`mermaid
graph TD; A-->B; click A call alert(1)
\`\`\`

> Quoted text
> > nested quote

> [!NOTE]
> Useful information.

> [!CAUTION]
> Be careful.

---

Footnote reference[^1] and an autolink https://example.com/docs.

שלום עולם, זהו פסקה בעברית עם \`a.b(c)\`.

## Install

[^1]: The footnote text.
`;

describe('Markdown rendering: features', () => {
  let m: Mounted & { result: { blocks: number; marked: number } };
  let c: HTMLElement;
  before(async () => {
    m = await render(DOC);
    c = m.container;
  });
  after(() => m.remove());

  it('renders headings with prefixed, unique slug ids', () => {
    const ids = Array.from(c.querySelectorAll('h1, h2:not(.qa-sr-only)')).map((h) => h.id);
    // As on GitHub, the emoji leaves its space: `getting-started-`.
    expect(ids).to.deep.equal([`${ID_PREFIX}getting-started-`, `${ID_PREFIX}install`, `${ID_PREFIX}install-1`]);
    expect(c.querySelector('h1')!.textContent).to.contain('Getting started 🚀');
  });

  it('renders ordered, nested and task lists with disabled checkboxes', () => {
    expect(c.querySelector('ol > li > ul > li')!.textContent).to.equal('nested one');
    const boxes = Array.from(c.querySelectorAll<HTMLInputElement>('li.task-list-item > input[type=checkbox]'));
    expect(boxes.map((b) => [b.checked, b.disabled])).to.deep.equal([
      [false, true],
      [true, true],
    ]);
    expect(boxes[1]!.getAttribute('aria-label')).to.equal('done task');
    expect(c.querySelector('ul.contains-task-list')).to.exist;
  });

  it('renders tables inside a scrolling wrapper, alignment as classes, no style attributes', () => {
    const table = c.querySelector('.qa-table > table:not(.qa-front-matter)')!;
    expect(table.querySelectorAll('tbody tr')).to.have.length(2);
    expect(table.querySelector('th')!.className).to.equal('qa-align-left');
    expect(table.querySelector('td:last-child')!.className).to.equal('qa-align-right');
    expect(c.querySelector('[style]:not(.qa-chunk)')).to.equal(null);
  });

  it('renders fenced and inline code as escaped text, unknown fences as code', () => {
    const pres = Array.from(c.querySelectorAll('pre.qa-code'));
    const ts = pres.find((p) => p.getAttribute('data-lang') === 'ts')!;
    expect(ts.textContent).to.equal('const x: number = 1 < 2 ? 1 : 2;\n');
    expect(ts.getAttribute('dir')).to.equal('ltr');
    const mermaid = pres.find((p) => p.getAttribute('data-lang') === 'mermaid')!;
    expect(mermaid.textContent).to.contain('click A call alert(1)');
    expect(c.querySelector('p code')!.textContent).to.equal('npm install');
  });

  it('renders blockquotes (nested), rules and strikethrough', () => {
    expect(c.querySelector('blockquote > blockquote')!.textContent!.trim()).to.equal('nested quote');
    expect(c.querySelector('hr')).to.exist;
    expect(c.querySelector('del')!.textContent).to.equal('gone');
  });

  it('renders GitHub alerts with a kit icon and a localized title', () => {
    const note = c.querySelector('.markdown-alert-note')!;
    const title = note.querySelector('.markdown-alert-title')!;
    expect(title.textContent).to.equal('Note');
    const icon = title.querySelector('svg')!;
    expect(icon.getAttribute('part')).to.equal('icon');
    expect(icon.getAttribute('aria-hidden')).to.equal('true');
    expect(note.textContent).to.contain('Useful information.');
    expect(c.querySelector('.markdown-alert-caution .markdown-alert-title')!.textContent).to.equal('Caution');
  });

  it('renders footnotes with prefixed ids and anchor links both ways', () => {
    const ref = c.querySelector<HTMLAnchorElement>('.footnote-ref a')!;
    expect(ref.dataset.qaLink).to.equal('anchor');
    expect(ref.dataset.qaTarget).to.equal(`${ID_PREFIX}fn1`);
    const item = c.querySelector(`[id="${ID_PREFIX}fn1"]`)!;
    expect(item.textContent).to.contain('The footnote text.');
    const back = item.querySelector<HTMLAnchorElement>('.footnote-backref')!;
    expect(back.dataset.qaTarget).to.equal(`${ID_PREFIX}fnref1`);
    expect(back.getAttribute('aria-label')).to.equal('Back to content');
    expect(c.querySelector('.footnotes h2')!.textContent).to.equal('Footnotes');
  });

  it('renders emoji shortcodes and leaves text smileys alone', async () => {
    const r = await render('Ship it :tada: :) :not_an_emoji:');
    expect(r.container.textContent).to.contain('Ship it 🎉 :) :not_an_emoji:');
    r.remove();
  });

  it('shows YAML front matter as a metadata table, not a paragraph', () => {
    const fm = c.querySelector('table.qa-front-matter')!;
    expect(fm.querySelector('caption')!.textContent).to.equal('Front matter');
    const rows = Array.from(fm.querySelectorAll('tr')).map((tr) => [tr.querySelector('th')!.textContent, tr.querySelector('td')!.textContent]);
    expect(rows).to.deep.equal([
      ['title', 'Getting started'],
      ['tags', 'docsintro'],
      ['authors', 'AdaGrace'],
    ]);
    expect(c.querySelector('p')!.textContent).not.to.contain('title:');
  });

  it('falls back to a YAML code block for complex front matter', async () => {
    const r = await render('---\nnested:\n  key: value\n---\n\nBody');
    const pre = r.container.querySelector('pre.qa-front-matter-code')!;
    expect(pre.getAttribute('data-lang')).to.equal('yaml');
    expect(pre.textContent).to.equal('nested:\n  key: value');
    r.remove();
  });

  it('autolinks URLs but not file names', async () => {
    const r = await render('See https://example.com/x, www.example.org and README.md or package.json.');
    const hrefs = Array.from(r.container.querySelectorAll('a')).map((a) => a.getAttribute('href'));
    expect(hrefs).to.deep.equal(['https://example.com/x', 'http://www.example.org/']);
    r.remove();
  });

  it('sets dir=auto on text blocks so right-to-left paragraphs read right', () => {
    const hebrew = Array.from(c.querySelectorAll('p')).find((p) => p.textContent!.includes('שלום'))!;
    expect(hebrew.getAttribute('dir')).to.equal('auto');
    expect(getComputedStyle(hebrew).direction).to.equal('rtl');
    expect(getComputedStyle(c.querySelector('pre')!).direction).to.equal('ltr');
    // Inline code inside right-to-left text still reads left to right, isolated from the text around it.
    const code = hebrew.querySelector('code')!;
    expect(code.textContent).to.equal('a.b(c)');
    expect(getComputedStyle(code).direction).to.equal('ltr');
    expect(getComputedStyle(code).unicodeBidi).to.equal('isolate');
    // Top-level blocks decide their own direction; their parts (items, quoted paragraphs, cells) share it.
    for (const el of Array.from(c.querySelectorAll('.qa-chunk > :is(p, h1, h2, blockquote, ul, ol), .qa-table > table'))) {
      expect(el.getAttribute('dir'), el.outerHTML.slice(0, 60)).to.equal('auto');
    }
    expect(c.querySelector('li')!.hasAttribute('dir')).to.equal(false);
    expect(c.querySelector('blockquote p')!.hasAttribute('dir')).to.equal(false);
  });

  it('puts the source line span on every block', () => {
    const blocks = Array.from(c.querySelectorAll('p, h1, h2, ul, ol, li, table, tr, pre, blockquote, hr, .markdown-alert'));
    for (const b of blocks) {
      if (b.closest('.footnotes') || b.closest('.qa-front-matter') || b.matches('.markdown-alert-title')) continue;
      expect(b.getAttribute('data-qa-line'), b.outerHTML.slice(0, 80)).to.match(/^\d+-\d+$/);
    }
    expect(c.querySelector('h1')!.getAttribute('data-qa-line')).to.equal('8-8');
    expect(c.querySelector('pre.qa-code')!.getAttribute('data-qa-line')).to.equal('27-29');
    expect(c.querySelector('li.task-list-item')!.getAttribute('data-qa-line')).to.equal('19-19');
    expect(c.querySelector('table.qa-front-matter')!.getAttribute('data-qa-line')).to.equal('1-7');
  });

  it('marks the blocks that overlap ranges and returns the first one', () => {
    const first = markBlocks(c, [
      { lineStart: 31, lineEnd: 31 },
      { lineStart: 10, lineEnd: 10 },
    ]);
    const marked = Array.from(c.querySelectorAll('[data-qa-marked]'));
    expect(marked.map((e) => e.localName)).to.deep.equal(['p', 'pre']);
    expect(first).to.equal(marked[0]);
    // Re-marking replaces the old marks; a range spanning a whole list marks the list once.
    markBlocks(c, [{ lineStart: 19, lineEnd: 21 }]);
    expect(Array.from(c.querySelectorAll('[data-qa-marked]')).map((e) => e.localName)).to.deep.equal(['ul']);
    // Part of a list marks only the item.
    markBlocks(c, [{ lineStart: 20, lineEnd: 20 }]);
    expect(Array.from(c.querySelectorAll('[data-qa-marked]')).map((e) => e.textContent)).to.deep.equal([' done task']);
    expect(markBlocks(c, [{ lineStart: 9000, lineEnd: 9001 }])).to.equal(null);
    expect(c.querySelectorAll('[data-qa-marked]')).to.have.length(0);
  });

  it('marks blocks during the render when ranges are given, and counts them', async () => {
    const r = await render(DOC, { ranges: [{ lineStart: 24, lineEnd: 26 }] });
    expect(r.result.marked).to.equal(2);
    expect(Array.from(r.container.querySelectorAll('[data-qa-marked]')).map((e) => e.localName)).to.deep.equal(['tr', 'tr']);
    r.remove();
  });

  it('reports block counts and stays sanitized', () => {
    expect(m.result.blocks).to.be.greaterThan(10);
    assertSanitized(c, { idPrefix: ID_PREFIX });
  });

  it('uses the nearest [lang] for the kit words', async () => {
    const r = mount('ru');
    await renderMarkdown(r.container, '> [!WARNING]\n> Осторожно', { path: 'a.md', idPrefix: ID_PREFIX });
    expect(r.container.querySelector('.markdown-alert-title')!.textContent).to.equal('Предупреждение');
    r.remove();
  });
});
