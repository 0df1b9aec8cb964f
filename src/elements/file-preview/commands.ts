/**
 * What a key press asks of the preview, and whether an action applies now:
 * the preview's keydown handler and its `?` help read both from here. Pure
 * over the event and the state it is given (no DOM read).
 */
import type { QaPreviewMode } from '../../events.js';
import { isMarkdownPath } from '../../workspace/languages.js';
import type { PreviewStatus } from './file-status.js';
import { actionFor, type PreviewAction } from './keys.js';

/** What the preview is showing, as far as its actions care. */
export interface ActionState {
  status: PreviewStatus;
  /** The path shown or asked for ('' for none). */
  path: string;
  /** A file (or an excerpt of one) is at hand. */
  hasFile: boolean;
  /** Markdown that can only be shown raw (over the render limit, too complex, or its rendering failed). */
  rawOnly: boolean;
  mode: QaPreviewMode;
  /** Number of referenced ranges. */
  ranges: number;
  /** Lines are selected by their numbers. */
  selection: boolean;
}

/** True when `action` applies now (its key works, its button in the help is enabled). */
export function canRun(action: PreviewAction, s: ActionState): boolean {
  const ready = s.status === 'ready';
  switch (action) {
    case 'help':
    case 'close':
      return true;
    case 'toggle-mode':
      return ready && isMarkdownPath(s.path) && !s.rawOnly;
    case 'wrap':
      return ready && s.mode === 'raw';
    case 'full-view':
      return !!s.path && s.status !== 'idle';
    case 'download':
      return s.hasFile && (ready || s.status === 'too-large' || s.status === 'empty');
    case 'next-range':
    case 'previous-range':
      return ready && s.ranges > 0;
    case 'copy-lines':
    case 'copy-link':
      return ready && s.selection && s.mode === 'raw';
    default:
      return false;
  }
}

/** What a key asks for: close the help, open find (`:` for go to line), close find, clear the selected lines, or an action. */
export type PreviewCommand =
  | { kind: 'close-help' }
  | { kind: 'find'; query: ':' | undefined }
  | { kind: 'close-find' }
  | { kind: 'clear-selection' }
  | { kind: 'run'; action: PreviewAction };

/** Where the keys of the preview land now. */
export interface KeyContext {
  /** A file is shown. */
  ready: boolean;
  helpOpen: boolean;
  findOpen: boolean;
  /** Lines are selected in Raw (Escape clears them before it closes). */
  rawSelection: boolean;
  /** Number of referenced ranges. */
  ranges: number;
  can(action: PreviewAction): boolean;
}

/**
 * The command of a key press, or null for a key the preview leaves alone.
 * Escape undoes one thing at a time: the help, then the find bar, then a
 * selection of lines, then closes.
 */
export function keyCommand(e: KeyboardEvent, c: KeyContext): PreviewCommand | null {
  if (e.defaultPrevented) return null;
  if (e.key === 'Escape' && c.helpOpen) return { kind: 'close-help' };
  // Ctrl/Cmd+F: find in the file; Ctrl/Cmd+G: go to line (the find bar, starting with `:`).
  if (c.ready && (e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && /^[fg]$/i.test(e.key))
    return { kind: 'find', query: e.key.toLowerCase() === 'g' ? ':' : undefined };
  if (e.key === 'Escape' && c.findOpen) return { kind: 'close-find' };
  if (e.key === 'Escape' && c.rawSelection) return { kind: 'clear-selection' };
  if (e.key === 'Escape') return { kind: 'run', action: 'close' };
  // F8 / Shift+F8 (as VS Code steps through changes), or Alt+↓ / Alt+↑: next / previous range.
  const next = (e.key === 'F8' && !e.shiftKey) || (e.altKey && e.key === 'ArrowDown');
  const prev = (e.key === 'F8' && e.shiftKey) || (e.altKey && e.key === 'ArrowUp');
  if ((next || prev) && c.ranges && c.ready && !e.ctrlKey && !e.metaKey) return { kind: 'run', action: next ? 'next-range' : 'previous-range' };
  const action = actionFor(e);
  if (!action || action === 'close' || action === 'next-range' || action === 'previous-range' || !c.can(action)) return null;
  return { kind: 'run', action };
}
