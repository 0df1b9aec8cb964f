/**
 * Token colours as classes: each token style the tokenizer meets gets a class
 * `qa-tk-N` whose rule lives in one constructable style sheet shared by every
 * shadow root that shows code. Nothing is ever written as a `style="…"`
 * attribute, so colours work under a strict CSP (`style-src 'self'`) and with
 * Trusted Types. Each rule carries both colours as `light-dark(light, dark)`,
 * so the page's or the element's `color-scheme` picks one and a theme switch
 * never re-highlights. The rules come with the highlighter's client
 * (`token-styles.ts`); this part is what the page needs before it.
 */
import type { TokenLine } from './tokens.js';

/** Prefix of token classes. */
export const TOKEN_CLASS_PREFIX = 'qa-tk-';

let sheet: CSSStyleSheet | null = null;

function getSheet(): CSSStyleSheet | null {
  if (sheet || typeof CSSStyleSheet === 'undefined') return sheet;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(`@media (forced-colors: active) { [class^='${TOKEN_CLASS_PREFIX}'] { color: CanvasText !important; background: none !important; } }`);
  return sheet;
}

/** The shared sheet of token classes (adopt it where highlighted code is shown). */
export function tokenSheet(): CSSStyleSheet | null {
  return getSheet();
}

/** Adopts the token sheet into the document or shadow root that holds `node` (once). */
export function adoptTokenSheet(node: Node): void {
  const s = getSheet();
  const root = node.getRootNode();
  if (!s || !(root instanceof ShadowRoot || root instanceof Document)) return;
  if (!root.adoptedStyleSheets.includes(s)) root.adoptedStyleSheets = [...root.adoptedStyleSheets, s];
}

/**
 * The DOM of one line: text nodes and `<span class="qa-tk-N">` pieces whose
 * text, joined, is exactly `text`. Without tokens, one text node.
 */
export function renderTokens(text: string, tokens: TokenLine | undefined, into: Node, doc: Document = document): void {
  if (!tokens || tokens.length === 0) {
    if (text) into.appendChild(doc.createTextNode(text));
    return;
  }
  let at = 0;
  for (let i = 0; i < tokens.length; i += 2) {
    const len = tokens[i]!;
    const cls = tokens[i + 1]!;
    const piece = text.slice(at, at + len);
    at += len;
    if (cls === 0) into.appendChild(doc.createTextNode(piece));
    else {
      const span = doc.createElement('span');
      span.className = TOKEN_CLASS_PREFIX + cls;
      span.textContent = piece;
      into.appendChild(span);
    }
  }
  if (at < text.length) into.appendChild(doc.createTextNode(text.slice(at)));
}
