/**
 * Wiring of an answer's citations to the panel and the footer: the chips of
 * the rendered answer are linked (and kept linked while it streams), the
 * panel and footer get the same numbers, and pointing at a source on either
 * side highlights it on the other.
 *
 * ```ts
 * const stop = connectCitations({ answer, panel, footer, store, sessionId });
 * connectSources({ store, host, sessionId, panel, footer, preview, answer }); // chips open the preview
 * ```
 */
import type { QaCitationIndex } from '../model/citations.js';
import { highlightCitations, linkCitations, type QaCitationLinks } from './citations.js';
import type { QaSourcesStore, QaStoredSources } from './store.js';

/** What the wiring needs of a panel or footer. */
export interface QaCitedLike extends HTMLElement {
  citations: QaCitationIndex | null;
  highlightedSource: string | null;
}

/** Options of `connectCitations`. */
export interface QaConnectCitationsOptions {
  /** The element the answer is rendered into. */
  answer: HTMLElement;
  panel?: QaCitedLike | null;
  footer?: QaCitedLike | null;
  /** The answer's payload, when no store is given (or until the store has one). */
  sources?: unknown;
  /** Follow a store: the payload of `sessionId` + `turn` (or the latest turn). */
  store?: QaSourcesStore;
  sessionId?: string;
  turn?: number;
  /** The answer is final (an incomplete marker at its end shows as text). */
  complete?: boolean;
  /** Pointing at a card scrolls its first chip into view. Default false. */
  scrollToCitation?: boolean;
  /** Debug mode of the chips. */
  debug?: boolean;
}

/** What `connectCitations` returns: call it to stop; `links` is the answer's `linkCitations` result. */
export interface QaCitationsConnection {
  (): void;
  readonly links: QaCitationLinks;
}

/**
 * Links the citations of `answer` (observing it as it streams), gives panel
 * and footer the numbering, and highlights both ways: a chip pointed at or
 * focused marks its card and footer entry; a card or entry marks its chips
 * and their claims.
 */
export function connectCitations(options: QaConnectCitationsOptions): QaCitationsConnection {
  const { answer, panel, footer, store, sessionId } = options;
  const targets = [panel, footer].filter((x): x is QaCitedLike => !!x);
  const cleanups: Array<() => void> = [];
  const share = (index: QaCitationIndex) => targets.forEach((t) => (t.citations = index));
  let shownTurn: number | null = null;
  let sources = options.sources;
  if (store && sessionId) {
    const initial = options.turn === undefined ? store.latest(sessionId) : store.get(sessionId, options.turn);
    if (initial) {
      sources = initial.data;
      shownTurn = initial.turn;
    }
  }
  const links = linkCitations(answer, { sources, observe: true, complete: options.complete, debug: options.debug, onChange: share });

  const listen = (target: HTMLElement | null | undefined, fn: (e: GlobalEventHandlersEventMap['qa-source-highlight']) => void) => {
    if (!target) return;
    target.addEventListener('qa-source-highlight', fn);
    cleanups.push(() => target.removeEventListener('qa-source-highlight', fn));
  };
  listen(answer, (e) => targets.forEach((t) => (t.highlightedSource = e.detail.id)));
  const fromCard = (e: GlobalEventHandlersEventMap['qa-source-highlight']) => {
    highlightCitations(answer, e.detail.id, { scroll: options.scrollToCitation === true });
  };
  listen(panel, fromCard);
  listen(footer, fromCard);

  if (store && sessionId) {
    cleanups.push(
      store.subscribe((entry: QaStoredSources) => {
        if (entry.sessionId !== sessionId) return;
        if (options.turn !== undefined ? entry.turn !== options.turn : shownTurn !== null && entry.turn < shownTurn) return;
        shownTurn = entry.turn;
        links.refresh({ sources: entry.data });
      }),
    );
  }

  const stop: QaCitationsConnection = Object.assign(
    () => {
      links();
      for (const fn of cleanups.splice(0)) fn();
      highlightCitations(answer, null);
    },
    { links },
  );
  return stop;
}
