/**
 * Line fragments: `#L10-L20` (or `#L10`) in a page address names lines of the
 * file a preview shows, as on code-hosting sites. Pure: no DOM.
 */
import type { QaLineRange } from '../model/display.js';

/** `#L10-L20` (or `#L10`) as a range, or null. */
export function lineFragment(hash: string): QaLineRange | null {
  const m = /^#L(\d{1,9})(?:-L(\d{1,9}))?$/.exec(hash);
  if (!m) return null;
  const a = Number(m[1]);
  const b = m[2] ? Number(m[2]) : a;
  if (a < 1 || b < 1) return null;
  return { lineStart: Math.min(a, b), lineEnd: Math.max(a, b) };
}

/** A range as a line fragment, without the `#`: `L10-L20`, or `L10` for one line. */
export function formatLineFragment(r: QaLineRange): string {
  return r.lineStart === r.lineEnd ? `L${r.lineStart}` : `L${r.lineStart}-L${r.lineEnd}`;
}

/** The address `page` (its own fragment dropped) pointing at the lines of `r`. */
export function lineLinkOn(page: string, r: QaLineRange): string {
  return `${page.split('#')[0]}#${formatLineFragment(r)}`;
}
