/**
 * Display-safety helpers for untrusted strings: bidi and invisible characters,
 * control characters, lone surrogates, and truncation that never cuts a
 * character (or an emoji sequence) in half. Pure; no DOM.
 */

/** Bidi controls that reorder text (Trojan Source, CVE-2021-42574): embeddings, overrides, isolates, marks. */
export const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/gu;
/**
 * Invisible characters that hide inside names: zero-width space/joiners, word
 * joiner and invisible operators, BOM, soft hyphen, combining grapheme joiner,
 * Hangul and Mongolian fillers, interlinear annotation marks, tag characters.
 */
export const INVISIBLES =
  /[\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200D\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|[\u{E0000}-\u{E007F}]/gu;

/**
 * One invisible character (the set of `INVISIBLES`), not global, for
 * `test()` and for showing it as a marker in a text shown as it is (the raw
 * view). Two uses stay unmarked, as they draw something: a zero-width
 * joiner between two emoji (👨‍👩‍👧) and the tag characters of a
 * subdivision flag (🏴󠁧󠁢󠁳󠁣󠁴󠁿).
 */
export const INVISIBLE_CHARACTER =
  /(?<!\p{Extended_Pictographic}[\uFE0F\u{1F3FB}-\u{1F3FF}]?)\u200D|\u200D(?!\p{Extended_Pictographic})|[\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200B\u200C\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|(?<!\u{1F3F4}[\u{E0020}-\u{E007E}]{0,30})[\u{E0000}-\u{E007F}]/u;

// Anything that may need work; strings without these are returned as they are.
const SUSPECT =
  /[\u0000-\u001F\u007F-\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u2028-\u202E\u2060-\u206F\u3164\uD800-\uDFFF\uFEFF\uFFA0\uFFF9-\uFFFB]/;

// One pass over prose. Groups: 1 emoji tag sequence (a subdivision flag, kept), 2 joiners (kept),
// 3 bidi or invisible (removed, suspicious), 4 control or line/paragraph separator (a space, not suspicious),
// 5 lone surrogate (U+FFFD).
const PROSE =
  /(\u{1F3F4}[\u{E0020}-\u{E007E}]{1,30}\u{E007F})|([\u200C\u200D])|([\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u00AD\u034F\u115F\u1160\u17B4\u17B5\u180E\u200B\u2060-\u2064\u206A-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}])|([\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029])|([\uD800-\uDFFF])/gu;

// One pass over a name. Group 1: anything hidden or direction-changing, control characters
// (tab and line breaks included) and separators, shown as a visible marker; group 2: lone surrogate.
const NAME =
  /([\u0000-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180E\u200B-\u200F\u2028-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB\u{E0000}-\u{E007F}])|([\uD800-\uDFFF])/gu;

/** What a cleaning pass found and changed. */
export interface CleanedText {
  text: string;
  /** True when bidi controls or invisible characters were found (and, in names, control characters); broken surrogates alone are not suspicious. */
  suspicious: boolean;
}

function hex(c: string): string {
  return c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
}

/**
 * Cleans prose (titles, summaries, snippets): removes bidi controls,
 * zero-width, tag and other invisible characters, turns control characters
 * into spaces (tabs and line breaks stay), replaces lone surrogates with
 * U+FFFD. Joiners inside emoji or Indic words and emoji subdivision flags stay.
 * Legitimate right-to-left text keeps its natural direction.
 */
export function cleanProse(input: string): CleanedText {
  if (!SUSPECT.test(input)) return { text: input, suspicious: false };
  let suspicious = false;
  const text = input.replace(PROSE, (m, flag?: string, joiner?: string, hidden?: string, control?: string) => {
    if (flag || joiner) return m;
    if (hidden) {
      suspicious = true;
      return '';
    }
    if (control) return ' ';
    return '\uFFFD';
  });
  return { text, suspicious };
}

/**
 * Cleans a name that identifies something (file names, paths, host names,
 * keys): bidi controls, invisible and control characters (line breaks too)
 * are made visible as `⟦U+202E⟧`, so a spoofed name cannot pass for another
 * one. Lone surrogates become U+FFFD.
 */
export function revealHidden(input: string): CleanedText {
  if (!SUSPECT.test(input)) return { text: input, suspicious: false };
  let suspicious = false;
  const text = input.replace(NAME, (_m, hidden?: string) => {
    if (hidden) {
      suspicious = true;
      return `⟦U+${hex(hidden)}⟧`;
    }
    return '\uFFFD';
  });
  return { text, suspicious };
}

/** Number of code points (not UTF-16 units) in a string. */
export function codePointLength(s: string): number {
  let n = s.length;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        n -= 1;
        i += 1;
      }
    }
  }
  return n;
}

