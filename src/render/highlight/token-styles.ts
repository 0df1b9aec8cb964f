/**
 * The rules of the token sheet: one class per token style, its colours moved
 * until they read at AA contrast on every background code is shown on. Only
 * the highlighter's client writes rules, so this comes with it (lazily); the
 * sheet itself and the token DOM are in `sheet.ts`.
 */
import { TOKEN_CLASS_PREFIX, tokenSheet } from './sheet.js';
import type { TokenStyle } from './tokens.js';

/** Backgrounds code is shown on (kit tokens: surface, raised surface, referenced-line tint), light and dark. */
const LIGHT_BACKGROUNDS = ['#ffffff', '#f6f7f9', '#fff4cc', '#fff8e0'];
const DARK_BACKGROUNDS = ['#16181d', '#1f2229', '#212327', '#3c321e', '#2c2a22'];
/** WCAG AA for normal text, with a little margin for rounding. */
const MIN_CONTRAST = 4.6;

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

const classes = new Map<string, number>();

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
    const s = tokenSheet();
    if (s) s.insertRule(ruleFor(n, style), s.cssRules.length);
  }
  return n;
}
