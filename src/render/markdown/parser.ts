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
import markdownIt, { type MarkdownIt, type Renderer, type StateBlock, type StateCore, type StateInline, type Token } from 'markdown-it';
import { bare as emojiPlugin } from 'markdown-it-emoji';
import footnotePlugin from 'markdown-it-footnote';
import alertsPlugin from 'markdown-it-github-alerts';
import anchorPlugin from 'markdown-it-anchor';
import { frontMatterPlugin, readFrontMatter } from './front-matter.js';
import { FIRST_CHUNK_CHARS, documentPrefix, htmlDepthChange } from './prefix.js';
import { defuseInlineAttributes, defuseKitAttributes } from '../inline-attributes.js';
import { estimateWorkSteps, type WorkEstimate } from './budget.js';

/** Options of one parse. */
export interface ParseOptions {
  /** Random per render; marks the elements the kit itself emits. */
  nonce: string;
  /** Source characters in the first chunk (small, so the first screen is quick). */
  firstChunkChars?: number;
  /** Source characters in the following chunks. */
  chunkChars?: number;
  /** Where the first chunk ends (a source offset at a block boundary, e.g. the end of `provisionalPrefix`); overrides `firstChunkChars`. */
  firstChunkEnd?: number;
  /**
   * On the main thread: parse the document's block structure in slices of
   * about this long (ms), yielding a `pause` chunk between them, so a long
   * document never holds the page for its whole parse. Unset (the worker):
   * one pass.
   */
  sliceMs?: number;
}

/** One block-aligned piece of the rendered document. */
export interface HtmlChunk {
  /**
   * The chunk's markup. Inline `style` and `on…` attribute names in the
   * document's own HTML are already renamed (`defuseInlineAttributes`), so
   * the page's sanitizer need not scan for them again; the parser's own
   * markup never has such attributes.
   */
  html: string;
  /** Top-level blocks in this chunk. */
  blocks: number;
  /** Source lines this chunk spans (for a size estimate before layout). */
  lines: number;
  /**
   * A first screen rendered from the document's start alone, sent before
   * the whole document is parsed; the real first chunk follows and replaces
   * it (usually with the very same HTML).
   */
  provisional?: true;
  /** No markup: the parser stopped between two slices of its work (see `ParseOptions.sliceMs`); ask for the next chunk after yielding. */
  pause?: true;
  /**
   * The chunk starts with the rest of the previous chunk's last block: a
   * long list or table is sent in pieces (each a complete list or table of
   * its own), and this piece's items or body rows belong at the end of that
   * block.
   */
  continues?: true;
  /**
   * Set on a middle piece of a long table (`continues` is set too): the
   * chunk is nothing but this many body rows of the table the previous
   * chunk ends with, so a page that holds a long table's later rows back can
   * keep the markup aside and sanitize it only when the rows are shown.
   */
  rows?: number;
  /**
   * The document is over its work budget (see `budget.ts`): this is the
   * only chunk, with no markup, and the document must not be rendered.
   */
  tooComplex?: WorkEstimate;
}

export { FIRST_CHUNK_CHARS } from './prefix.js';
export const CHUNK_CHARS = 5_000;
/** Raw HTML left open (an unclosed `<div>`) never holds more than this in one chunk. */
const MAX_OPEN_HTML_CHUNK_CHARS = 200_000;
/** A top-level list or table this many times longer than a chunk is sent in pieces. */
const SPLIT_FACTOR = 1.5;

const LINKIFY_TLDS = ['com', 'org', 'net', 'edu', 'gov', 'io', 'dev', 'app', 'info', 'example', 'test', 'localhost'];
const ALERT_MARKERS = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'];
const ALIGN_STYLE = /^text-align:(left|center|right)$/;

type Env = Record<string, unknown> & {
  qaNonce: string;
  /** Set while a chunk is processed when it holds raw HTML from the document. */
  qaRaw?: boolean;
};

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

// What GitHub's heading ids drop: every character but letters, marks, decimal and letter numbers,
// connector punctuation (`_`), alphabetic symbols, `-` and the plain space.
const SLUG_DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic}\- ]/gu;

/**
 * GitHub's heading slug: the heading's text (emoji and images contribute
 * nothing) in lower case, dropped characters removed, each space a dash.
 * Not trimmed: `:rocket: Features` is `-features`, as on GitHub.
 */
