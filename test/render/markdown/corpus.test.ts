import { expect } from 'chai';
import 'axe-core';
import markdownIt from 'markdown-it';
import { renderMarkdown } from '../../../src/render/markdown/index.js';
import { assertSanitized } from '../sanitize/assert-sanitized.js';
import { ID_PREFIX, corpus, corpusNames, mount } from './fixture.js';

interface AxeResult {
  violations: Array<{ id: string; impact: string; nodes: Array<{ target: unknown[] }> }>;
}
const axe = () => (window as unknown as { axe: { run(el: Element, opts?: object): Promise<AxeResult> } }).axe;

/** Headings a plain CommonMark parse finds (the renderer may add raw-HTML ones, never lose these). */
function expectedHeadings(source: string): string[] {
  const tokens = markdownIt({ html: true }).parse(source, {});
  return tokens.flatMap((t, i) => (t.type === 'heading_open' ? [tokens[i + 1]!.content] : []));
}

describe('Markdown rendering: real documents', function () {
  const errors: string[] = [];
  const onError = (e: ErrorEvent) => errors.push(String(e.message));
  const onRejection = (e: PromiseRejectionEvent) => errors.push(String(e.reason));
  before(() => {
    addEventListener('error', onError);
    addEventListener('unhandledrejection', onRejection);
  });
  after(() => {
    removeEventListener('error', onError);
    removeEventListener('unhandledrejection', onRejection);
  });

  it('has the whole corpus listed', async () => {
    expect(await corpusNames()).to.have.length(13);
  });

  // The list is fixed here so every document gets its own test; the test above keeps it in step with SOURCES.md.
  const names = [
    'readme-html-badges-details-tables.md',
    'changelog-long-jest.md',
    'commonmark-spec.md',
    'docs-api-relative-links-nested-lists.md',
    'docs-footnotes-reference-links.md',
    'ru-docs-tables.md',
    'ru-docs-readme-html-images.md',
    'gfm-tasklists-strikethrough-alerts-html.md',
    'front-matter-html-asides.md',
    'mermaid-fences-flowchart.md',
    'huge-table-emoji-shortcodes.md',
    'cjk-zh-readme-html.md',
    'rtl-he-readme-tables.md',
  ];

  it('names every corpus file', async () => {
    expect([...names].sort()).to.deep.equal((await corpusNames()).sort());
  });

  for (const name of names) {
    it(`renders ${name} safely, accessibly and completely`, async () => {
      errors.length = 0;
      delete (window as { __qaPwned?: unknown }).__qaPwned;
      const source = await corpus(name);
      const m = mount(name.startsWith('ru-') ? 'ru' : name.startsWith('cjk-') ? 'zh' : 'en');
      m.host.scrollIntoView();
      const result = await renderMarkdown(m.container, source, {
        path: `docs/${name}`,
        idPrefix: ID_PREFIX,
        resolveLink: async (p) => (p.endsWith('.md') ? p : null),
      });
      await new Promise((r) => setTimeout(r, 50));
      expect(errors, 'page errors').to.deep.equal([]);
      expect(result.blocks).to.be.greaterThan(0);
      assertSanitized(m.container, { idPrefix: ID_PREFIX });

      const rendered = Array.from(m.container.querySelectorAll('h1, h2, h3, h4, h5, h6')).filter((h) => !h.classList.contains('qa-sr-only'));
      const expected = expectedHeadings(source);
      expect(rendered.length, 'headings').to.be.at.least(expected.length);
      const renderedText = new Set(rendered.map((h) => h.textContent!.replace(/\s+/g, ' ').trim()));
      const missing = expected.filter((t) => t && !/[`*_[\]<>:\\&]/.test(t) && !renderedText.has(t.replace(/\s+/g, ' ').trim()));
      expect(missing, 'headings lost').to.deep.equal([]);

      // content-visibility keeps far chunks unrendered; render them all for the contrast checks.
      m.container.querySelectorAll<HTMLElement>('.qa-chunk').forEach((c) => c.style.setProperty('content-visibility', 'visible'));
      // heading-order and empty-table-header are left out: skipped levels and empty header cells are the document
      // author's structure (GitHub keeps both), which the preview must not rewrite.
      const { violations } = await axe().run(m.host, {
        resultTypes: ['violations'],
        rules: { 'heading-order': { enabled: false }, 'empty-table-header': { enabled: false } },
      });
      expect(violations.map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${JSON.stringify(v.nodes[0]?.target)}`)).to.deep.equal([]);
      m.remove();
    });
  }

  it('is axe-clean in the dark scheme too (alerts, tables, code, links, placeholders)', async () => {
    const source = await corpus('gfm-tasklists-strikethrough-alerts-html.md');
    const m = mount();
    m.host.style.colorScheme = 'dark';
    m.host.scrollIntoView();
    await renderMarkdown(m.container, `${source}\n\n![remote](https://example.com/x.png) [link](https://example.com)`, {
      path: 'docs/ui-kit.md',
      idPrefix: ID_PREFIX,
    });
    m.container.querySelectorAll<HTMLElement>('.qa-chunk').forEach((c) => c.style.setProperty('content-visibility', 'visible'));
    expect(getComputedStyle(m.container).color).to.equal('rgb(230, 232, 235)');
    const { violations } = await axe().run(m.host, {
      resultTypes: ['violations'],
      rules: { 'heading-order': { enabled: false }, 'empty-table-header': { enabled: false } },
    });
    expect(violations.map((v) => `${v.id} ×${v.nodes.length}: ${JSON.stringify(v.nodes[0]?.target)}`)).to.deep.equal([]);
    m.remove();
  });
});
