/**
 * Token colours as classes: each token style the tokenizer meets gets a class
 * `qa-tk-N` whose rule lives in one constructable style sheet shared by every
 * shadow root that shows code. Nothing is ever written as a `style="…"`
 * attribute, so colours work under a strict CSP (`style-src 'self'`) and with
 * Trusted Types. Each rule carries both colours as `light-dark(light, dark)`,
 * so the page's or the element's `color-scheme` picks one and a theme switch
 * never re-highlights.
 */
import type { TokenLine, TokenStyle } from './tokens.js';

/** Prefix of token classes. */
export const TOKEN_CLASS_PREFIX = 'qa-tk-';

/** Backgrounds code is shown on (kit tokens: surface, raised surface, referenced-line tint), light and dark. */
const LIGHT_BACKGROUNDS = ['#ffffff', '#f6f7f9', '#fff4cc', '#fff8e0'];
const DARK_BACKGROUNDS = ['#16181d', '#1f2229', '#212327', '#3c321e', '#2c2a22'];
/** WCAG AA for normal text, with a little margin for rounding. */
const MIN_CONTRAST = 4.6;

let sheet: CSSStyleSheet | null = null;
const classes = new Map<string, number>();

function channel(v: number): number {
  const c = v / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

function parseHex(hex: string): [number, number, number] | null {
  const m = /^#([0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex);
  if (!m) return null;
  const n = parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const x = parseHex(a);
  const y = parseHex(b);
  if (!x || !y) return 21;
  const la = luminance(x);
  const lb = luminance(y);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

function toHex([r, g, b]: [number, number, number]): string {
  return `#${[r, g, b].map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * Moves a foreground colour towards black (light backgrounds) or white (dark
 * ones) until it reads at AA contrast on every background code is shown on,
 * including the referenced-line tint.
 */
export function readableOn(color: string, backgrounds: readonly string[], towards: 'black' | 'white'): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  const target = towards === 'black' ? 0 : 255;
  let current = color.slice(0, 7);
  for (let step = 0; step <= 20; step += 1) {
    if (backgrounds.every((bg) => contrastRatio(current, bg) >= MIN_CONTRAST)) return current;
    const t = (step + 1) / 20;
    current = toHex([rgb[0] + (target - rgb[0]) * t, rgb[1] + (target - rgb[1]) * t, rgb[2] + (target - rgb[2]) * t]);
  }
  return current;
}

function getSheet(): CSSStyleSheet | null {
  if (sheet || typeof CSSStyleSheet === 'undefined') return sheet;
  sheet = new CSSStyleSheet();
  sheet.replaceSync(`@media (forced-colors: active) { [class^='${TOKEN_CLASS_PREFIX}'] { color: CanvasText !important; background: none !important; } }`);
  return sheet;
}

function ruleFor(n: number, s: TokenStyle): string {
  const decl: string[] = [];
  if (s.bg) {
    decl.push(`background-color: light-dark(${s.bg}, ${s.darkBg || s.bg})`);
    if (s.fg) decl.push(`color: light-dark(${s.fg}, ${s.darkFg || s.fg})`);
  } else if (s.fg) {
    decl.push(`color: light-dark(${readableOn(s.fg, LIGHT_BACKGROUNDS, 'black')}, ${readableOn(s.darkFg || s.fg, DARK_BACKGROUNDS, 'white')})`);
  }
  if (s.fontStyle & 1) decl.push('font-style: italic');
  if (s.fontStyle & 2) decl.push('font-weight: 600');
  const lines = [s.fontStyle & 4 ? 'underline' : '', s.fontStyle & 8 ? 'line-through' : ''].filter(Boolean);
  if (lines.length) decl.push(`text-decoration-line: ${lines.join(' ')}`);
  return `.${TOKEN_CLASS_PREFIX}${n} { ${decl.join('; ')} }`;
}

/** The class number of a token style (≥ 1), adding its rule to the shared sheet the first time. */
export function registerStyle(style: TokenStyle): number {
  const key = `${style.fg}|${style.bg}|${style.darkFg}|${style.darkBg}|${style.fontStyle}`;
  let n = classes.get(key);
  if (n === undefined) {
    n = classes.size + 1;
    classes.set(key, n);
    const s = getSheet();
    if (s) s.insertRule(ruleFor(n, style), s.cssRules.length);
  }
  return n;
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