export function slugify(text: string): string {
  return text.toLowerCase().replace(SLUG_DROPPED, '').replace(/ /g, '-') || 'section';
}

const kit = (env: unknown, role: string) => ` data-qa-kit="${(env as Env).qaNonce} ${role}"`;

// --- core rules -------------------------------------------------------------

/**
 * Task lists: `- [ ] text` / `- [x] text` items get a (later disabled)
 * checkbox marker; as on GitHub the marker needs text after it (`- [ ]`
 * alone stays literal) and the space before that text stays.
 */
function taskLists(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open' || tokens[i - 2]!.type !== 'list_item_open') continue;
    const m = /^\[([ xX])\](?=[ \t]+\S|\n)/.exec(inline.content);
    const first = inline.children?.[0];
    if (!m || !first || first.type !== 'text' || !first.content.startsWith(m[0])) continue;
    first.content = first.content.slice(m[0].length);
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
  const env = state.env as Env;
  for (const token of state.tokens) {
    if (token.type === 'html_block') {
      env.qaRaw = true;
      token.content = defuseKitAttributes(token.content);
      if (token.map) {
        const span = `${token.map[0] + 1}-${token.map[1]}`;
        token.content = token.content.replace(/^(\s*<[A-Za-z][A-Za-z0-9-]*)(?=[\s/>])/, `$1 data-qa-line="${span}" data-qa-html`);
      }
      continue;
    }
    if (token.type === 'inline') {
      for (const child of token.children ?? []) {
        if (child.type === 'html_inline') {
          env.qaRaw = true;
          child.content = defuseKitAttributes(child.content);
        }
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

/** Code as written, line breaks and trailing blank lines included (the highlighter keeps them too). */
function codeBlock(token: Token, lang: string, slf: Renderer): string {
  const text = token.content;
  const langAttr = lang ? ` data-lang="${escapeHtml(lang)}"` : '';
  return `<pre class="qa-code"${langAttr}${slf.renderAttrs(token)}><code>${escapeHtml(text)}</code></pre>`;
}

/** The fence's language: its first word, reduced to characters a language id uses. */
export function fenceLanguage(info: string): string {
  const word = info.trim().split(/[\s{,]/)[0] ?? '';
  return word
    .toLowerCase()
    .replace(/[^a-z0-9_+#.-]/g, '')
    .slice(0, 32);
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
      const cell = Array.isArray(value) ? `<ul>${value.map((v) => `<li>${escapeHtml(v)}</li>`).join('')}</ul>` : escapeHtml(value);
      return `<tr><th>${escapeHtml(key)}</th><td>${cell}</td></tr>`;
    })
    .join('');
  return `<table class="qa-front-matter"${span}><caption${kit(env, 'front-matter')}></caption><tbody>${rows}</tbody></table>`;
}

const MAYBE_SHORTCODE = /:[\w+-]+:/;

/** True when `source` contains something shaped like an emoji shortcode (`:tada:`). */
export function mayHaveShortcodes(source: string): boolean {
  return MAYBE_SHORTCODE.test(source);
}

/**
 * Emoji shortcodes (`:tada:`): the plugin's rule limited to paragraphs that
 * contain something shaped like a shortcode (its one large pattern is slow
 * to run over every piece of text, and most text has none).
 */
function useEmoji(md: MarkdownIt, defs: Record<string, string>): void {
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
    md.use(emojiPlugin, { defs, shortcuts: {} });
  } finally {
    ruler.after = after;
  }
}

let emoji: Promise<void> | null = null;

/**
 * Loads the emoji table (a large list, loaded only for documents that may
 * use it: see `mayHaveShortcodes`) and adds shortcodes to the parser.
 * Documents parsed before it resolves show shortcodes as written.
 */
export function loadEmoji(): Promise<void> {
  emoji ??= import('markdown-it-emoji/lib/data/full.mjs').then(({ default: defs }) => useEmoji(getParser(), defs));
  return emoji;
}

type LinkifyMatch = { schema: string; raw: string };

// GitHub's e-mail autolink: letters, digits and `.+-_`, `@`, dot-separated labels of letters, digits,
// `-` and `_`, ending in a letter.
const GITHUB_EMAIL = /^[a-z0-9.+_-]+@[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.[a-z0-9_-]*[a-z]$/i;

/**
 * GitHub's autolinks: `http://`, `https://`, `ftp://` and `mailto:` URLs,
 * addresses starting with `www.`, and e-mail addresses under GitHub's rule.
 * Not bare domains (`crates.io`, `README.md`), `//host`, nor `name@1.2.3`.
 */
function githubAutolink(m: LinkifyMatch): boolean {
  if (m.schema === '') return /^www\./i.test(m.raw);
  if (m.schema === 'mailto:' && !/^mailto:/i.test(m.raw)) return GITHUB_EMAIL.test(m.raw);
  return m.schema === 'http:' || m.schema === 'https:' || m.schema === 'ftp:' || m.schema === 'mailto:';
}

/**
 * Where a web autolink ends, by GitHub's rules rather than linkify-it's: it
 * runs to the next space or `<`, then loses trailing punctuation
 * (`?!.,:*_~`), closing parentheses that have no opening one in the link, and
 * a trailing entity-like `&name;` — repeated until nothing changes. The
 * match's start (and so its domain check) stays linkify-it's.
 */
function gfmLinkEnd(text: string, start: number): number {
  const rest = text.slice(start);
  const stop = rest.search(/[\s<]/);
  let link = stop < 0 ? rest : rest.slice(0, stop);
  for (;;) {
    const before = link;
    link = link.replace(/[?!.,:*_~]+$/, '');
    if (link.endsWith(')')) {
      let open = 0;
      let close = 0;
      for (const c of link)
        if (c === '(') open++;
        else if (c === ')') close++;
      while (link.endsWith(')') && close > open) {
        link = link.slice(0, -1);
        close--;
      }
    }
    const entity = /&[a-z0-9]+;$/i.exec(link);
    if (entity) link = link.slice(0, -entity[0].length);
    if (link === before) return start + link.length;
  }
}

/** A web autolink match (not e-mail) ending where GitHub ends it (see `gfmLinkEnd`); null when nothing is left of it. */
type FullMatch = NonNullable<ReturnType<MarkdownIt['linkify']['matchAtStart']>>;

function gfmExtent(text: string, m: FullMatch): FullMatch | null {
  if (m.schema === 'mailto:') return m;
  const end = gfmLinkEnd(text, m.index);
  if (end === m.lastIndex) return m;
  const raw = text.slice(m.index, end);
  if (!/^(?:www\.|[a-z][a-z0-9+.-]*:\/\/)[^/?#]/i.test(raw)) return null;
  return { ...m, lastIndex: end, raw, text: raw, url: m.schema === '' ? `http://${raw}` : raw };
}

/** Strikethrough with one or two tildes, as on GitHub (`~a~`, `~~a~~` → `<del>`; three or more are text). */
function strikethrough(md: MarkdownIt): void {
  type Delimiter = { marker: number; length: number; token: number; end: number; open: boolean; close: boolean };
  type InlineState = StateInline & { delimiters: Delimiter[]; tokens_meta: Array<{ delimiters?: Delimiter[] } | null> };
  // A single tilde pairs only with a single one: it gets a marker of its own.
  const DOUBLE = 0x7e;
  const SINGLE = 0x7e + 0x10000;
  md.inline.ruler.at('strikethrough', (state, silent) => {
    if (silent || state.src.charCodeAt(state.pos) !== 0x7e) return false;
    const scanned = state.scanDelims(state.pos, true);
    const run = state.src.slice(state.pos, state.pos + scanned.length);
    const token = state.push('text', '', 0);
    token.content = run;
    if (scanned.length <= 2) {
      (state as InlineState).delimiters.push({
        marker: scanned.length === 1 ? SINGLE : DOUBLE,
        length: 0,
        token: state.tokens.length - 1,
        end: -1,
        open: scanned.can_open,
        close: scanned.can_close,
      });
    }
    state.pos += scanned.length;
    return true;
  });
  const pair = (state: InlineState, delimiters: Delimiter[]) => {
    for (const open of delimiters) {
      if ((open.marker !== DOUBLE && open.marker !== SINGLE) || open.end === -1) continue;
      const markup = open.marker === DOUBLE ? '~~' : '~';
      for (const [at, type, nesting] of [
        [open.token, 's_open', 1],
        [delimiters[open.end]!.token, 's_close', -1],
      ] as const) {
        Object.assign(state.tokens[at]!, { type, tag: 'del', nesting, markup, content: '' });
      }
    }
  };
  md.inline.ruler2.at('strikethrough', (state) => {
    const s = state as InlineState;
    pair(s, s.delimiters);
    for (const meta of s.tokens_meta) if (meta?.delimiters) pair(s, meta.delimiters);
    return false;
  });
}

function createParser(): MarkdownIt {
  const md = markdownIt('default', { html: true, linkify: true, typographer: false });
  // Autolinks as on GitHub (see `githubAutolink`); the endings list only widens `www.` addresses.
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true }).tlds(LINKIFY_TLDS, true);
  const match = md.linkify.match.bind(md.linkify);
  md.linkify.match = (text) => {
    const found = match(text)?.filter(githubAutolink);
    // After a true `test()`, markdown-it reads the answer's length: an array, empty when nothing is left.
    if (!found) return found ?? null;
    const out: FullMatch[] = [];
    for (const m of found) {
      // A link that now runs over the next one takes it in (GitHub reads them as one).
      if (out.length && m.index < out[out.length - 1]!.lastIndex) continue;
      const g = gfmExtent(text, m);
      if (g) out.push(g);
    }
    return out;
  };
  // Scheme links found while parsing inline text (`https://…`) end by the same rules.
  const matchAtStart = md.linkify.matchAtStart.bind(md.linkify);
  md.linkify.matchAtStart = (text) => {
    const m = matchAtStart(text);
    return m && gfmExtent(text, m);
  };
  strikethrough(md);
  md.use(frontMatterPlugin);
  // First of all block rules (front matter only ever matches line 0 of a fresh parse).
  md.block.ruler.before('front_matter', 'qa_pause', pauseRule);
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
  // Inline code reads left to right whatever the paragraph's direction: the styles say so (an attribute
  // on every code span cost the sanitizer a full attribute pass each).
  rules.code_inline = (tokens, idx, _options, _env, slf) => `<code${slf.renderAttrs(tokens[idx]!)}>${escapeHtml(tokens[idx]!.content)}</code>`;
  rules.front_matter = (tokens, idx, _options, env) => renderFrontMatter(tokens[idx]!, env as Env);
  rules.qa_task = (tokens, idx, _options, env) => `<span${kit(env as Env, `task ${tokens[idx]!.meta?.checked ? 'checked' : 'open'}`)}></span>`;
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
  // Footnote marks as on GitHub: `1`, not `[1]`; `↩`, not `↩︎`.
  rules.footnote_caption = (tokens, idx) => {
    const meta = tokens[idx]!.meta as { id: number; subId: number };
    return `${meta.id + 1}${meta.subId > 0 ? `:${meta.subId}` : ''}`;
  };
  const backref = rules.footnote_anchor!;
  rules.footnote_anchor = (tokens, idx, options, env, slf) =>
    backref(tokens, idx, options, env, slf)
      .replace('class="footnote-backref"', `class="footnote-backref"${kit(env as Env, 'backref')}`)
      .replace('\u21a9\ufe0e', '\u21a9');
  return md;
}

let parser: MarkdownIt | null = null;

// Core rules before inline parsing run once over the whole document (block
// structure, reference definitions, footnote definitions); the rest run per
// chunk, so the first chunk is out long before a large document is done.
const BLOCK_STAGE = ['normalize', 'block', 'github-alerts', 'qa_alerts_pairing'];
const CHUNK_STAGE = ['inline', 'linkify', 'replacements', 'smartquotes', 'text_join', 'emoji', 'qa_task_lists', 'anchor', 'qa_block_attributes'];
const TAIL_STAGE = ['footnote_tail'];

/** The parser, set up on first use (call it early to have it ready). */
export function getParser(): MarkdownIt {
  return (parser ??= createParser());
}

/**
 * Runs the per-chunk rules over `tokens` and renders them; the document's
 * own inline style and handler attribute names are renamed when the chunk
 * holds raw HTML (here, off the main thread when this runs in the worker).
 */
function renderPart(md: MarkdownIt, tokens: Token[], env: Env, rules: string[][]): string {
  const state = new md.core.State('', md, env);
  state.tokens = tokens;
  env.qaRaw = false;
  for (const stage of rules) runStage(md, state, stage);
  const html = md.renderer.render(state.tokens, md.options, env);
  return env.qaRaw ? defuseInlineAttributes(html) : html;
}

/** When the block parse in progress stops at the next top-level block (see `pausableBlocks`); Infinity: it never does. */
let blockDeadline = Infinity;
/** The line the block parse stopped before, or -1. */
let pausedAt = -1;
/** The line the current slice started at: it never stops there (each slice parses at least one block). */
let sliceStart = 0;

/**
 * The first block rule: past `blockDeadline`, at the start of a top-level
 * block, it ends the block parse there (remembering the line), so the parse
 * can go on from that line later with the same state. Nested blocks (lists,
 * quotes) and the other rules' look-ahead (`silent`) are never cut.
 */
function pauseRule(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (silent || state.level !== 0 || startLine <= sliceStart || blockDeadline === Infinity || performance.now() < blockDeadline) return false;
  pausedAt = startLine;
  state.line = endLine;
  return true;
}

/**
 * The block stage of `state` (what `runStage(…, BLOCK_STAGE)` does), in
 * slices of about `sliceMs`: yields between slices. The tokens are the same
 * as from one pass — the parse resumes where it stopped, in the same state.
 */
function* pausableBlocks(md: MarkdownIt, state: StateCore, sliceMs: number): Generator<void, void, void> {
  runStage(md, state, ['normalize']);
  // An empty source: markdown-it's block rule makes no tokens and runs no block rule.
  if (!state.src) return void runStage(md, state, ['github-alerts', 'qa_alerts_pairing']);
  // The block state's line table (one pass over every character) is built in slices too.
  const block = new md.block.State('', md, state.env, state.tokens);
  yield* lineTable(block, state.src, sliceMs);
  let line = 0;
  const end = block.lineMax;
  while (line < end) {
    blockDeadline = performance.now() + sliceMs;
    pausedAt = -1;
    sliceStart = line;
    try {
      md.block.tokenize(block, line, end);
    } finally {
      blockDeadline = Infinity;
    }
    if (pausedAt < 0) break;
    line = pausedAt;
    yield;
  }
  yield;
  runStage(md, state, ['github-alerts', 'qa_alerts_pairing']);
}

/** Characters of the line table scanned between two looks at the clock. */
const LINE_TABLE_STEP = 64 * 1024;

/**
 * Fills the line table of `block` (begin and end of each line, its
 * indentation) for `src` exactly as markdown-it's `StateBlock` constructor
 * does, yielding whenever a slice of `sliceMs` is used up. The test that the
 * sliced parse gives the chunks of one pass compares them.
 */
export function* lineTable(block: StateBlock, src: string, sliceMs: number): Generator<void, void, void> {
  const bMarks: number[] = [];
  const eMarks: number[] = [];
  const tShift: number[] = [];
  const sCount: number[] = [];
  const bsCount: number[] = [];
  const len = src.length;
  let start = 0;
  let indent = 0;
  let offset = 0;
  let indentFound = false;
  let deadline = performance.now() + sliceMs;
  for (let pos = 0; pos < len;) {
    const stop = Math.min(len, pos + LINE_TABLE_STEP);
    for (; pos < stop; pos++) {
      const ch = src.charCodeAt(pos);
      if (!indentFound) {
        if (ch === 0x20 || ch === 0x09) {
          indent++;
          if (ch === 0x09) offset += 4 - (offset % 4);
          else offset++;
          continue;
        }
        indentFound = true;
      }
      if (ch === 0x0a || pos === len - 1) {
        if (ch !== 0x0a) pos++;
        bMarks.push(start);
        eMarks.push(pos);
        tShift.push(indent);
        sCount.push(offset);
        bsCount.push(0);
        indentFound = false;
        indent = 0;
        offset = 0;
        start = pos + 1;
      }
    }
    if (pos < len && performance.now() >= deadline) {
      yield;
      deadline = performance.now() + sliceMs;
    }
  }
  bMarks.push(len);
  eMarks.push(len);
  tShift.push(0);
  sCount.push(0);
  bsCount.push(0);
  Object.assign(block, { src, bMarks, eMarks, tShift, sCount, bsCount, lineMax: bMarks.length - 1 });
}

function runStage(md: MarkdownIt, state: StateCore, rules: string[]): void {
  // Until the emoji table is loaded there is no emoji rule: names the parser does not know are skipped.
  md.core.ruler.enableOnly(rules, true);
  md.core.process(state);
}

type TokenFactory = (type: string, tag: string, nesting: -1 | 0 | 1) => Token;

/** A piece of a split block and the source lines it covers (0-based, end exclusive). */
interface Piece {
  tokens: Token[];
  span: [number, number];
}

function cloneToken(make: TokenFactory, t: Token, map: [number, number] | null = t.map): Token {
  const c = make(t.type, t.tag, t.nesting);
  Object.assign(c, t);
  c.attrs = t.attrs ? t.attrs.map(([name, value]) => [name, value] as [string, string]) : null;
  c.map = map ? [map[0], map[1]] : null;
  return c;
}

/** Index ranges `[open, close]` of the children of `block[from…to)` at `level` (list items, table rows). */
function childRanges(block: Token[], from: number, to: number, level: number, openType: string): Array<[number, number]> | null {
  const out: Array<[number, number]> = [];
  for (let k = from; k < to;) {
    const t = block[k]!;
    if (t.type !== openType || t.level !== level) return null;
    let e = k + 1;
    while (e < to && !(block[e]!.nesting === -1 && block[e]!.level === level)) e++;
    if (e >= to) return null;
    out.push([k, e]);
    k = e + 1;
  }
  return out;
}

/** Markup per element, roughly (tags and the kit's attributes), for a size estimate before rendering. */
const MARKUP_PER_ELEMENT = 40;

/**
 * Consecutive runs of `ranges` that render to about twice `chars`
 * characters each (what a chunk of ordinary text renders to), estimated
 * from their source and their elements' markup: a table row of short cells
 * renders to several times its source, and the sanitizer's work grows with
 * elements.
 */
function groupBySize(block: Token[], ranges: Array<[number, number]>, chars: number, sizeOf: (t: Token) => number): Array<Array<[number, number]>> {
  const groups: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  let size = 0;
  for (const range of ranges) {
    current.push(range);
    let elements = 0;
    for (let k = range[0]; k <= range[1]; k++) if (block[k]!.nesting === 1 && !block[k]!.hidden) elements++;
    size += sizeOf(block[range[0]]!) + elements * MARKUP_PER_ELEMENT;
    if (size >= chars * 2) {
      groups.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length) groups.push(current);
  return groups;
}

const spanOfRanges = (block: Token[], ranges: Array<[number, number]>): [number, number] => {
  const a = block[ranges[0]![0]]!.map;
  const b = block[ranges[ranges.length - 1]![0]]!.map;
  return a && b ? [a[0], b[1]] : [0, 0];
};

/**
 * A long top-level list or table cut between its items or body rows into
 * pieces of about `chars` source characters, each a complete list or table
 * of its own (the first keeps the table's head; the pieces of an ordered
 * list keep their numbers). Null when `block` is neither or cannot be cut.
 */
function splitBlock(block: Token[], chars: number, sizeOf: (t: Token) => number, make: TokenFactory): Piece[] | null {
  const open = block[0]!;
  const close = block[block.length - 1]!;
  if (!open.map) return null;
  const whole = open.map;
  // The first piece starts where the block does (a table's head comes with it).
  const spanOf = (group: Array<[number, number]>, g: number): [number, number] => {
    const span = spanOfRanges(block, group);
    return g === 0 ? [whole[0], span[1]] : span;
  };
  if (open.type === 'bullet_list_open' || open.type === 'ordered_list_open') {
    const items = childRanges(block, 1, block.length - 1, open.level + 1, 'list_item_open');
    if (!items || items.length < 2) return null;
    const groups = groupBySize(block, items, chars, sizeOf);
    const first = Number(open.attrGet('start') ?? 1);
    let count = 0;
    return groups.map((group, g) => {
      let head = open;
      if (g > 0) {
        head = cloneToken(make, open, spanOf(group, g));
        if (open.type === 'ordered_list_open') head.attrSet('start', String(first + count));
      }
      count += group.length;
      const tokens = [head, ...block.slice(group[0]![0], group[group.length - 1]![1] + 1), g === groups.length - 1 ? close : cloneToken(make, close)];
      return { tokens, span: spanOf(group, g) };
    });
  }
  if (open.type === 'table_open') {
    const bodyOpen = block.findIndex((t) => t.type === 'tbody_open' && t.level === open.level + 1);
    const bodyClose = block.length - 2;
    if (bodyOpen < 0 || block[bodyClose]!.type !== 'tbody_close') return null;
    const rows = childRanges(block, bodyOpen + 1, bodyClose, open.level + 2, 'tr_open');
    if (!rows || rows.length < 2) return null;
    const groups = groupBySize(block, rows, chars, sizeOf);
    return groups.map((group, g) => {
      const last = g === groups.length - 1;
      const head = g === 0 ? block.slice(0, bodyOpen + 1) : [cloneToken(make, open, spanOf(group, g)), cloneToken(make, block[bodyOpen]!)];
      const tail = last ? [block[bodyClose]!, close] : [cloneToken(make, block[bodyClose]!), cloneToken(make, close)];
      return { tokens: [...head, ...block.slice(group[0]![0], group[group.length - 1]![1] + 1), ...tail], span: spanOf(group, g) };
    });
  }
  return null;
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
  const md = getParser();
  const env: Env = { qaNonce: options.nonce };
  const firstChars = options.firstChunkChars ?? FIRST_CHUNK_CHARS;
  const firstEnd = options.firstChunkEnd;
  const chunkChars = options.chunkChars ?? CHUNK_CHARS;
  const state = new md.core.State(source, md, env);
  if (options.sliceMs === undefined) runStage(md, state, BLOCK_STAGE);
  else for (const _ of pausableBlocks(md, state, options.sliceMs)) yield { html: '', blocks: 0, lines: 0, pause: true };
  const tokens = state.tokens;
  const src = state.src;
  const starts = lineStarts(src);
  const sizeOf = (t: Token) => (t.map ? starts[Math.min(t.map[1], starts.length - 1)]! - starts[t.map[0]]! : 0);
  // Before any markup is made: a document that would build too many or too deeply nested elements stops here.
  const estimate = estimateWorkSteps(tokens, sizeOf, chunkChars, options.sliceMs ?? Infinity);
  let step = estimate.next();
  for (; !step.done; step = estimate.next()) yield { html: '', blocks: 0, lines: 0, pause: true };
  const work = step.value;
  if (work.over) {
    yield { html: '', blocks: 0, lines: 0, tooComplex: work };
    return;
  }

  const footnoteDefs: Token[] = [];
  let pending: Token[] = [];
  let pendingBlocks = 0;
  let pendingChars = 0;
  let firstLine = -1;
  let lastLine = 0;
  let openHtml = 0;
  let emitted = 0;
  let continuing = false;
  const make: TokenFactory = (type, tag, nesting) => new state.Token(type, tag, nesting);

  const flush = (): HtmlChunk => {
    const html = renderPart(md, pending, env, [CHUNK_STAGE]);
    const chunk: HtmlChunk = { html, blocks: pendingBlocks, lines: Math.max(1, lastLine - Math.max(firstLine, 0)) };
    if (continuing) chunk.continues = true;
    continuing = false;
    pending = [];
    pendingBlocks = 0;
    pendingChars = 0;
    firstLine = -1;
    emitted++;
    return chunk;
  };

  for (let i = 0; i < tokens.length;) {
    const start = tokens[i]!;
    let end = i;
    if (start.nesting === 1) {
      end = i + 1;
      while (end < tokens.length && tokens[end]!.level !== start.level) end++;
    }
    // The first chunk ends exactly where it was asked to (the provisional first screen ends there too).
    if (emitted === 0 && firstEnd !== undefined && openHtml === 0 && pending.length && start.map && starts[start.map[0]]! >= firstEnd) yield flush();
    const block = tokens.slice(i, end + 1);
    i = end + 1;
    if (start.type === 'footnote_reference_open') {
      footnoteDefs.push(...block);
      continue;
    }
    // A long list or table goes out in pieces, so no chunk is much larger than the others.
    const pieces = openHtml === 0 && sizeOf(start) > chunkChars * SPLIT_FACTOR ? splitBlock(block, chunkChars, sizeOf, make) : null;
    if (pieces && pieces.length > 1) {
      // Its first piece starts a chunk of its own unless what waits is small.
      if (pending.length && pendingChars >= chunkChars / 2 && (emitted > 0 || firstEnd === undefined)) yield flush();
      for (let p = 0; p < pieces.length; p++) {
        const { tokens: piece, span } = pieces[p]!;
        if (p > 0) continuing = true;
        else pendingBlocks++;
        pending.push(...piece);
        pendingChars += starts[Math.min(span[1], starts.length - 1)]! - starts[span[0]]!;
        if (firstLine < 0) firstLine = span[0];
        lastLine = span[1];
        if (p < pieces.length - 1) {
          const chunk = flush();
          if (p > 0 && start.type === 'table_open') chunk.rows = piece.reduce((n, t) => n + (t.type === 'tr_open' ? 1 : 0), 0);
          yield chunk;
        }
      }
    } else {
      pending.push(...block);
      pendingBlocks++;
      pendingChars += sizeOf(start);
      if (start.map) {
        if (firstLine < 0) firstLine = start.map[0];
        lastLine = start.map[1];
      }
      if (start.type === 'html_block') openHtml = Math.max(0, openHtml + htmlDepthChange(start.content));
    }
    // Chunks grow from small (the first screen, a cold JIT) to full size.
    const budget = emitted === 0 && firstEnd !== undefined ? Infinity : Math.min(chunkChars, firstChars * 2 ** emitted);
    if (pendingChars >= budget && (openHtml === 0 || pendingChars >= MAX_OPEN_HTML_CHUNK_CHARS)) {
      openHtml = 0;
      yield flush();
    }
  }
  if (pending.length) yield flush();

  const footnotes = (env as { footnotes?: { list?: unknown[] } }).footnotes;
  if (footnotes?.list?.length) {
    const html = renderPart(md, footnoteDefs, env, [CHUNK_STAGE, TAIL_STAGE]);
    if (html.trim()) yield { html, blocks: 1, lines: 1 };
  }
}

/**
 * Documents at least this long first show a provisional screen rendered
 * from their start alone: parsing the whole block structure first would
 * hold the first screen back (tens of milliseconds for 100 KB).
 */
export const PROVISIONAL_MIN_CHARS = 32_000;

/**
 * The start of a long document that can be rendered on its own as a
 * provisional first screen while the whole document is parsed, or null
 * (a short document, or no clean cut near the start).
 */
export function provisionalPrefix(source: string, firstChunkChars = FIRST_CHUNK_CHARS): string | null {
  return source.length >= PROVISIONAL_MIN_CHARS ? documentPrefix(source, firstChunkChars) : null;
}

/** Renders a document's start (see `provisionalPrefix`) as one provisional chunk, footnotes left out. */
export function renderProvisional(prefix: string, nonce: string): HtmlChunk {
  const steps = provisionalSteps(prefix, nonce);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/** `renderProvisional`, with `sliceMs` (on the main thread) yielding `pause` chunks between slices of its parse. */
function* provisionalSteps(prefix: string, nonce: string, sliceMs?: number): Generator<HtmlChunk, HtmlChunk, void> {
  let html = '';
  let blocks = 0;
  let lines = 0;
  for (const chunk of renderChunks(prefix, { nonce, firstChunkChars: Infinity, chunkChars: Infinity, sliceMs })) {
    if (chunk.pause) {
      yield chunk;
      continue;
    }
    if (chunk.tooComplex) return chunk;
    if (chunk.html.startsWith('<section class="footnotes"')) continue;
    html += chunk.html;
    blocks += chunk.blocks;
    lines += chunk.lines;
  }
  return { html, blocks, lines, provisional: true };
}

/**
 * Every chunk of a document in order: for a long one, a provisional first
 * screen first (see `HtmlChunk.provisional`); emoji shortcodes once the
 * emoji table is loaded, which this waits for when the document may use
 * them. The same sequence in the parsing worker and on the main thread.
 */
export async function* documentChunks(source: string, options: ParseOptions): AsyncGenerator<HtmlChunk, void, void> {
  const prefix = options.firstChunkEnd === undefined ? provisionalPrefix(source, options.firstChunkChars) : null;
  const shortcodes = mayHaveShortcodes(source);
  if (shortcodes) void loadEmoji().catch(() => undefined);
  if (options.sliceMs !== undefined && !parser) {
    // On the main thread, setting the parser up is a slice of its own.
    getParser();
    yield { html: '', blocks: 0, lines: 0, pause: true };
  }
  if (prefix) {
    // On the main thread the first screen's parse is sliced too (its block structure, then its inline content).
    const first = yield* provisionalSteps(prefix, options.nonce, options.sliceMs);
    yield first;
    if (first.tooComplex) return;
  }
  if (shortcodes) await loadEmoji().catch(() => undefined);
  yield* renderChunks(source, prefix ? { ...options, firstChunkEnd: prefix.length } : options);
}
