/**
 * Fenced code of a rendered document highlighted lazily, when it comes near
 * the viewport, once the document's text is in.
 */
import { highlightElement } from '../highlight/element.js';

/** Code blocks start highlighting this far before they scroll into view. */
const HIGHLIGHT_MARGIN = '600px';

/** The lazy highlighting of one render's code blocks. */
export interface LazyHighlighter {
  /** Follows a chunk's rendering state from its insertion on. */
  track(chunk: HTMLElement): void;
  /** The code blocks in a chunk. */
  add(chunk: HTMLElement, codes: HTMLElement[]): void;
  /** Starts highlighting: code near the viewport now, the rest as it comes near. */
  start(): void;
  /** Stops watching (the render is over or cancelled). */
  disconnect(): void;
}

type VisibilityStateEvent = Event & { skipped: boolean };
const VISIBILITY_EVENT = 'contentvisibilityautostatechange';

/**
 * Highlights fenced code when it comes near the viewport (also inside
 * scrolling containers). Only code in chunks the browser renders is watched
 * (chunks skip rendering off screen: `content-visibility: auto`), so the
 * observer's work follows what is on screen, not the document's length
 * (benchmark row "Markdown 1 MB: fully rendered, painted").
 * Nothing starts before `start()`: the document's text goes in first.
 */
export function lazyHighlighter(signal: AbortSignal): LazyHighlighter {
  const tracksChunks = typeof IntersectionObserver !== 'undefined' && `on${VISIBILITY_EVENT}` in HTMLElement.prototype;
  if (typeof IntersectionObserver === 'undefined') {
    const waiting: HTMLElement[] = [];
    let started = false;
    return {
      track() {},
      add: (_chunk: HTMLElement, codes: HTMLElement[]) => (started ? codes.forEach((c) => void highlightSafely(c, signal)) : waiting.push(...codes)),
      start() {
        started = true;
        for (const code of waiting.splice(0)) void highlightSafely(code, signal);
      },
      disconnect() {},
    };
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        done.add(entry.target);
        void highlightSafely(entry.target as HTMLElement, signal);
      }
    },
    { rootMargin: HIGHLIGHT_MARGIN, scrollMargin: HIGHLIGHT_MARGIN } as IntersectionObserverInit,
  );
  const done = new WeakSet<Element>();
  const codesOf = new Map<Element, HTMLElement[]>();
  // Chunks whose content is rendered now (their code is worth watching).
  const rendered = new Set<Element>();
  let started = false;
  const watch = (chunk: Element, on: boolean) => {
    for (const code of codesOf.get(chunk) ?? []) {
      if (done.has(code)) continue;
      if (on) observer.observe(code);
      else observer.unobserve(code);
    }
  };
  const onState = (event: Event) => {
    const chunk = event.target as Element;
    const skipped = (event as VisibilityStateEvent).skipped;
    if (skipped) rendered.delete(chunk);
    else rendered.add(chunk);
    if (started) watch(chunk, !skipped);
  };
  const tracked: Element[] = [];
  return {
    /** Follows a chunk's rendering state from its insertion on. */
    track(chunk: HTMLElement) {
      if (tracksChunks) {
        chunk.addEventListener(VISIBILITY_EVENT, onState);
        tracked.push(chunk);
      } else rendered.add(chunk);
    },
    /** The code blocks in a chunk. */
    add(chunk: HTMLElement, codes: HTMLElement[]) {
      if (!codes.length) return;
      const known = codesOf.get(chunk);
      if (known) known.push(...codes);
      else codesOf.set(chunk, codes);
      if (started && rendered.has(chunk)) for (const code of codes) observer.observe(code);
    },
    start() {
      if (started) return;
      started = true;
      for (const chunk of rendered) watch(chunk, true);
    },
    disconnect() {
      observer.disconnect();
      for (const chunk of tracked) chunk.removeEventListener(VISIBILITY_EVENT, onState);
      tracked.length = 0;
      codesOf.clear();
      rendered.clear();
    },
  };
}

async function highlightSafely(code: HTMLElement, signal: AbortSignal): Promise<void> {
  const lang = code.parentElement?.getAttribute('data-lang');
  if (!lang || signal.aborted) return;
  try {
    await highlightElement(code, lang, signal);
  } catch {
    // Highlighting is decoration: the code stays readable as plain text.
  }
}
