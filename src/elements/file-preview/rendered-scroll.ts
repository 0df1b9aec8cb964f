/**
 * Scrolling the rendered document: blocks brought into view with the block
 * before them as context when it is short, and the top edge always between
 * blocks (never through a heading or a callout).
 */

/** Room left above a block scrolled into view in Rendered (px). */
const RENDERED_CONTEXT_PX = 12;
/** A block before the target is shown as its context when it starts at most this far above it (about five lines). */
const RENDERED_CONTEXT_MAX_PX = 110;

/**
 * The outermost rendered block (a child of a chunk) that reaches furthest
 * across viewport height `y`, found by bisection (blocks run down the page in
 * document order), or null.
 */
function blockAt(scroller: HTMLElement, y: number): HTMLElement | null {
  const all = scroller.querySelectorAll<HTMLElement>('.qa-markdown > .qa-chunk > *, .qa-markdown > :not(.qa-chunk)');
  let lo = 0;
  let hi = all.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (all[mid]!.getBoundingClientRect().top < y) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 ? all[found]! : null;
}

/** The block just before `el` in reading order, inside `root` (the previous sibling, else the parent's). */
function previousBlock(el: HTMLElement, root: HTMLElement): HTMLElement | null {
  for (let at: Element | null = el; at && at !== root; at = at.parentElement) {
    const prev = at.previousElementSibling;
    if (prev instanceof HTMLElement && prev.getClientRects().length) return prev;
  }
  return null;
}

/**
 * Scrolls rendered blocks into view with their context: the block just
 * before them too (a heading, a lead-in line) when it is short and
 * everything fits, else the blocks' start with a little room. The top edge
 * never cuts a block in half: it falls between blocks.
 */
export function scrollToBlocks(scroller: HTMLElement, blocks: HTMLElement[], withContext = true): void {
  if (!blocks.length) return;
  const origin = scroller.getBoundingClientRect().top - scroller.scrollTop;
  const first = blocks[0]!.getBoundingClientRect();
  const last = blocks[blocks.length - 1]!.getBoundingClientRect();
  const view = scroller.clientHeight;
  const top = first.top - origin;
  const bottom = last.bottom - origin;
  const prev = previousBlock(blocks[0]!, scroller);
  let target = Math.max(0, top - RENDERED_CONTEXT_PX);
  if (prev) {
    const p = prev.getBoundingClientRect();
    const pTop = p.top - origin;
    const pBottom = p.bottom - origin;
    if (withContext && top - pTop <= RENDERED_CONTEXT_MAX_PX && bottom - pTop + RENDERED_CONTEXT_PX <= view) target = Math.max(0, pTop - RENDERED_CONTEXT_PX);
    // Without it: start below it, so none of it shows cut (a heading's lower half, a callout's last edge).
    else if (pBottom > target) target = Math.min(top, pBottom);
    // With it: the block before it must not show cut either.
    const before = target < pTop ? previousBlock(prev, scroller) : null;
    const bBottom = before ? before.getBoundingClientRect().bottom - origin : -Infinity;
    if (bBottom > target) target = Math.min(pTop, bBottom);
  }
  scroller.scrollTop = target;
  // Near the end of the document the scroller may stop short of the target: a block can still be cut at the top edge.
  // Then show it whole when the blocks still fit below it, else start just below it.
  const edge = scroller.getBoundingClientRect().top;
  const cut = blockAt(scroller, edge);
  if (cut && !cut.contains(blocks[0]!)) {
    const c = cut.getBoundingClientRect();
    if (c.top < edge - 0.5 && c.bottom > edge + 0.5) {
      const now = edge - scroller.scrollTop;
      const cTop = c.top - now;
      scroller.scrollTop = bottom - cTop + RENDERED_CONTEXT_PX <= view ? Math.max(0, cTop - RENDERED_CONTEXT_PX) : Math.min(top, c.bottom - now);
    }
  }
}
