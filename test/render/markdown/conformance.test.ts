/**
 * Conformance: the CommonMark 0.31.2 spec examples (the `commonmark-spec`
 * package) and the GFM extension examples, each rendered by the preview's
 * own pipeline (worker, chunks, sanitizer, decoration: `renderMarkdown`)
 * and compared as DOM with the spec's HTML, after a normalisation that
 * undoes only what the kit adds on purpose (see `normaliseRendered`).
 * Every other difference is listed in DIFFERENCES with its reason; an
 * unlisted difference fails, and so does a listed example that passes.
 * Then the chunked path: each example at the end of a document long enough
 * to be cut, at several cut positions, gives the same DOM.
 */
import { expect } from 'chai';
import { renderMarkdown } from '../../../src/render/markdown/index.js';
import { setWorkerParsing } from '../../../src/render/markdown/chunks.js';
import { FIRST_CHUNK_CHARS } from '../../../src/render/markdown/prefix.js';
import { classifyHref } from '../../../src/workspace/links.js';
import { term } from '../../../src/i18n/index.js';
import { GFM_EXTENSION_EXAMPLES, extractExamples, type Example } from './gfm-examples.js';
import { ID_PREFIX, mount, waitFor } from './fixture.js';

const DOC_PATH = 'readme.md';

const SANITIZED = 'raw HTML is sanitized: elements and attributes outside the allowlist are removed (their text stays), attribute values trimmed';
const IMAGE = 'images never load from a document: a placeholder with the alt text instead of <img>';
const SCHEME = 'link policy: only http, https, mailto, #fragments and workspace paths are links; other schemes are plain text';
const NO_TARGET = 'link policy: a link to nowhere (empty destination, <a> without href) is plain text';
const BACKSLASH = 'link policy: a path with a backslash is never a workspace path, so plain text';
const AUTOLINK = 'GFM autolinks (http(s)://, www., e-mail addresses) as on GitHub, where CommonMark has plain text';
const FENCE_LANG = 'the fence language is reduced to a safe identifier (first word, lower case, [a-z0-9_+#.-])';
const TAGFILTER = 'raw HTML is sanitized rather than GFM-tag-filtered: disallowed tags are removed, not shown as text';

/**
 * Every deliberate difference from the spec's HTML, by example number
 * (`gfm-N`: the GFM spec's extension examples), with its reason: the one
 * table. An example not listed here must render as the spec says.
 */
const DIFFERENCES: ReadonlyMap<string, string> = new Map(
  Object.entries({
    [SANITIZED]: [150, 152, 153, 154, 163, 164, 169, 170, 171, 172, 173, 176, 178, 196, 201, 491, 524, 536, 617],
    [IMAGE]: [475, 517, 520, 531, 572, 573, 574, 575, 576, 577, 578, 579, 580, 581, 582, 583, 584, 585, 586, 587, 588, 589, 591],
    [SCHEME]: [596, 598, 599, 601, 'gfm-628'],
    [NO_TARGET]: [200, 485, 486, 487, 567, 613, 614, 615, 616],
    [BACKSLASH]: [21, 202, 502, 631, 643],
    [AUTOLINK]: [602, 608, 611, 612],
    [FENCE_LANG]: [34, 144],
    [TAGFILTER]: ['gfm-653'],
  }).flatMap(([reason, ids]) => ids.map((id): [string, string] => [String(id), reason])),
);

const BLOCK_TAGS =
  'address|article|aside|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|pre|section|source|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul';
const AROUND_BLOCK = new RegExp(`\\s*(</?(?:${BLOCK_TAGS})\\b[^>]*>)\\s*`, 'g');
const VOID = new Set(['br', 'hr', 'img', 'input', 'col', 'wbr', 'area', 'source', 'track', 'embed']);
const escapeText = (s: string) =>
  s
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');

/** A canonical serialisation: attributes sorted, whitespace collapsed outside `pre`, none around block tags. */
function canonical(root: Node): string {
  const walk = (node: Node, pre: boolean): string => {
    if (node.nodeType === Node.TEXT_NODE) return escapeText(pre ? node.nodeValue! : node.nodeValue!.replace(/\s+/g, ' '));
    if (node.nodeType !== Node.ELEMENT_NODE) return '';
    const el = node as Element;
    const name = el.localName;
    const attrs = Array.from(el.attributes)
      .map((a) => `${a.name}="${escapeText(a.value).replace(/"/g, '&quot;')}"`)
      .sort()
      .join(' ');
    const inner = Array.from(el.childNodes, (c) => walk(c, pre || name === 'pre')).join('');
    return `<${name}${attrs ? ' ' + attrs : ''}>${VOID.has(name) ? '' : `${inner}</${name}>`}`;
  };
  // Comments left out and the text on either side of one read as one text node, as the browser's
  // sanitizer leaves it (DOMPurify leaves two).
  const copy = root.cloneNode(true);
  const comments = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
  const drop: Node[] = [];
  while (comments.nextNode()) drop.push(comments.currentNode);
  for (const c of drop) c.parentNode!.removeChild(c);
  copy.normalize();
  return Array.from(copy.childNodes, (c) => walk(c, false))
    .join('')
    .replace(AROUND_BLOCK, '$1')
    .trim();
}