type Segmenter = { segment(s: string): Iterable<{ segment: string }> };
let segmenter: Segmenter | null | undefined;

function graphemeSegmenter(): Segmenter | null {
  if (segmenter === undefined) {
    const Ctor = (Intl as unknown as { Segmenter?: new (l?: string, o?: object) => Segmenter }).Segmenter;
    segmenter = typeof Ctor === 'function' ? new Ctor(undefined, { granularity: 'grapheme' }) : null;
  }
  return segmenter;
}

// Without Intl.Segmenter, a cut must at least not leave a joiner, a variation selector or a skin tone dangling.
const DANGLING_END = /(?:\u200D|[\uFE0E\uFE0F]|\uD83C[\uDFFB-\uDFFF])+$/;
const DANGLING_START = /^(?:\u200D|[\uFE0E\uFE0F]|\uD83C[\uDFFB-\uDFFF]|\p{M})+/u;

/** User-perceived characters of `s` from the start, as long as their code points fit in `budget`. */
function headWithin(s: string, budget: number): string {
  const seg = graphemeSegmenter();
  let out = '';
  let used = 0;
  if (seg) {
    for (const { segment } of seg.segment(s)) {
      const n = codePointLength(segment);
      if (used + n > budget) break;
      out += segment;
      used += n;
    }
    return out;
  }
  for (const c of s) {
    if (used + 1 > budget) break;
    out += c;
    used += 1;
  }
  return out.replace(DANGLING_END, '');
}

/** User-perceived characters of `s` from the end, as long as their code points fit in `budget`. */
function tailWithin(s: string, budget: number): string {
  if (budget <= 0) return '';
  // Look at a window a little longer than needed; its first segment may be a partial character.
  let from = Math.max(0, s.length - budget * 8 - 16);
  if (from > 0 && s.charCodeAt(from) >= 0xdc00 && s.charCodeAt(from) <= 0xdfff) from -= 1;
  // Regional indicators pair up from the start of their run: never start the window inside a run.
  while (from >= 2 && s.charCodeAt(from - 2) === 0xd83c && s.charCodeAt(from - 1) >= 0xdde6 && s.charCodeAt(from - 1) <= 0xddff) from -= 2;
  const windowText = s.slice(from);
  const seg = graphemeSegmenter();
  const parts = seg ? Array.from(seg.segment(windowText), (x) => x.segment) : Array.from(windowText);
  const first = from > 0 ? 1 : 0;
  let out = '';
  let used = 0;
  for (let i = parts.length - 1; i >= first; i--) {
    const n = codePointLength(parts[i]!);
    if (used + n > budget) break;
    out = parts[i]! + out;
    used += n;
  }
  return seg ? out : out.replace(DANGLING_START, '');
}

/**
 * Cuts a string to at most `max` code points, ending with `…` when cut. Never
 * splits a surrogate pair or a user-perceived character (emoji sequences,
 * flags, letters with combining marks stay whole).
 */
export function truncate(s: string, max: number): string {
  if (!(max >= 1)) return '';
  if (s.length <= max || codePointLength(s) <= max) return s;
  return `${headWithin(s, Math.floor(max) - 1).trimEnd()}…`;
}

/**
 * Keeps the start and end of a string and elides the middle (`abc…xyz`), to
 * at most `max` code points in all; cuts only between user-perceived characters.
 */
export function elideMiddle(s: string, max: number): string {
  if (!(max >= 1)) return '';
  if (s.length <= max || codePointLength(s) <= max) return s;
  const keep = Math.floor(max) - 1;
  const headBudget = Math.ceil(keep / 2);
  const head = headWithin(s, headBudget);
  const tail = tailWithin(s, keep - codePointLength(head));
  return `${head}…${tail}`;
}
