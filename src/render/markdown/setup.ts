/**
 * The kit's markdown-it: set up once, with what GitHub readers expect
 * (tables, strikethrough, task lists, autolinks, footnotes, alerts, front
 * matter, heading ids; emoji shortcodes once loaded, see emoji.ts) and a
 * renderer that writes the kit's markup. Pure: no DOM.
 *
 * Elements the kit itself adds carry `data-qa-kit="<nonce> <role> …"`; the
 * nonce is random per render, so the document cannot forge them.
 */
import markdownIt, { type MarkdownIt, type Renderer, type Token } from 'markdown-it';
import footnotePlugin from 'markdown-it-footnote';
import alertsPlugin from 'markdown-it-github-alerts';
import anchorPlugin from 'markdown-it-anchor';
import { useGithubAutolinks } from './autolinks.js';
import { frontMatterPlugin, readFrontMatter } from './front-matter.js';
import { blockAttributes, repairAlerts, strikethrough, taskLists } from './rules.js';
import { pauseRule } from './sliced.js';
import type { Env } from './stages.js';
import { isAscii } from '../../workspace/bytes.js';

const ALERT_MARKERS = ['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'];

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

// What GitHub's heading ids drop: every character but letters, marks, decimal and letter numbers,
// connector punctuation (`_`), alphabetic symbols, `-` and the plain space.
const SLUG_DROPPED = /[^\p{L}\p{M}\p{Nd}\p{Nl}\p{Pc}\p{Alphabetic}\- ]/gu;
// The same for ASCII text (its letters, digits and `_` are all of those classes it holds). Most
// headings are ASCII, and the first use of the expression above builds its Unicode tables.
const SLUG_DROPPED_ASCII = /[^a-z0-9_\- ]/g;

/**
 * GitHub's heading slug: the heading's text (emoji and images contribute
 * nothing) in lower case, dropped characters removed, each space a dash.
 * Not trimmed: `:rocket: Features` is `-features`, as on GitHub.
 */
export function slugify(text: string): string {
  const lower = text.toLowerCase();
  return lower.replace(isAscii(lower) ? SLUG_DROPPED_ASCII : SLUG_DROPPED, '').replace(/ /g, '-') || 'section';
}

const kit = (env: unknown, role: string) => ` data-qa-kit="${(env as Env).qaNonce} ${role}"`;

// --- renderer rules -----------------------------------------------------------

/**
 * markdown-it's tag renderer without the line breaks it writes between
 * block tags. Between blocks they are whitespace-only text nodes that
 * nothing displays, yet in a table or list they are as many as the cells or
 * items, and every node costs the sanitizer, the insertion and the layout
 * (benchmark row "Markdown 1 MB: fully rendered, painted"). It replaces the
 * renderer's own `renderToken` on the kit's instance.
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

function createParser(): MarkdownIt {
  const md = markdownIt('default', { html: true, linkify: true, typographer: false });
  useGithubAutolinks(md);
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

/** The parser, set up on first use (call it early to have it ready). */
export function getParser(): MarkdownIt {
  return (parser ??= createParser());
}

/** True once the parser is set up. */
export function hasParser(): boolean {
  return parser !== null;
}
