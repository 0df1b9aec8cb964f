/**
 * Keyboard movement inside a list of controls with one tab stop (roving
 * tabindex): Up/Down move, Home/End jump to the ends.
 */

/** The control to move to for a key, or null when the key does not move. */
export function nextInList(key: string, controls: readonly HTMLElement[], current: number): HTMLElement | null {
  if (controls.length === 0) return null;
  switch (key) {
    case 'ArrowDown':
      return controls[Math.min(current + 1, controls.length - 1)] ?? null;
    case 'ArrowUp':
      return controls[Math.max(current - 1, 0)] ?? null;
    case 'Home':
      return controls[0] ?? null;
    case 'End':
      return controls[controls.length - 1] ?? null;
    default:
      return null;
  }
}

/** True for the keys `nextInList` handles (without modifiers). */
export function isMoveKey(e: KeyboardEvent): boolean {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return false;
  return e.key === 'ArrowDown' || e.key === 'ArrowUp' || e.key === 'Home' || e.key === 'End';
}
