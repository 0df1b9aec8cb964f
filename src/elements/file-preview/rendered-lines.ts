/**
 * The lines of a rendered document: each rendered block carries the source
 * lines it came from (`data-qa-line="a-b"`); go to line and line links find
 * their blocks through them.
 */
import type { QaLineRange } from '../../model/display.js';

/** The 1-based line span `[a, b]` a rendered block carries (`data-qa-line="a-b"`), or null. */
function lineSpan(el: Element): [number, number] | null {
  const m = /^(\d+)-(\d+)$/.exec(el.getAttribute('data-qa-line') ?? '');
  return m ? [Number(m[1]), Number(m[2])] : null;
}

/** The innermost rendered block whose lines hold 1-based `line`, else the first block after it, else the last block. */
export function blockForLine(root: HTMLElement, line: number): HTMLElement | null {
  let best: HTMLElement | null = null;
  let bestSize = Infinity;
  let after: HTMLElement | null = null;
  let last: HTMLElement | null = null;
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-qa-line]'))) {
    const span = lineSpan(el);
    if (!span || el.localName === 'thead' || el.localName === 'tbody') continue;
    last = el;
    if (span[0] <= line && line <= span[1] && span[1] - span[0] <= bestSize) {
      best = el;
      bestSize = span[1] - span[0];
    }
    if (!after && span[0] > line) after = el;
  }
  return best ?? after ?? last;
}

/**
 * Marks (`data-qa-selected`) the outermost rendered blocks that overlap the
 * lines of `range` (a `#L10-L20` link opened in Rendered) and returns them in
 * document order; null clears the marks.
 */
export function selectRenderedLines(root: HTMLElement, range: QaLineRange | null): HTMLElement[] {
  for (const el of Array.from(root.querySelectorAll('[data-qa-selected]'))) el.removeAttribute('data-qa-selected');
  if (!range) return [];
  const out: HTMLElement[] = [];
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[data-qa-line]'))) {
    const span = lineSpan(el);
    if (!span || span[0] > range.lineEnd || span[1] < range.lineStart) continue;
    if (out.some((o) => o.contains(el))) continue;
    el.setAttribute('data-qa-selected', '');
    out.push(el);
  }
  return out;
}
