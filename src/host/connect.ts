/**
 * Wiring of the three elements to a store and a host: the few lines every
 * embedder would otherwise write.
 *
 * ```ts
 * const store = createSourcesStore();
 * session.on('event', (e) => store.apply(e));
 * const disconnect = connectSources({ store, host: createFetchHost({ endpoint: '/__qa/files' }), sessionId, panel, footer, preview });
 * ```
 */
import type { QaGroupOpenEvent, QaSourceOpenEvent } from '../events.js';
import type { QaLineRange } from '../model/display.js';
import type { QaSourceKind } from '../model/types.js';
import type { QaSourcesStore, QaStoredSources } from './store.js';
import type { QaSourcesHost } from './types.js';

/** What the wiring needs of `<qa-sources-panel>`. */
export interface QaPanelLike extends HTMLElement {
  sources: unknown;
  provisional: boolean;
  openGroup(kind: QaSourceKind): Promise<void>;
  /** The file open in the preview (its card is marked); optional for panels that do not mark it. */
  currentPath?: string | null;
}

/** What the wiring needs of `<qa-source-footer>`. */
export interface QaFooterLike extends HTMLElement {
  sources: unknown;
  provisional: boolean;
}

/**
 * What the wiring needs of `<qa-file-preview>`. The wiring sets `path` and
 * `ranges` for sources opened elsewhere (panel, footer, answer); a link inside
 * the preview is opened by the preview itself.
 */
export interface QaPreviewLike extends HTMLElement {
  host: QaSourcesHost | null | undefined;
  sessionId: string;
  path: string | null | undefined;
  ranges: QaLineRange[];
}

/** Options of `connectSources`. */
export interface QaConnectOptions {
  store: QaSourcesStore;
  /** Given to the preview; optional when the preview has its host already. */
  host?: QaSourcesHost;
  sessionId: string;
  /** The turn to show; omitted, the session's latest turn is followed as turns arrive. */
  turn?: number;
  panel?: QaPanelLike | null;
  footer?: QaFooterLike | null;
  preview?: QaPreviewLike | null;
  /** The rendered answer: its citation chips open their sources in the preview too (see `connectCitations` for numbers and highlights). */
  answer?: HTMLElement | null;
  /**
   * Drive the `hidden` attribute (default true): opening a file shows the
   * preview, a footer chip shows the panel, `qa-close` hides the element
   * that fired it and focus returns to the control that opened the preview.
   */
  manageVisibility?: boolean;
}

/**
 * Connects panel, footer and preview to a store and a host:
 * - panel and footer always get the same payload object and provisional
 *   flag, for `sessionId` + `turn` (or the latest turn);
 * - a local file source activated in the panel, the footer or the answer
 *   opens in the preview with its line ranges, unless another listener
 *   cancelled the `qa-source-open` event; a link inside the preview is opened
 *   by the preview itself, and the wiring marks its card;
 * - a footer chip (`qa-group-open`) opens that group in the panel.
 *
 * Returns the function that removes every listener and subscription.
 */
export function connectSources(options: QaConnectOptions): () => void {
  const { store, host, sessionId, panel, footer, preview } = options;
  const manage = options.manageVisibility !== false;
  const followLatest = options.turn === undefined;
  const cleanups: Array<() => void> = [];
  const handled = new WeakSet<Event>();
  let active = true;
  let shownTurn: number | null = null;
  let opener: HTMLElement | null = null;

  const listen = <K extends keyof HTMLElementEventMap>(target: HTMLElement | null | undefined, type: K, fn: (e: HTMLElementEventMap[K]) => void) => {
    if (!target) return;
    target.addEventListener(type, fn);
    cleanups.push(() => target.removeEventListener(type, fn));
  };

  const show = (entry: QaStoredSources) => {
    shownTurn = entry.turn;
    for (const el of [panel, footer]) {
      if (!el) continue;
      el.sources = entry.data;
      el.provisional = entry.provisional;
    }
  };

  const wants = (entry: QaStoredSources): boolean => {
    if (entry.sessionId !== sessionId) return false;
    if (!followLatest) return entry.turn === options.turn;
    return shownTurn === null || entry.turn >= shownTurn;
  };

  if (preview) {
    if (host) preview.host = host;
    preview.sessionId = sessionId;
  }

  const openInPreview = (path: string, ranges: QaLineRange[], from: HTMLElement | null) => {
    if (!preview) return;
    if (host && !preview.host) preview.host = host;
    preview.sessionId = sessionId;
    preview.ranges = Array.isArray(ranges) ? ranges : [];
    preview.path = path;
    if (manage) preview.hidden = false;
    opener = from;
    markCurrent(path);
  };

  /** The panel marks the card of the file the preview shows. */
  const markCurrent = (path: string | null) => {
    if (panel && 'currentPath' in panel) panel.currentPath = path;
  };

  /** Handles activation from panel or footer once the event has finished its trip: a listener further up may still cancel it. */
  const onSourceOpen = (e: QaSourceOpenEvent) => {
    if (handled.has(e)) return;
    handled.add(e);
    // The control the user activated has focus now (inside the element's shadow root); focus returns there on close.
    const origin = deepActiveElement(e.currentTarget as HTMLElement);
    const { path, ranges } = e.detail;
    queueMicrotask(() => {
      if (!active || e.defaultPrevented || typeof path !== 'string' || path === '') return;
      openInPreview(path, ranges, origin);
    });
  };
  listen(panel, 'qa-source-open', onSourceOpen);
  listen(footer, 'qa-source-open', onSourceOpen);
  listen(options.answer, 'qa-source-open', onSourceOpen);

  // A workspace link inside the preview: opening it is the preview's own default action (it owns
  // that navigation), so the wiring does not set the path again; it only marks the file's card.
  listen(preview, 'qa-source-open', (e) => {
    if (handled.has(e)) return;
    handled.add(e);
    const { path } = e.detail;
    queueMicrotask(() => {
      if (!active || e.defaultPrevented || typeof path !== 'string' || path === '' || !preview) return;
      if (preview.path === path) markCurrent(path);
    });
  });

  listen(footer, 'qa-group-open', (e: QaGroupOpenEvent) => {
    if (!panel) return;
    if (manage) panel.hidden = false;
    void Promise.resolve()
      .then(() => panel.openGroup(e.detail.kind))
      .catch(() => undefined);
  });

  if (manage) {
    listen(panel, 'qa-close', () => {
      if (panel) panel.hidden = true;
    });
    listen(preview, 'qa-close', () => {
      if (!preview) return;
      preview.hidden = true;
      markCurrent(null);
      const back = opener;
      opener = null;
      if (back?.isConnected) back.focus();
    });
  }

  const initial = followLatest ? store.latest(sessionId) : store.get(sessionId, options.turn!);
  if (initial) show(initial);
  cleanups.push(
    store.subscribe((entry) => {
      if (active && wants(entry)) show(entry);
    }),
  );

  return () => {
    if (!active) return;
    active = false;
    for (const fn of cleanups.splice(0)) fn();
    opener = null;
    markCurrent(null);
  };
}

/** The focused element inside `within` (crossing open shadow roots), or `within` itself when focus is elsewhere. */
function deepActiveElement(within: HTMLElement): HTMLElement {
  let active: Element | null = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement && (within === active || within.contains(active) || within.shadowRoot?.contains(active)) ? active : within;
}
