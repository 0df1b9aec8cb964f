/**
 * Markdown → HTML in block-aligned chunks, with what GitHub readers expect
 * (tables, strikethrough, task lists, autolinks, footnotes, alerts, emoji
 * shortcodes, front matter, heading ids). Pure: no DOM, so it runs in a Web
 * Worker or, when workers are not allowed, on the main thread.
 *
 * The output is NOT safe HTML: raw HTML from the document passes through
 * and the caller sanitizes every chunk. Elements the kit itself adds carry
 * `data-qa-kit="<nonce> <role> …"`; the nonce is random per render, so the
 * document cannot forge them. Every block carries `data-qa-line="a-b"`
 * (1-based, inclusive source lines); `data-qa-*` attributes written in the
 * document's own HTML are renamed so they cannot pose as the kit's.
 */
import markdownIt, { type MarkdownIt, type Renderer, type StateCore, type Token } from 'markdown-it';
import { full as emojiPlugin } from 'markdown-it-emoji';
import footnotePlugin from 'markdown-it-footnote';
import alertsPlugin from 'markdown-it-github-alerts';
import anchorPlugin from 'markdown-it-anchor';
import { frontMatterPlugin, readFrontMatter } from './front-matter.js';
import { FIRST_CHUNK_CHARS } from './prefix.js';

/** Options of one parse. */
export interface ParseOptions {
  /** Random per render; marks the elements the kit itself emits. */
  nonce: string;
  /** Source characters in the first chunk (small, so the first screen is quick). */
  firstChunkChars?: number;
  /** Source characters in the following chunks. */
  chunkChars?: number;
  /** A cheaper parser setup (no emoji shortcodes) for a provisional first screen. */
  quick?: boolean;
}

/** One block-aligned piece of the rendered document. */
export interface HtmlChunk {
  html: string;
  /** Top-level blocks in this chunk. */
  blocks: number;
  /** Source lines this chunk spans (for a size estimate before layout). */
  lines: number;
}

export { FIRST_CHUNK_CHARS } from './prefix.js';
export const CHUNK_CHARS = 5_000;
/** Raw HTML left open (an unclosed `<div>`) never holds more than this in one chunk. */
const MAX_OPEN_HTML_CHUNK_CHARS = 200_000;

const LINKIFY_TLDS = ['com', 'org', 'net', 'edu', 'gov', 'io', 'dev', 'app', 'info'];
const ALERT_MARKERS = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'];
const ALIGN_STYLE = /^text-align:(left|center|right)$/;

type Env = Record<string, unknown> & { qaNonce: string };

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/** GitHub-style heading slug: lower case, punctuation dropped, spaces to dashes. */
export function slugify(text: string): string {
  const slug = text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
  return slug || 'section';
}

/** Renames `data-qa-*` attributes in the document's own HTML. */
function neutraliseKitAttributes(html: string): string {
  return html.replace(/data-qa-/gi, 'data-x-qa-');
}

const kit = (env: unknown, role: string) => ` data-qa-kit="${(env as Env).qaNonce} ${role}"`;

// --- core rules -------------------------------------------------------------

/** Task lists: `- [ ]` / `- [x]` items get a (later disabled) checkbox marker. */
function taskLists(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
    const m = /^\[([ xX])\](?:[ \t]|$)/.exec(inline.content);
    const first = inline.children?.[0];
    if (!m || !first || first.type !== 'text' || !first.content.startsWith(m[0].trimEnd())) continue;
    first.content = first.content.slice(m[0].length).replace(/^[ \t]/, '');
    inline.content = inline.content.slice(m[0].length);
    const box = new state.Token('qa_task', '', 0);
    box.meta = { checked: m[1] !== ' ' };
    inline.children!.unshift(box);
    const item = tokens[i - 2]!;
    item.attrJoin('class', 'task-list-item');
    for (let j = i - 3; j >= 0; j--) {
      const t = tokens[j]!;
      if (t.level === item.level - 1 && (t.type === 'bullet_list_open' || t.type === 'ordered_list_open')) {
        if (!String(t.attrGet('class') ?? '').includes('contains-task-list')) t.attrJoin('class', 'contains-task-list');
        break;
      }
    }
  }
}

