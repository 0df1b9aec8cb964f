/**
 * The `?` popover of the preview's keys: open and closed as its button
 * does, focus moved into it and back to the button, arrow keys between its
 * buttons, and closed when focus leaves it.
 */
import { html, type LitElement, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/types.js';
import type { PreviewAction } from './keys.js';
import { renderKeysHelp } from './states.js';

/** What the popover shows and does. */
export interface KeysHelpContent {
  id: string;
  /** The file's facts, heading the list, or null. */
  facts: string | null;
  t: Translate;
  can(action: PreviewAction): boolean;
  /** A label other than the action's term (Exit full view), or null. */
  label(action: PreviewAction): string | null;
  run(action: PreviewAction): void;
}

/** The popover's state, held for its element (which renders `render()` in its header). */
export class KeysHelp {
  private open = false;

  constructor(private readonly host: LitElement) {}

  /** The popover is open. */
  get isOpen(): boolean {
    return this.open;
  }

  /** Opens or closes the popover; focus goes into it, and back to its button when it closes (unless `refocus` is false). */
  set(open: boolean, refocus = true): void {
    if (open === this.open) return;
    this.open = open;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => {
      const root = this.host.renderRoot;
      if (open) root.querySelector<HTMLElement>('.keys-help .keys-action:not(:disabled)')?.focus();
      else if (refocus) root.querySelector<HTMLElement>('.help-button')?.focus();
    });
  }

  /** Arrow keys move between the popover's buttons. */
  private readonly onKeydown = (e: KeyboardEvent): void => {
    if (e.altKey || e.ctrlKey || e.metaKey || !['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const root = this.host.renderRoot;
    const buttons = [...root.querySelectorAll<HTMLElement>('.keys-help .keys-action:not(:disabled)')];
    if (!buttons.length) return;
    e.preventDefault();
    const active = root instanceof ShadowRoot ? root.activeElement : null;
    const at = buttons.indexOf(active as HTMLElement);
    const n = buttons.length;
    const next = e.key === 'Home' ? 0 : e.key === 'End' ? n - 1 : (at + (e.key === 'ArrowDown' ? 1 : -1) + n) % n;
    buttons[next]!.focus();
  };

  /** Focus leaving the popover (not to its own button) closes it. */
  private readonly onFocusOut = (e: FocusEvent): void => {
    const to = e.relatedTarget as Node | null;
    const pop = this.host.renderRoot.querySelector('.keys-help');
    if (!to || pop?.contains(to) || (to as Element).classList?.contains('help-button')) return;
    this.set(false, false);
  };

  /** The popover; a button in it closes it and does its action. */
  render(c: KeysHelpContent): TemplateResult {
    return html`<div class="keys-help-wrap" @focusout=${this.onFocusOut}>
      ${renderKeysHelp(
        { id: c.id, facts: c.facts, t: c.t, can: c.can, label: c.label },
        {
          run: (a) => {
            this.set(false);
            c.run(a);
          },
          close: () => this.set(false),
          keydown: this.onKeydown,
        },
      )}
    </div>`;
  }
}