/** The spec's HTML as DOM, links put as the kit's link policy classifies them. */
function expectedDom(html: string): DocumentFragment {
  const t = document.createElement('template');
  // The kit writes no line break after a block's end tag (nothing displays it); one there would be text
  // into which the HTML parser reopens an unclosed raw `<a>`, an artefact of the spec's formatting.
  t.innerHTML = html.replace(/(<\/(?:p|li|ul|ol|blockquote|h[1-6]|table|thead|tbody|tr|th|td|pre|div)>|<hr \/>)\n/g, '$1');
  for (const a of Array.from(t.content.querySelectorAll('a[href]'))) {
    const target = classifyHref(a.getAttribute('href')!, DOC_PATH);
    if (target.kind === 'external') a.setAttribute('href', target.href);
    else if (target.kind === 'anchor') a.setAttribute('href', `#${target.fragment}`);
    else if (target.kind === 'workspace') a.setAttribute('href', `workspace:${target.path}${target.fragment ? `#${target.fragment}` : ''}`);
  }
  return t.content;
}

const OPENS_IN_NEW_TAB = term('en', 'opensInNewTab');

/**
 * What the kit adds on purpose, undone: chunk and table wrappers, line
 * spans and other `data-qa-*` markers, automatic text direction, focus
 * stops, heading ids and the id prefix, the kit's classes (table alignment
 * back to `align`, the fence language back to `language-…` on `code`), the
 * external-link attributes and mark, the checkbox's class and label.
 */
function normaliseRendered(container: HTMLElement): DocumentFragment {
  const out = document.createDocumentFragment();
  out.append(...Array.from(container.cloneNode(true).childNodes));
  for (const wrapper of Array.from(out.querySelectorAll('div.qa-chunk, div.qa-table'))) wrapper.replaceWith(...Array.from(wrapper.childNodes));
  for (const el of Array.from(out.querySelectorAll('.qa-external-icon, .qa-link-host'))) el.remove();
  for (const el of Array.from(out.querySelectorAll('pre[data-lang] > code')))
    el.setAttribute('class', `language-${el.parentElement!.getAttribute('data-lang')}`);
  for (const a of Array.from(out.querySelectorAll<HTMLAnchorElement>('a[data-qa-link]'))) {
    const kind = a.getAttribute('data-qa-link');
    if (kind === 'external') {
      for (const name of ['target', 'rel', 'referrerpolicy']) a.removeAttribute(name);
      if (a.title === OPENS_IN_NEW_TAB) a.removeAttribute('title');
    } else if (kind === 'anchor') a.setAttribute('href', `#${a.getAttribute('data-qa-target')!.slice(ID_PREFIX.length)}`);
    else if (kind === 'workspace') {
      const fragment = a.getAttribute('data-qa-fragment');
      a.setAttribute('href', `workspace:${a.getAttribute('data-qa-target')}${fragment ? `#${fragment}` : ''}`);
    }
  }
  // The checkbox's state is its property (set by the kit), the spec writes the attribute.
  for (const box of Array.from(out.querySelectorAll('input'))) {
    const live = container.querySelectorAll('input')[Array.from(out.querySelectorAll('input')).indexOf(box)];
    box.toggleAttribute('checked', live?.checked === true);
  }
  for (const el of Array.from(out.querySelectorAll('*'))) {
    for (const attr of Array.from(el.attributes)) {
      const name = attr.name;
      if (name.startsWith('data-qa-') || name === 'data-lang' || name === 'dir' || name === 'tabindex' || name === 'aria-label') el.removeAttribute(name);
      else if (name === 'class' && el.localName !== 'code') {
        const align = /\bqa-align-(left|center|right)\b/.exec(attr.value);
        if (align) el.setAttribute('align', align[1]!);
        el.removeAttribute('class');
      } else if (name === 'id') {
        if (/^h[1-6]$/.test(el.localName)) el.removeAttribute('id');
        else if (attr.value.startsWith(ID_PREFIX)) el.setAttribute('id', attr.value.slice(ID_PREFIX.length));
      }
    }
  }
  return out;
}

/** Renders through the preview's pipeline and returns the normalised, canonical DOM. */
async function renderCanonical(source: string): Promise<{ html: string; chunks: number }> {
  const m = mount();
  try {
    await renderMarkdown(m.container, source, { path: DOC_PATH, idPrefix: ID_PREFIX, resolveLink: async (p) => p });
    await waitFor(() => m.container.querySelector('[data-qa-link="pending"]') === null);
    const chunks = m.container.querySelectorAll(':scope > .qa-chunk').length;
    return { html: canonical(normaliseRendered(m.container)), chunks };
  } finally {
    m.remove();
  }
}

/** Runs `fn` over `items`, `width` at a time. */
async function pool<T, R>(items: readonly T[], width: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]!);
      }
    }),
  );
  return out;
}

