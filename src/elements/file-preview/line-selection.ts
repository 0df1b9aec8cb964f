/**
 * Lines selected by their numbers in Raw: the selection the selection bar
 * shows, Copy lines and Copy link (with what the last copy did), and the
 * link to a range of lines.
 */
import type { ReactiveControllerHost } from 'lit';
import type { QaLineRange } from '../../model/display.js';
import type { QaSourcesHost } from '../../host/types.js';
import type { Translate } from '../../i18n/types.js';
import { lineLinkOn } from '../../workspace/line-fragment.js';
import { QaRangeSelectEvent } from '../../events.js';
import type { RawView } from './raw-view.js';

/**
 * Puts `text` on the clipboard as plain text, synchronously inside the
 * user's click (a copy command whose event carries the text: no clipboard
 * permission needed). Returns false when the browser refused.
 */
function copyText(from: HTMLElement, text: string): boolean {
  const doc = from.ownerDocument;
  let done = false;
  const onCopy = (e: ClipboardEvent) => {
    if (!e.clipboardData) return;
    e.clipboardData.setData('text/plain', text);
    e.preventDefault();
    done = true;
  };
  doc.addEventListener('copy', onCopy, { capture: true });
  try {
    doc.execCommand('copy');
  } catch {
    done = false;
  } finally {
    doc.removeEventListener('copy', onCopy, { capture: true });
  }
  if (!done) void globalThis.navigator?.clipboard?.writeText(text).catch(() => undefined);
  return done;
}

/** What the selection reads from its preview, when it needs it. */
export interface LineSelectionOptions {
  /** The raw view, while one is shown. */
  view(): RawView | null;
  /** The raw view's element (focused after Clear). */
  viewElement(): HTMLElement | undefined;
  t(): Translate;
  /** Where a link to lines points: the host that may make it, the session, the file's path. */
  linkContext(): { host: QaSourcesHost | null; sessionId: string; path: string };
}

/** The selection's state, held for its element (which renders the bar from `range` and `note`). */
export class LineSelection {
  private selected: QaLineRange | null = null;
  private copied = '';

  constructor(
    private readonly host: ReactiveControllerHost & HTMLElement,
    private readonly options: LineSelectionOptions,
  ) {}

  /** Lines selected by their numbers in Raw (1-based, inclusive), or null. */
  get range(): QaLineRange | null {
    return this.selected;
  }

  set range(range: QaLineRange | null) {
    if (range === this.selected) return;
    this.selected = range;
    this.host.requestUpdate();
  }

  /** What the last Copy did, announced in the selection bar. */
  get note(): string {
    return this.copied;
  }

  private set note(note: string) {
    if (note === this.copied) return;
    this.copied = note;
    this.host.requestUpdate();
  }

  /** The reader selected lines of `path` in the raw view: the bar shows them and `qa-range-select` says so. */
  select(path: string, range: QaLineRange): void {
    this.range = range;
    this.note = '';
    this.host.dispatchEvent(new QaRangeSelectEvent({ path, lineStart: range.lineStart, lineEnd: range.lineEnd }));
  }

  /** Forgets the selection (a new file is opening). */
  reset(): void {
    this.range = null;
    this.note = '';
  }

  /** Clear: no lines selected in the view, focus back in it. */
  clear(): void {
    this.options.view()?.selectLines(null);
    this.reset();
    this.options.viewElement()?.focus({ preventScroll: true });
  }

  /** Copy lines: the selected lines' text, without their numbers. */
  copyLines(): void {
    const text = this.options.view()?.selectedLinesText() ?? '';
    const t = this.options.t();
    this.note = copyText(this.host, text) ? t('copiedLines') : t('copyFailed');
  }

  /** Copy link: the link to the selected lines. */
  copyLink(): void {
    if (!this.selected) return;
    const t = this.options.t();
    this.note = copyText(this.host, this.link(this.selected)) ? t('copiedLink') : t('copyFailed');
  }

  /** The link to lines: the host's (`linkForRange`), else this page's address with `#L10-L20`. */
  link(range: QaLineRange): string {
    const { host, sessionId, path } = this.options.linkContext();
    let link: string | null;
    try {
      const made: unknown = host?.linkForRange?.({ sessionId, path, lineStart: range.lineStart, lineEnd: range.lineEnd });
      link = typeof made === 'string' && made !== '' ? made : null;
    } catch {
      link = null;
    }
    return link ?? lineLinkOn(globalThis.location?.href ?? '', range);
  }
}
