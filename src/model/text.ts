/**
 * Display-safety helpers for untrusted strings: bidi and invisible characters,
 * code-point-safe truncation, lone surrogates. Pure; no DOM.
 */

/** Bidi controls that reorder text (Trojan Source, CVE-2021-42574): embeddings, overrides, isolates, marks. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
/** Invisible characters that hide inside names: zero-width space/joiners, BOM, word joiner, soft hyphen, tag characters. */
export const INVISIBLES = /[\u200B-\u200D\u2060\uFEFF\u00AD]|[\u{E0000}-\u{E007F}]/gu;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const C0_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** What a cleaning pass found and changed. */
export interface CleanedText {
  text: string;
  /** True when bidi controls or invisible characters were found. */
  suspicious: boolean;
}

function hex(c: string): string {
  return c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Cleans prose (titles, summaries, snippets): removes bidi controls, zero-width
 * and tag characters and C0 controls, replaces lone surrogates with U+FFFD.
 * Legitimate right-to-left text keeps its natural direction.
 */
export function cleanProse(input: string): CleanedText {
  let suspicious = false;
  const text = input
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(BIDI_CONTROLS, () => {
      suspicious = true;
      return '';
    })
    .replace(INVISIBLES, (c) => {
      // A zero-width joiner inside an emoji sequence or between Indic letters is legitimate.
      if (c === '\u200D' || c === '\u200C') return c;
      suspicious = true;
      return '';
    })
    .replace(C0_CONTROLS, ' ');
  return { text, suspicious };
}

/**
 * Cleans a name that identifies something (file names, paths, host names):
 * bidi controls and invisible characters are made visible as `⟦U+202E⟧`, so a
 * spoofed name cannot pass for another one.
 */
export function revealHidden(input: string): CleanedText {
  let suspicious = false;
  const text = input
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(BIDI_CONTROLS, (c) => {
      suspicious = true;
      return `⟦U+${hex(c)}⟧`;
    })
    .replace(INVISIBLES, (c) => {
      suspicious = true;
      return `⟦U+${hex(c)}⟧`;
    })
    .replace(C0_CONTROLS, (c) => {
      suspicious = true;
      return `⟦U+${hex(c)}⟧`;
    });
  return { text, suspicious };
}

/** Number of code points (not UTF-16 units) in a string. */
export function codePointLength(s: string): number {
  let n = 0;
  for (const _ of s) n += 1;
  return n;
}

/** Cuts a string to at most `max` code points, ending with `…` when cut; never splits a surrogate pair. */
export function truncate(s: string, max: number): string {
  if (max <= 0) return '';
  if (s.length <= max) return s;
  let n = 0;
  let out = '';
  for (const c of s) {
    if (n === max - 1) return out + '…';
    out += c;
    n += 1;
  }
  return out;
}

/** Keeps the start and end of a string of code points and elides the middle: `abc…xyz`. */
export function elideMiddle(s: string, max: number): string {
  const chars = Array.from(s);
  if (chars.length <= max) return s;
  const keep = Math.max(1, max - 1);
  const head = Math.ceil(keep / 2);
  const tail = keep - head;
  return chars.slice(0, head).join('') + '…' + (tail > 0 ? chars.slice(chars.length - tail).join('') : '');
}
