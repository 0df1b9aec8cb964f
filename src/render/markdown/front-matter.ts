/**
 * YAML front matter: a block rule that takes a leading `---` … `---` (or
 * `...`) block out of the Markdown flow, and a small reader for the simple
 * shapes documents use there (scalars, lists). Anything richer is shown as
 * a YAML code block instead of being guessed at. Pure; no DOM.
 */
import type { MarkdownIt, StateBlock } from 'markdown-it';

/** A front-matter entry: a scalar or a list of scalars. */
export type FrontMatterValue = string | string[];

const MAX_FRONT_MATTER_LINES = 200;
const KEY_LINE = /^([A-Za-z0-9_][\w .-]{0,80}?)\s*:(?:\s+(.*))?$/;
const LIST_ITEM = /^\s+-\s+(.*)$|^-\s+(.*)$/;

function unquote(raw: string): string | null {
  const v = raw.trim();
  if (v === '' || v === '~' || v === 'null') return '';
  if (v.startsWith("'")) return v.length > 1 && v.endsWith("'") ? v.slice(1, -1).replace(/''/g, "'") : null;
  if (v.startsWith('"')) {
    if (v.length < 2 || !v.endsWith('"')) return null;
    try {
      return JSON.parse(v) as string;
    } catch {
      return null;
    }
  }
  // Block scalars, anchors, tags and nested flow maps are beyond the simple table.
  if (/^[|>&*!{]/.test(v)) return null;
  return v.replace(/\s+#.*$/, '');
}

function flowList(raw: string): string[] | null {
  const v = raw.trim();
  if (!v.startsWith('[') || !v.endsWith(']')) return null;
  const body = v.slice(1, -1).trim();
  if (body === '') return [];
  if (/[[\]{}]/.test(body)) return null;
  const items: string[] = [];
  for (const part of body.split(',')) {
    const item = unquote(part);
    if (item === null) return null;
    items.push(item);
  }
  return items;
}

/**
 * Reads simple front matter (`key: value`, `key: [a, b]`, `key:` followed by
 * `- item` lines, comments). Returns null for anything else.
 */
export function readFrontMatter(text: string): Array<[string, FrontMatterValue]> | null {
  const entries: Array<[string, FrontMatterValue]> = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.replace(/\s+$/, '');
    if (line === '' || /^\s*#/.test(line)) continue;
    const m = KEY_LINE.exec(line);
    if (!m) return null;
    const key = m[1]!;
    const rest = m[2];
    if (rest === undefined || rest.trim() === '') {
      const items: string[] = [];
      while (i + 1 < lines.length) {
        const next = lines[i + 1]!.replace(/\s+$/, '');
        if (next === '') {
          i++;
          continue;
        }
        const item = LIST_ITEM.exec(next);
        if (!item) {
          if (/^\s/.test(next)) return null; // a nested map
          break;
        }
        const value = unquote(item[1] ?? item[2] ?? '');
        if (value === null || /^[\w .-]+:(\s|$)/.test(value)) return null;
        items.push(value);
        i++;
      }
      entries.push([key, items.length ? items : '']);
      continue;
    }
    const list = rest.trim().startsWith('[') ? flowList(rest) : null;
    if (list) {
      entries.push([key, list]);
      continue;
    }
    const value = unquote(rest);
    if (value === null) return null;
    entries.push([key, value]);
  }
  return entries;
}

// A top-level mapping key: plain (not starting with an indicator), quoted, or `? ` complex; then `:`.
const MAPPING_KEY = /^(?:"(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"?:,[\]{}&*!|>%@`-][^#]*?|[?:-][^\s#][^#]*?)\s*:(?:[ \t]|$)|^\?(?:[ \t]|$)/;

/**
 * True when `text` (what lies between the `---` lines) is a YAML mapping, the
 * only kind of front matter GitHub takes out of the document: a flow mapping
 * (`{…}`), or unindented lines that are keys (`key: …`), continued by
 * indented lines or a sequence (`- …`) under a key. A bare scalar (`Foo`), a
 * top-level sequence or nothing at all is Markdown.
 */
export function isYamlMapping(text: string): boolean {
  let keys = 0;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\s+$/, '');
    if (line === '' || /^\s*#/.test(line)) continue;
    if (keys === 0 && line.startsWith('{')) return /\}$/.test(text.replace(/\s*(?:#[^\n]*)?\s*$/, ''));
    if (/^[ \t]/.test(line) || (keys > 0 && /^-(?:[ \t]|$)/.test(line))) {
      if (keys === 0) return false;
      continue;
    }
    if (!MAPPING_KEY.test(line)) return false;
    keys++;
  }
  return keys > 0;
}

/** Block rule: front matter only at the very start of the document, and only a YAML mapping. */
export function frontMatterPlugin(md: MarkdownIt): void {
  md.block.ruler.before(
    'table',
    'front_matter',
    (state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean => {
      if (startLine !== 0 || state.blkIndent !== 0 || state.level !== 0) return false;
      const lineText = (n: number) => state.src.slice(state.bMarks[n]! + state.tShift[n]!, state.eMarks[n]!);
      if (state.tShift[0] !== 0 || lineText(0).replace(/\s+$/, '') !== '---') return false;
      let close = -1;
      for (let n = 1; n < endLine && n <= MAX_FRONT_MATTER_LINES; n++) {
        const t = state.src.slice(state.bMarks[n]!, state.eMarks[n]!).replace(/\s+$/, '');
        if (t === '---' || t === '...') {
          close = n;
          break;
        }
      }
      if (close < 0) return false;
      const content = close > 1 ? state.src.slice(state.bMarks[1]!, state.eMarks[close - 1]!) : '';
      if (!isYamlMapping(content)) return false;
      if (silent) return true;
      const token = state.push('front_matter', '', 0);
      token.block = true;
      token.hidden = true;
      token.map = [0, close + 1];
      token.content = content;
      state.line = close + 1;
      return true;
    },
    { alt: [] },
  );
}
