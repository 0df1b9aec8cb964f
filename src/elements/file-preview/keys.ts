/**
 * The preview's keyboard shortcuts, in one list: the keydown handler finds
 * the action of a key here, the `?` help popover lists them from here, and
 * buttons take their `aria-keyshortcuts` and tooltips from here. Keys are
 * written as `aria-keyshortcuts` writes them (`Control+Shift+V`, `F8`,
 * `Alt+ArrowDown`, `?`); `Control` also matches Command on a Mac.
 */
import type { QaTerms } from '../../i18n/types.js';

/** What a key does in the preview. */
export type PreviewAction =
  | 'help'
  | 'close'
  | 'next-range'
  | 'previous-range'
  | 'toggle-mode'
  | 'wrap'
  | 'full-view'
  | 'download'
  | 'copy-lines'
  | 'copy-link'
  | 'find'
  | 'find-next'
  | 'find-previous'
  | 'go-to-line'
  | 'extend-selection';

/** One entry of the list: the action, its keys (the first is the one shown on buttons), and the term that says what it does. */
export interface PreviewKey {
  action: PreviewAction;
  keys: readonly string[];
  term: keyof QaTerms;
  /** Only listed in the help (handled where it applies, e.g. inside the find bar), not by the preview's keydown handler. */
  listedOnly?: boolean;
}

/** Every key of the preview, in the order the help lists them. */
export const PREVIEW_KEYS: readonly PreviewKey[] = [
  { action: 'help', keys: ['?'], term: 'keyboardHelp' },
  { action: 'toggle-mode', keys: ['Control+Shift+V'], term: 'keySwitchMode' },
  { action: 'wrap', keys: ['Alt+Z'], term: 'wrapLines' },
  { action: 'full-view', keys: ['F'], term: 'openFullView' },
  { action: 'download', keys: ['Control+S'], term: 'download' },
  { action: 'next-range', keys: ['F8', 'Alt+ArrowDown'], term: 'nextRange' },
  { action: 'previous-range', keys: ['Shift+F8', 'Alt+ArrowUp'], term: 'previousRange' },
  { action: 'copy-lines', keys: ['C'], term: 'copyLines' },
  { action: 'copy-link', keys: ['Y'], term: 'copyLink' },
  { action: 'find', keys: ['Control+F'], term: 'find' },
  { action: 'find-next', keys: ['Enter', 'F3'], term: 'findNext', listedOnly: true },
  { action: 'find-previous', keys: ['Shift+Enter', 'Shift+F3'], term: 'findPrevious', listedOnly: true },
  { action: 'go-to-line', keys: ['Control+G'], term: 'goToLine' },
  { action: 'extend-selection', keys: ['Shift+ArrowDown', 'Shift+ArrowUp'], term: 'extendSelection', listedOnly: true },
  { action: 'close', keys: ['Escape'], term: 'keyClose' },
];

/** True inside a text field, where letters and `?` are typed, not shortcuts. */
function typing(e: KeyboardEvent): boolean {
  const t = e.composedPath()[0];
  if (!(t instanceof HTMLElement)) return false;
  return (
    t.isContentEditable ||
    t instanceof HTMLTextAreaElement ||
    (t instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(t.type))
  );
}

/** True when `e` is the key written `combo` (`Control+Shift+V`, `Alt+ArrowDown`, `?`, `F`). */
export function matchesKey(e: KeyboardEvent, combo: string): boolean {
  const parts = combo.split('+');
  const key = parts.pop()!;
  const want = new Set(parts);
  const ctrl = e.ctrlKey || e.metaKey;
  if (want.has('Control') !== ctrl || want.has('Alt') !== e.altKey) return false;
  if (/^[A-Z]$/.test(key)) {
    // Letters by their physical key with Alt (Option on a Mac types other characters), else by what they type.
    if (want.has('Shift') !== e.shiftKey) return false;
    if (!ctrl && !e.altKey && typing(e)) return false;
    return e.altKey ? e.code === `Key${key}` : e.key.toUpperCase() === key;
  }
  if (key.length === 1) {
    // A character such as `?`: Shift is part of typing it.
    return !typing(e) && e.key === key;
  }
  return want.has('Shift') === e.shiftKey && e.key === key;
}

/** The action of a key press, or null. */
export function actionFor(e: KeyboardEvent): PreviewAction | null {
  for (const k of PREVIEW_KEYS) if (!k.listedOnly && k.keys.some((c) => matchesKey(e, c))) return k.action;
  return null;
}

/** The keys of an action (for `aria-keyshortcuts`), or undefined. */
export function keysOf(action: PreviewAction): string | undefined {
  return PREVIEW_KEYS.find((k) => k.action === action)?.keys.join(' ');
}

const APPLE = /Mac|iPhone|iPad/.test(globalThis.navigator?.platform ?? '');

/** A key written for people: `Ctrl+Shift+V` (`⌘⇧V` on a Mac), `Alt+↓`, `Esc`. */
export function showKey(combo: string): string {
  const names: Record<string, string> = APPLE
    ? { Control: '⌘', Shift: '⇧', Alt: '⌥', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Enter: '↵' }
    : { Control: 'Ctrl', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Enter: 'Enter' };
  const parts = combo.split('+').map((p) => names[p] ?? p);
  return parts.join(APPLE ? '' : '+');
}

/** A tooltip with the action's first key: `Wrap lines (Alt+Z)`. */
export function withKey(label: string, action: PreviewAction): string {
  const first = PREVIEW_KEYS.find((k) => k.action === action)?.keys[0];
  return first ? `${label} (${showKey(first)})` : label;
}
