/**
 * Focus in a list of source controls (the panel's cards, the footer's
 * entries) with one tab stop (roving tabindex): the control last focused or
 * used keeps the stop, Up/Down move, Home/End jump to the ends, Space
 * activates a link as it does a button, and focus can be placed after the
 * next update (on a control that a re-render creates).
 */
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { spaceActivatesLink } from './activation.js';

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

/** Where a host's list is: its controls and the item a node belongs to. */
export interface RovingOptions {
  /** Every control the arrow keys move between, in order. */
  controls(): HTMLElement[];
  /** The control of the item `node` is in (the one the arrow keys move from), or null outside the items. */
  controlAt(node: HTMLElement): HTMLElement | null;
  /** The id of the item `node` is in, or null outside the items. */
  idAt(node: HTMLElement): string | null;
}

/**
 * Gives a host one tab stop in its list of controls. The host renders
 * `tabindex="0"` on the control of `tabStop(ids)` and `-1` on the others,
 * and routes `focusin` and `keydown` of the list here.
 */
export class RovingController implements ReactiveController {
  /** The id of the item last focused or activated: it keeps the tab stop while it is shown. */
  active: string | null = null;

  private pendingFocus: (() => HTMLElement | null) | null = null;

  constructor(
    private readonly host: ReactiveControllerHost,
    private readonly options: RovingOptions,
  ) {
    host.addController(this);
  }

  hostUpdated(): void {
    const find = this.pendingFocus;
    this.pendingFocus = null;
    find?.()?.focus();
  }

  /** The id in the tab order among the items shown (in order): the active one when shown, else the first. */
  tabStop(items: Iterable<{ readonly id: string }>): string | null {
    let first: string | null = null;
    for (const { id } of items) {
      if (id === this.active) return id;
      first ??= id;
    }
    return first;
  }

  /** Focuses what `find` returns after the host's next update (a control the update creates). */
  focusAfterUpdate(find: () => HTMLElement | null): void {
    this.pendingFocus = find;
  }

  /** A `focusin` of the list: the focused item takes the tab stop. */
  readonly onFocusin = (e: FocusEvent): void => {
    const id = e.target instanceof HTMLElement ? this.options.idAt(e.target) : null;
    if (id !== null && id !== this.active) {
      this.active = id;
      this.host.requestUpdate();
    }
  };

  /**
   * A `keydown` of the list: Up/Down/Home/End on an item move focus between
   * the controls, Space activates a link. Returns true when it handled the key.
   */
  keydown(e: KeyboardEvent): boolean {
    const control = isMoveKey(e) && e.target instanceof HTMLElement ? this.options.controlAt(e.target) : null;
    if (control) {
      const controls = this.options.controls();
      const next = nextInList(e.key, controls, controls.indexOf(control));
      if (next) {
        e.preventDefault();
        next.focus();
      }
      return true;
    }
    return spaceActivatesLink(e);
  }
}
