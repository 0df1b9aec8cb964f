/**
 * A lexical pass over untrusted HTML before it is parsed for sanitizing:
 * inline `style` and event-handler (`on…`) attributes of start tags are
 * renamed to inert `data-qa-inert-…` names, which the sanitizer then drops
 * like any attribute it does not allow.
 *
 * This is not a security boundary (DOMPurify is, and it removes these
 * attributes anyway). It exists because browsers check inline styles and
 * handlers against the page's Content Security Policy as soon as markup is
 * parsed, even in the sanitizer's inert document: on a page with a strict
 * policy every README with `style="…"` would otherwise file a
 * `style-src-attr` violation report (and `on…` attributes `script-src-attr`
 * ones), flooding the host's reporting for content that never runs.
 *
 * Linear time: every character is looked at a bounded number of times; a tag
 * the scanner cannot follow (an unclosed quote, an absurdly long tag) is left
 * as it is.
 */

/** Prefix given to renamed attributes. */
export const INERT_ATTRIBUTE_PREFIX = 'data-qa-inert-';

/** Start tags longer than this are left alone. */
const MAX_TAG_LENGTH = 16_384;
const INLINE_NAME = /^(?:style|on[a-z0-9_-]+)$/i;
// Cheap pre-check: nothing to do in HTML with no such attribute at all.
const CANDIDATE = /[\s/"'](?:style|on[a-z0-9_-]+)[\s/>=]/i;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d;
}

function isAsciiLetter(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a);
}

/**
 * Returns `html` with inline style and event-handler attribute names of its
 * start tags renamed (`style` → `data-qa-inert-style`). Everything else
 * (text, other attributes and their order) stays as it is; tag-like text
 * inside a comment may be renamed too, which changes nothing.
 */
export function defuseInlineAttributes(html: string): string {
  if (!CANDIDATE.test(html)) return html;
  return insertAt(html, attributeNames(html, INLINE_NAME), INERT_ATTRIBUTE_PREFIX);
}

const KIT_NAME = /^data-qa-/i;

/**
 * Returns `html` with the names of start-tag attributes that start with
 * `data-qa-` (the prefix of the kit's own markers) renamed to `data-x-qa-…`,
 * so a document's own HTML cannot pose as the kit. Text, attribute values
 * and everything else stay as they are.
 */
export function defuseKitAttributes(html: string): string {
  if (!/data-qa-/i.test(html)) return html;
  // `data-qa-…` → `x-data-qa-…` would do as well; `data-x-qa-…` keeps the names readable.
  return insertAt(
    html,
    attributeNames(html, KIT_NAME).map((at) => at + 'data-'.length),
    'x-',
  );
}

function insertAt(html: string, positions: number[], text: string): string {
  if (positions.length === 0) return html;
  let out = '';
  let last = 0;
  for (const at of positions) {
    out += html.slice(last, at) + text;
    last = at;
  }
  return out + html.slice(last);
}

/** Offsets of the start-tag attribute names in `html` that `wanted` matches, in order. */
function attributeNames(html: string, wanted: RegExp): number[] {
  const n = html.length;
  const renames: number[] = [];
  let i = html.indexOf('<');
  scan: while (i !== -1 && i < n - 1) {
    if (!isAsciiLetter(html.charCodeAt(i + 1))) {
      i = html.indexOf('<', i + 1);
      continue;
    }
    const limit = Math.min(n, i + MAX_TAG_LENGTH);
    let j = i + 2;
    // Tag name.
    while (j < limit) {
      const c = html.charCodeAt(j);
      if (isSpace(c) || c === 0x2f || c === 0x3e) break;
      j++;
    }
    const found: number[] = [];
    for (;;) {
      while (j < limit && (isSpace(html.charCodeAt(j)) || html.charCodeAt(j) === 0x2f)) j++;
      if (j >= limit) {
        // Too long, or the document ends inside the tag: leave it.
        i = html.indexOf('<', j);
        continue scan;
      }
      if (html.charCodeAt(j) === 0x3e) break;
      const nameStart = j;
      j++;
      while (j < limit) {
        const c = html.charCodeAt(j);
        if (isSpace(c) || c === 0x2f || c === 0x3e || c === 0x3d) break;
        j++;
      }
      if (wanted.test(html.slice(nameStart, j))) found.push(nameStart);
      let k = j;
      while (k < limit && isSpace(html.charCodeAt(k))) k++;
      if (k < limit && html.charCodeAt(k) === 0x3d) {
        k++;
        while (k < limit && isSpace(html.charCodeAt(k))) k++;
        const q = html.charCodeAt(k);
        if (q === 0x22 || q === 0x27) {
          const close = html.indexOf(q === 0x22 ? '"' : "'", k + 1);
          // An unclosed quote runs to the end of the document in an HTML parser too: no tag follows.
          if (close === -1) break scan;
          k = close + 1;
        } else {
          while (k < limit && !isSpace(html.charCodeAt(k)) && html.charCodeAt(k) !== 0x3e) k++;
        }
        j = k;
      }
    }
    renames.push(...found);
    i = html.indexOf('<', j + 1);
  }
  return renames;
}
