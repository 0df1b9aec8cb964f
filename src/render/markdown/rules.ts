/**
 * The kit's own rules of the parser: GitHub's task lists and strikethrough,
 * alerts paired by nesting level, and the attributes every block carries
 * (its source lines, table alignment as a class, the document's raw HTML
 * defused). Pure: no DOM.
 */
import type { MarkdownIt, StateCore, StateInline } from 'markdown-it';
import { defuseKitAttributes } from '../inline-attributes.js';
import type { Env } from './stages.js';

const ALIGN_STYLE = /^text-align:(left|center|right)$/;

/**
 * Task lists: `- [ ] text` / `- [x] text` items get a (later disabled)
 * checkbox marker; as on GitHub the marker needs text after it (`- [ ]`
 * alone stays literal) and the space before that text stays.
 */
export function taskLists(state: StateCore): void {
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
export function repairAlerts(state: StateCore): void {
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
export function blockAttributes(state: StateCore): void {
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

/** Strikethrough with one or two tildes, as on GitHub (`~a~`, `~~a~~` → `<del>`; three or more are text). */
export function strikethrough(md: MarkdownIt): void {
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