describe('Markdown rendering: conformance with the CommonMark and GFM spec examples', function () {
  let examples: Example[] = [];
  const alone = new Map<string, string>();
  before(async () => {
    setWorkerParsing('always');
    const spec = await (await fetch('/node_modules/commonmark-spec/spec.txt')).text();
    examples = [...extractExamples(spec), ...GFM_EXTENSION_EXAMPLES.map((e) => ({ ...e, id: `gfm-${e.number}` }))];
    const rendered = await pool(examples, 24, (e) => renderCanonical(e.markdown));
    examples.forEach((e, i) => alone.set(e.id, rendered[i]!.html));
  });
  after(() => setWorkerParsing(true));

  it('renders every example as the spec does, but for the listed deliberate differences', () => {
    expect(examples.length).to.equal(652 + GFM_EXTENSION_EXAMPLES.length);
    const unexpected: string[] = [];
    const stale: string[] = [];
    for (const e of examples) {
      const want = canonical(expectedDom(e.html));
      const got = alone.get(e.id)!;
      const listed = DIFFERENCES.has(e.id);
      if (got !== want && !listed) unexpected.push(`${e.id} (${e.section}) ${JSON.stringify(e.markdown)}\n  want ${want}\n  got  ${got}`);
      if (got === want && listed) stale.push(`${e.id}: listed as "${DIFFERENCES.get(e.id)}" but renders as the spec does`);
    }
    expect(unexpected, `${unexpected.length} unexpected differences:\n${unexpected.join('\n')}`).to.deep.equal([]);
    expect(stale, stale.join('\n')).to.deep.equal([]);
  });

  it('gives the same DOM when an example is cut into chunks at several positions', async () => {
    const filler = (chars: number) =>
      `${'Filler text. '
        .repeat(Math.ceil(chars / 13))
        .slice(0, Math.max(1, chars))
        .trimEnd()}.\n\n`;
    const cases: Array<{ id: string; source: string; fillerChars: number }> = [];
    for (const e of examples) {
      // A cut after the block holding each of the example's first few lines (the first chunk ends
      // at the first block boundary past FIRST_CHUNK_CHARS of source).
      const lineStarts = [0, ...Array.from(e.markdown.matchAll(/\n(?=.)/g), (m) => m.index! + 1)].slice(0, 4);
      for (const start of new Set(lineStarts))
        cases.push({ id: e.id, source: filler(FIRST_CHUNK_CHARS - 2 - start) + e.markdown, fillerChars: FIRST_CHUNK_CHARS - 2 - start });
    }
    const fillerHtml = new Map<number, string>();
    for (const c of cases) if (!fillerHtml.has(c.fillerChars)) fillerHtml.set(c.fillerChars, (await renderCanonical(filler(c.fillerChars))).html);
    const rendered = await pool(cases, 24, (c) => renderCanonical(c.source));
    const differing: string[] = [];
    let cut = 0;
    cases.forEach((c, i) => {
      const r = rendered[i]!;
      if (r.chunks > 1) cut++;
      const want = fillerHtml.get(c.fillerChars)! + alone.get(c.id)!;
      if (r.html !== want) differing.push(`${c.id} after ${c.fillerChars} filler characters:\n  want ${want.slice(-300)}\n  got  ${r.html.slice(-300)}`);
    });
    expect(differing, `${differing.length} differ:\n${differing.slice(0, 20).join('\n')}`).to.deep.equal([]);
    // Most of the documents really were cut.
    expect(cut).to.be.greaterThan(cases.length / 2);
  });
});