/** The alerts plugin pairs an alert with the first `>` close it meets; re-pair by nesting level. */
function repairAlerts(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const open = tokens[i]!;
    if (open.type !== 'alert_open') continue;
    for (let j = i + 1; j < tokens.length; j++) {
      const t = tokens[j]!;
      if (t.level === open.level && t.nesting === -1) {
        if (t.type !== 'alert_close') {
          for (let k = i + 1; k < j; k++) {
            const wrong = tokens[k]!;
            if (wrong.type === 'alert_close') {
              wrong.type = 'blockquote_close';
              wrong.tag = 'blockquote';
            }
          }
          t.type = 'alert_close';
          t.tag = 'div';
        }
        break;
      }
    }
  }
}

/** Line spans on every block, table alignment as classes, document HTML defused. */
function blockAttributes(state: StateCore): void {
  for (const token of state.tokens) {
    if (token.type === 'html_block') {
      token.content = neutraliseKitAttributes(token.content);
      if (token.map) {
        const span = `${token.map[0] + 1}-${token.map[1]}`;
        token.content = token.content.replace(/^(\s*<[A-Za-z][A-Za-z0-9-]*)(?=[\s/>])/, `$1 data-qa-line="${span}" data-qa-html`);
      }
      continue;
    }
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'html_inline') child.content = neutraliseKitAttributes(child.content);
      }
      continue;
    }
    if ((token.type === 'th_open' || token.type === 'td_open') && token.attrs) {
      const style = token.attrGet('style');
      const m = style ? ALIGN_STYLE.exec(String(style)) : null;
      token.attrs = token.attrs.filter(([name]) => name !== 'style');
      if (m) token.attrJoin('class', `qa-align-${m[1]}`);
    }
    if (token.map && token.block && token.nesting !== -1) {
      token.attrSet('data-qa-line', `${token.map[0] + 1}-${token.map[1]}`);
    }
  }
}

// --- renderer rules -----------------------------------------------------------

/**
 * markdown-it's tag renderer without the line breaks it writes between
 * block tags. Between blocks they are whitespace-only text nodes that
 * nothing displays, yet in a table or list they are as many as the cells or
 * items, and every node costs the sanitizer, the insertion and the layout.
 */
function renderTagCompact(this: Renderer, tokens: Token[], idx: number): string {
  const token = tokens[idx]!;
  if (token.hidden) return '';
  return `${token.nesting === -1 ? '</' : '<'}${token.tag}${this.renderAttrs(token)}>`;
}

function codeBlock(token: Token, lang: string, slf: Renderer): string {
  const text = token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content;
  const langAttr = lang ? ` data-lang="${escapeHtml(lang)}"` : '';
  return `<pre class="qa-code"${langAttr}${slf.renderAttrs(token)}><code>${escapeHtml(text)}</code></pre>`;
}

