/**
 * Find as the preview sees it: the header's find button, and the find bar
 * itself, which is a lazy chunk (find-bar.ts: the bar, the search over the
 * whole text, the marks). The chunk loads in idle time with the rest of the
 * preview's lazy code; a call made before it is there waits for it, calls
 * keep their order. A chunk that cannot be loaded shows a notice where the
 * bar goes, with Retry; the file stays as it is.
 */
import { html, nothing, type ReactiveControllerHost, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/types.js';
import { icons, previewIcons } from '../shared/icons.js';
import type { FindSource, PreviewFind } from './find-bar.js';
import { keysOf, withKey } from './keys.js';
import { findPart } from './lazy-parts.js';
import { activeIn } from './preview-helpers.js';

export class FindControl {
  private find: PreviewFind | null = null;
  /** The last load failed: its notice is shown in the bar's place until it is closed or Retry loads the chunk. */
  private failed = false;
  /** What `open()` was last asked for, so that Retry does it again. */
  private lastQuery: string | undefined;
  /** Where focus was when the notice showed: it goes back there when the notice closes. */
  private returnTo: HTMLElement | null = null;
  private reported: unknown = null;

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly source: () => FindSource,
  ) {}

  /** The bar (or its notice) is open. */
  get isOpen(): boolean {
    return this.find?.isOpen ?? this.failed;
  }

  /** Opens the bar (or focuses it), `query` in it when given, and searches. */
  open(query?: string): void {
    this.lastQuery = query;
    this.with((find) => find.open(query));
  }

  /** Closes the bar, or the notice of a failed load. */
  close(): void {
    if (this.find) {
      this.find.close();
      return;
    }
    if (!this.failed) return;
    this.failed = false;
    const back = this.returnTo;
    this.returnTo = null;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => back?.isConnected && back.focus({ preventScroll: true }));
  }

  /** Goes to 1-based `line` in what is shown, closing the bar. */
  goTo(line: number): void {
    this.with((find) => find.goTo(line));
  }

  /** The source may have changed (mode, document): the bar searches it again when open. */
  retarget(): void {
    this.find?.retarget();
  }

  /** Runs `action` with the find bar's controller, now when its chunk is loaded, else once it is. */
  private with(action: (find: PreviewFind) => void): void {
    if (!this.find) {
      const module = findPart.loaded();
      if (!module) {
        findPart.load().then(
          () => {
            if (this.host.isConnected) this.with(action);
          },
          (error: unknown) => this.onLoadFailed(error),
        );
        return;
      }
      this.find = new module.PreviewFind(this.host, this.source);
      if (this.failed) {
        this.failed = false;
        this.returnTo = null;
      }
    }
    action(this.find);
  }

  private onLoadFailed(error: unknown): void {
    // Every call waiting on the same load fails with the same error: one warning, one notice.
    if (error === this.reported || !this.host.isConnected) return;
    this.reported = error;
    console.warn(`qa-sources-kit: could not load find (${error instanceof Error ? error.message : String(error)}).`);
    if (!this.failed) this.returnTo = activeIn(this.host.shadowRoot);
    this.failed = true;
    this.host.requestUpdate();
    void this.host.updateComplete.then(() => this.host.shadowRoot?.querySelector<HTMLElement>('.find-failed .retry')?.focus());
  }

  /** The find button of the header. */
  renderButton(t: Translate): TemplateResult {
    return html`<button
      part="button"
      class="icon-button"
      type="button"
      title=${withKey(t('find'), 'find')}
      aria-label=${t('find')}
      aria-keyshortcuts=${keysOf('find') ?? nothing}
      aria-expanded=${this.isOpen ? 'true' : 'false'}
      @click=${() => (this.find?.isOpen ? this.find.focus() : this.open())}
    >
      ${previewIcons.search()}
    </button>`;
  }

  /** The find bar, the notice of a failed load, or nothing while closed. */
  renderBar(t: Translate, lang: string): TemplateResult | typeof nothing {
    if (this.find) return this.find.renderBar(t, lang);
    if (!this.failed) return nothing;
    return html`<div class="find-bar find-failed" part="find" role="alert">
      <span class="find-status" dir="auto">${t('findUnavailable')}</span>
      <button part="button" class="text-button retry" type="button" @click=${() => this.open(this.lastQuery)}>${icons.retry()}<span>${t('retry')}</span></button>
      <button part="button" class="icon-button small" type="button" title=${`${t('closeFind')} (Esc)`} aria-label=${t('closeFind')} @click=${() => this.close()}>
        ${icons.close()}
      </button>
    </div>`;
  }
}