/** The fence's language: its first word, reduced to characters a language id uses. */
export function fenceLanguage(info: string): string {
  const word = info.trim().split(/[\s{,]/)[0] ?? '';
  return word.toLowerCase().replace(/[^a-z0-9_+#.-]/g, '').slice(0, 32);
}

function renderFrontMatter(token: Token, env: Env): string {
  const span = token.map ? ` data-qa-line="${token.map[0] + 1}-${token.map[1]}"` : '';
  const entries = readFrontMatter(token.content);
  if (!entries) {
    return `<pre class="qa-code qa-front-matter-code" data-lang="yaml"${span}><code>${escapeHtml(token.content)}</code></pre>`;
  }
  if (entries.length === 0) return '';
  const rows = entries
    .map(([key, value]) => {
      const cell = Array.isArray(value)
        ? `<ul>${value.map((v) => `<li>${escapeHtml(v)}</li>`).join('')}</ul>`
        : escapeHtml(value);
      return `<tr><th>${escapeHtml(key)}</th><td>${cell}</td></tr>`;
    })
    .join('');
  return `<table class="qa-front-matter"${span}><caption${kit(env, 'front-matter')}></caption><tbody>${rows}</tbody></table>`;
}

const MAYBE_SHORTCODE = /:[\w+-]+:/;

/**
 * Emoji shortcodes (`:tada:`), the plugin's rule limited to paragraphs that
 * contain something shaped like a shortcode: its one large pattern is slow
 * to run over every piece of text, and most text has none.
 */
function useEmoji(md: MarkdownIt): void {
  type CoreRule = (state: StateCore) => void;
  const ruler = md.core.ruler as unknown as { after(a: string, name: string, fn: CoreRule, opt?: unknown): void };
  const after = ruler.after;
  ruler.after = function (afterName, name, fn, opt) {
    const rule: CoreRule =
      name !== 'emoji'
        ? fn
        : (state) => {
            const candidates = state.tokens.filter((t) => t.type === 'inline' && MAYBE_SHORTCODE.test(t.content));
            if (candidates.length) fn({ tokens: candidates, Token: state.Token } as unknown as StateCore);
          };
    after.call(this, afterName, name, rule, opt);
  };
  try {
    md.use(emojiPlugin, { shortcuts: {} });
  } finally {
    ruler.after = after;
  }
}

function createParser(withEmoji: boolean): MarkdownIt {
  const md = markdownIt('default', { html: true, linkify: true, typographer: false });
  // Addresses without a scheme are links only under common generic endings: `README.md` or
  // `index.ts` are file names (country-code endings would make them links).
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true }).tlds(LINKIFY_TLDS, false);
  md.use(frontMatterPlugin);
  // Emoji shortcodes compile one large pattern; the quick first-screen parser goes without.
  if (withEmoji) useEmoji(md);
  md.use(footnotePlugin);
  md.use(alertsPlugin, {
    markers: ALERT_MARKERS,
    icons: {},
    titles: Object.fromEntries(ALERT_MARKERS.map((m) => [m.toLowerCase(), ''])),
  });
  md.use(anchorPlugin, { slugify, tabIndex: false, uniqueSlugStartIndex: 1 });
  md.core.ruler.after('github-alerts', 'qa_alerts_pairing', repairAlerts);
  md.core.ruler.after('inline', 'qa_task_lists', taskLists);
  md.core.ruler.push('qa_block_attributes', blockAttributes);

  md.renderer.renderToken = renderTagCompact;
  const rules = md.renderer.rules;
  rules.fence = (tokens, idx, _options, _env, slf) => codeBlock(tokens[idx]!, fenceLanguage(md.utils.unescapeAll(tokens[idx]!.info)), slf);
  rules.code_block = (tokens, idx, _options, _env, slf) => codeBlock(tokens[idx]!, '', slf);
  rules.code_inline = (tokens, idx, _options, _env, slf) =>
    `<code dir="ltr"${slf.renderAttrs(tokens[idx]!)}>${escapeHtml(tokens[idx]!.content)}</code>`;
  rules.front_matter = (tokens, idx, _options, env) => renderFrontMatter(tokens[idx]!, env as Env);
  rules.qa_task = (tokens, idx, _options, env) =>
    `<span${kit(env as Env, `task ${tokens[idx]!.meta?.checked ? 'checked' : 'open'}`)}></span>`;
  rules.alert_open = (tokens, idx, _options, env, slf) => {
    const token = tokens[idx]!;
    const type = String(token.meta?.type).replace(/[^a-z]/g, '');
    const title = String(token.meta?.title ?? '');
    return (
      `<div class="markdown-alert markdown-alert-${type}"${slf.renderAttrs(token)}>` +
      `<p class="markdown-alert-title"${kit(env as Env, `alert-title ${type}`)}>${escapeHtml(title)}</p>`
    );
  };
  rules.footnote_block_open = (_tokens, _idx, _options, env) =>
    `<section class="footnotes"${kit(env as Env, 'footnotes')}><h2 class="qa-sr-only"${kit(env as Env, 'footnotes-label')}></h2><ol class="footnotes-list">`;
  const backref = rules.footnote_anchor!;
  rules.footnote_anchor = (tokens, idx, options, env, slf) =>
    backref(tokens, idx, options, env, slf).replace('class="footnote-backref"', `class="footnote-backref"${kit(env as Env, 'backref')}`);
  return md;
}

let parser: MarkdownIt | null = null;
let quickParser: MarkdownIt | null = null;

// Core rules before inline parsing run once over the whole document (block
// structure, reference definitions, footnote definitions); the rest run per
// chunk, so the first chunk is out long before a large document is done.
const BLOCK_STAGE = ['normalize', 'block', 'github-alerts', 'qa_alerts_pairing'];
const CHUNK_STAGE = ['inline', 'linkify', 'replacements', 'smartquotes', 'text_join', 'emoji', 'qa_task_lists', 'anchor', 'qa_block_attributes'];
const TAIL_STAGE = ['footnote_tail'];

function getParser(quick = false): MarkdownIt {
  if (quick) return parser ?? (quickParser ??= createParser(false));
  return (parser ??= createParser(true));
}

function runStage(md: MarkdownIt, state: StateCore, rules: string[]): void {
  // The quick parser lacks some rules (emoji): names it does not know are skipped.
  md.core.ruler.enableOnly(rules, true);
  md.core.process(state);
}

// Raw HTML elements whose end tag is optional or absent: ignored when tracking open elements.
const NOT_COUNTED = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr', 'p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option', 'colgroup', 'tbody', 'thead', 'tfoot', 'rp', 'rt']);

/** How many raw HTML elements a top-level HTML block leaves open (negative when it closes some). */
function htmlDepthChange(html: string): number {
  let depth = 0;
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of withoutComments.matchAll(/<(\/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*?(\/?)>/g)) {
    const name = m[2]!.toLowerCase();
    if (NOT_COUNTED.has(name) || m[3]) continue;
    depth += m[1] ? -1 : 1;
  }
  return depth;
}

function lineStarts(src: string): number[] {
  const starts = [0];
  let i = -1;
  while ((i = src.indexOf('\n', i + 1)) !== -1) starts.push(i + 1);
  starts.push(src.length + 1);
  return starts;
}

/**
 * Parses `source` and yields HTML chunks that each end at a top-level block
 * boundary (never inside raw HTML left open, such as `<details>` … `</details>`
 * around Markdown). Footnotes come last.
 */
export function* renderChunks(source: string, options: ParseOptions): Generator<HtmlChunk, void, void> {
  const md = getParser(options.quick === true);
  const env: Env = { qaNonce: options.nonce };
  const firstChars = options.firstChunkChars ?? FIRST_CHUNK_CHARS;
  const chunkChars = options.chunkChars ?? CHUNK_CHARS;
  const state = new md.core.State(source, md, env);
  runStage(md, state, BLOCK_STAGE);
  const tokens = state.tokens;
  const src = state.src;
  const starts = lineStarts(src);
  const sizeOf = (t: Token) => (t.map ? starts[Math.min(t.map[1], starts.length - 1)]! - starts[t.map[0]]! : 0);

  const footnoteDefs: Token[] = [];
  let pending: Token[] = [];
  let pendingBlocks = 0;
  let pendingChars = 0;
  let firstLine = -1;
  let lastLine = 0;
  let openHtml = 0;
  let emitted = 0;

  const flush = (): HtmlChunk => {
    const sub = new md.core.State('', md, env);
    sub.tokens = pending;
    runStage(md, sub, CHUNK_STAGE);
    const html = md.renderer.render(sub.tokens, md.options, env);
    const chunk = { html, blocks: pendingBlocks, lines: Math.max(1, lastLine - Math.max(firstLine, 0)) };
    pending = [];
    pendingBlocks = 0;
    pendingChars = 0;
    firstLine = -1;
    emitted++;
    return chunk;
  };

  for (let i = 0; i < tokens.length; ) {
    const start = tokens[i]!;
    let end = i;
    if (start.nesting === 1) {
      end = i + 1;
      while (end < tokens.length && tokens[end]!.level !== start.level) end++;
    }
    const block = tokens.slice(i, end + 1);
    i = end + 1;
    if (start.type === 'footnote_reference_open') {
      footnoteDefs.push(...block);
      continue;
    }
    pending.push(...block);
    pendingBlocks++;
    pendingChars += sizeOf(start);
    if (start.map) {
      if (firstLine < 0) firstLine = start.map[0];
      lastLine = start.map[1];
    }
    if (start.type === 'html_block') openHtml = Math.max(0, openHtml + htmlDepthChange(start.content));
    // Chunks grow from small (the first screen, a cold JIT) to full size.
    const budget = Math.min(chunkChars, firstChars * 2 ** emitted);
    if (pendingChars >= budget && (openHtml === 0 || pendingChars >= MAX_OPEN_HTML_CHUNK_CHARS)) {
      openHtml = 0;
      yield flush();
    }
  }
  if (pending.length) yield flush();

  const footnotes = (env as { footnotes?: { list?: unknown[] } }).footnotes;
  if (footnotes?.list?.length) {
    const tail = new md.core.State('', md, env);
    tail.tokens = footnoteDefs;
    runStage(md, tail, CHUNK_STAGE);
    runStage(md, tail, TAIL_STAGE);
    const html = md.renderer.render(tail.tokens, md.options, env);
    if (html.trim()) yield { html, blocks: 1, lines: 1 };
  }
}

/** Renders a whole (small) document as one HTML string, footnotes left out, with the quick parser. */
export function renderWhole(source: string, nonce: string): HtmlChunk {
  let html = '';
  let blocks = 0;
  let lines = 0;
  for (const chunk of renderChunks(source, { nonce, firstChunkChars: Infinity, chunkChars: Infinity, quick: true })) {
    if (chunk.html.startsWith('<section class="footnotes"')) continue;
    html += chunk.html;
    blocks += chunk.blocks;
    lines += chunk.lines;
  }
  return { html, blocks, lines };
}
