/**
 * Safe, progressive Markdown rendering for the file preview.
 *
 * Pipeline per render: parse (Web Worker when allowed) → HTML chunks that
 * end on block boundaries → for each chunk, on the main thread: DOMPurify
 * (always, last step before DOM) → link/image policy and the kit's own
 * controls → insert → yield to the browser. Fenced code is highlighted
 * lazily when it comes near the viewport. A new render into the same
 * container cancels the previous one first, so chunks never interleave.
 */
import { resolveLocale } from '../../i18n/index.js';
import { closestLang } from '../../i18n/lang.js';
import { highlightElement } from '../highlight/index.js';
import { newFindings, sanitizeToFragment } from '../sanitize.js';
import { nextTask, sinceYield, yieldToMain } from '../tasks.js';
import { streamChunks, warmWorker, type ChunkStream } from './chunks.js';
import { acceptWorkspaceLink, decorate, mayReorder, refuseWorkspaceLink, type DecorateContext } from './decorate.js';
import { markWithin } from './marks.js';
import { appendRows, deferRows, holdingTable } from './long-tables.js';
import type { WorkEstimate } from './budget.js';

export { markdownStyles } from './styles.js';
export { markBlocks, type LineRange } from './marks.js';
export { MAX_DEPTH, MAX_DOCUMENT_ELEMENTS, MAX_PIECE_ELEMENTS, type WorkEstimate } from './budget.js';

/**
 * The rejection of a render whose document is over its work budget (too
 * many or too deeply nested elements, see `budget.ts`): nothing was put in
 * the container. `name` is `MarkdownTooComplexError`.
 */
export class MarkdownTooComplexError extends Error {
  constructor(readonly estimate: WorkEstimate) {
    super(`The Markdown document is too complex to render (${estimate.over}: ${estimate.elements} elements, depth ${estimate.depth}).`);
    this.name = 'MarkdownTooComplexError';
  }
}

export interface MarkdownRenderOptions {
  /** Workspace path of the document; relative links resolve against its directory. */
  path: string;
  /** Returns the workspace path a relative link points at when the host accepts it, else null. Called with the link already resolved against `path` (e.g. `docs/architecture.md`), fragment kept separately. */
  resolveLink?: (path: string) => Promise<string | null>;
  /** Load remote images (default false: placeholder with alt text and host name). */
  allowRemoteImages?: boolean;
  /** Prefix for heading ids and footnote ids, unique per preview instance (e.g. `qa1-`). */
  idPrefix: string;
  /** Line ranges (1-based, inclusive) whose overlapping blocks get marked. */
  ranges?: Array<{ lineStart: number; lineEnd: number }>;
  signal?: AbortSignal;
  /** Called once, as soon as the first screen of content is in the container. */
  onFirstChunk?: () => void;
  /** Language of the kit's own words in the document (alert titles, tooltips); default: the nearest `[lang]`. */
  locale?: string;
}

export interface MarkdownRenderResult {
  blocks: number;
  marked: number;
  durationMs: number;
}

/** Main-thread work per slice (ms) while the document is being inserted; the browser renders a frame between slices. */
const SLICE_BUDGET_MS = 30;
/** Waiting longer than this for a frame means the page stopped rendering (hidden): go on without one. */
const FRAME_TIMEOUT_MS = 100;
const LINK_RESOLVE_CONCURRENCY = 4;
/** Rough rendered height of one source line. */
const LINE_HEIGHT_ESTIMATE_PX = 22;
/** Code blocks start highlighting this far before they scroll into view. */
const HIGHLIGHT_MARGIN = '600px';

interface Job {
  cancelled: boolean;
  cancel(): void;
}

const jobs = new WeakMap<HTMLElement, Job>();

function abortError(): DOMException {
  return new DOMException('The Markdown render was aborted.', 'AbortError');
}

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/**
 * Resolves in a new task once the browser rendered a frame, so what was
 * inserted before is on screen; in a hidden page (or one that stops
 * rendering meanwhile), after a plain turn of the event loop instead.
 */
function afterNextPaint(): Promise<void> {
  // A hidden page renders no frames: a plain turn of the event loop instead.
  if (!pageVisible()) return yieldToMain();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, FRAME_TIMEOUT_MS);
    requestAnimationFrame(
      () =>
        void nextTask().then(() => {
          clearTimeout(fallback);
          resolve();
        }),
    );
  });
}

/**
 * Time slices of main-thread work: `due(chars)` says whether work on
 * `chars` more characters of markup still fits the current slice, from the
 * cost per character measured so far (so a slice stops before a chunk that
 * would overrun it, not after).
 */
class Slices {
  private start = performance.now();
  private msPerChar = 0;
  private done = 0;

  /** Records that `chars` characters of markup took `ms`. */
  measured(chars: number, ms: number): void {
    if (chars <= 0) return;
    const rate = ms / chars;
    this.msPerChar = this.msPerChar === 0 ? rate : this.msPerChar * 0.7 + rate * 0.3;
    this.done += 1;
  }

  /** True when the next `chars` characters should wait for the next slice. */
  due(chars: number): boolean {
    // A slice always does some work, however slow the last chunks were.
    if (this.done === 0) return false;
    // The parser on the main thread may have yielded since the slice began (a new task started there).
    return Math.min(performance.now() - this.start, sinceYield()) + chars * this.msPerChar > SLICE_BUDGET_MS;
  }

  /** Lets the browser render a frame (or take a turn, when hidden) and starts a new slice. */
  async next(): Promise<void> {
    await afterNextPaint();
    this.restart();
  }

  restart(): void {
    this.start = performance.now();
    this.done = 0;
  }
}

/**
 * Moves the items or body rows of `next`, a list or table continuing `prev`
 * (see `HtmlChunk.continues`), to the end of `prev` (a long table's rows
 * past its first ones wait behind a button: see long-tables.ts); false when
 * the two do not match. Both are sanitized already: only nodes move.
 */
function continueBlock(prev: Element | null, next: Element | null, locale: string): boolean {
  // A long table already holding rows back ends with its "Show all" button.
  if (prev?.classList.contains('qa-show-rows')) prev = prev.previousElementSibling;
  if (!prev || !next) return false;
  if ((next.localName === 'ul' || next.localName === 'ol') && prev.localName === next.localName) {
    prev.append(...Array.from(next.childNodes));
    next.remove();
    return true;
  }
  const tableOf = (el: Element): HTMLTableElement | null =>
    el.localName === 'table'
      ? (el as HTMLTableElement)
      : el.classList.contains('qa-table') && el.firstElementChild?.localName === 'table'
        ? (el.firstElementChild as HTMLTableElement)
        : null;
  const a = tableOf(prev);
  const b = tableOf(next);
  if (!a || !b) return false;
  appendRows(
    a,
    Array.from(b.tBodies).flatMap((part) => Array.from(part.childNodes)),
    locale,
  );
  next.remove();
  return true;
}

function randomNonce(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Resolves workspace links through the host, a few at a time, one question per path. */
function linkResolver(job: Job, options: MarkdownRenderOptions, locale: string) {
  const answers = new Map<string, Promise<string | null>>();
  const queue: Array<() => Promise<void>> = [];
  let running = 0;
  const pump = () => {
    while (running < LINK_RESOLVE_CONCURRENCY && queue.length) {
      running++;
      void queue.shift()!().finally(() => {
        running--;
        pump();
      });
    }
  };
  const ask = (path: string): Promise<string | null> => {
    let answer = answers.get(path);
    if (!answer) {
      answer = new Promise<string | null>((resolve) => {
        queue.push(async () => {
          if (job.cancelled || !options.resolveLink) return resolve(null);
          try {
            const accepted = await options.resolveLink(path);
            resolve(typeof accepted === 'string' && accepted !== '' ? accepted : null);
          } catch {
            resolve(null);
          }
        });
        pump();
      });
      answers.set(path, answer);
    }
    return answer;
  };
  // Answers are applied in small time-sliced batches: thousands of links answered at once
  // must not turn into one long task.
  const answered: Array<[DecorateContext['pendingLinks'][number], string | null]> = [];
  let flushing = false;
  const flush = async () => {
    flushing = true;
    while (answered.length && !job.cancelled) {
      const until = performance.now() + SLICE_BUDGET_MS;
      while (answered.length && performance.now() < until) {
        const [link, accepted] = answered.shift()!;
        if (accepted) acceptWorkspaceLink(link.el, accepted, link.fragment);
        else refuseWorkspaceLink(link.el, locale);
      }
      if (answered.length) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    flushing = false;
  };
  return (links: DecorateContext['pendingLinks']) => {
    for (const link of links) {
      if (!options.resolveLink) {
        refuseWorkspaceLink(link.el, locale);
        continue;
      }
      void ask(link.path).then((accepted) => {
        if (job.cancelled) return;
        answered.push([link, accepted]);
        if (!flushing) void flush();
      });
    }
    links.length = 0;
  };
}

type VisibilityStateEvent = Event & { skipped: boolean };
const VISIBILITY_EVENT = 'contentvisibilityautostatechange';

/**
 * Highlights fenced code when it comes near the viewport (also inside
 * scrolling containers). Only code in chunks the browser renders is watched
 * (chunks skip rendering off screen: `content-visibility: auto`), so the
 * observer's work follows what is on screen, not the document's length.
 * Nothing starts before `start()`: the document's text goes in first.
 */
function lazyHighlighter(signal: AbortSignal) {
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

/** A sanitized, decorated chunk ready to go in, with the work it leaves for later. */
interface Prepared {
  wrapper: HTMLElement;
  html: string;
  links: DecorateContext['pendingLinks'];
  codeBlocks: HTMLElement[];
}

/**
 * Renders `source` into `container` (replacing its content) progressively;
 * resolves when everything is inserted; rejects with a DOMException
 * 'AbortError' when aborted (or when a newer render into the same
 * container replaced this one).
 */
export async function renderMarkdown(container: HTMLElement, source: string, options: MarkdownRenderOptions): Promise<MarkdownRenderResult> {
  const started = performance.now();
  jobs.get(container)?.cancel();
  if (options.signal?.aborted) throw abortError();

  const internal = new AbortController();
  let stream: ChunkStream | null = null;
  let highlighter: ReturnType<typeof lazyHighlighter> | null = null;
  const job: Job = {
    cancelled: false,
    cancel() {
      if (job.cancelled) return;
      job.cancelled = true;
      stream?.cancel();
      highlighter?.disconnect();
      internal.abort();
      options.signal?.removeEventListener('abort', onAbort);
      if (jobs.get(container) === job) jobs.delete(container);
    },
  };
  const onAbort = () => job.cancel();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  jobs.set(container, job);

  const locale = resolveLocale(options.locale ?? closestLang(container));
  const nonce = randomNonce();
  const ranges = (options.ranges ?? []).filter((r) => Number.isFinite(r.lineStart) && Number.isFinite(r.lineEnd));
  const resolveLinks = linkResolver(job, options, locale);
  highlighter = lazyHighlighter(internal.signal);
  const doc = container.ownerDocument;
  const slices = new Slices();

  /** Sanitizes and decorates one chunk (nothing is in the page yet). */
  const prepare = (html: string, lines: number): Prepared => {
    const t0 = performance.now();
    const found = newFindings();
    // The parser renamed inline style and handler attributes already (in its worker, when there is one).
    const fragment = sanitizeToFragment(html, { idPrefix: options.idPrefix, nonce, found, defused: true });
    const ctx: DecorateContext = {
      path: options.path,
      idPrefix: options.idPrefix,
      nonce,
      locale,
      allowRemoteImages: options.allowRemoteImages === true,
      pendingLinks: [],
      codeBlocks: [],
    };
    decorate(fragment, found, ctx, mayReorder(html));
    const wrapper = doc.createElement('div');
    wrapper.className = 'qa-chunk';
    // Height estimate (px) for space held before layout, read by the styles with typed attr().
    wrapper.setAttribute('data-qa-estimate', String(Math.round(Math.max(1, lines) * LINE_HEIGHT_ESTIMATE_PX)));
    wrapper.append(fragment);
    highlighter!.track(wrapper);
    slices.measured(html.length, performance.now() - t0);
    return { wrapper, html, links: ctx.pendingLinks, codeBlocks: ctx.codeBlocks };
  };
  /** The body rows of a piece of a long table (`HtmlChunk.rows`), sanitized, decorated and marked, for the chunk `home` they join. */
  const rowsOf = (html: string, lines: number, home: HTMLElement): Node[] => {
    const prepared = prepare(html, lines);
    if (ranges.length) markWithin(prepared.wrapper, ranges);
    settle(prepared, home, false);
    const table = prepared.wrapper.querySelector('table');
    return table ? Array.from(table.tBodies).flatMap((part) => Array.from(part.childNodes)) : [];
  };
  /** What follows a chunk's insertion: marks, lazy highlighting, link questions to the host. */
  const settle = (chunk: Prepared, home = chunk.wrapper, mark = true): number => {
    highlighter!.add(home, chunk.codeBlocks);
    resolveLinks(chunk.links);
    return mark && ranges.length ? markWithin(chunk.wrapper, ranges).length : 0;
  };

  container.replaceChildren();
  container.classList.add('qa-markdown');
  stream = streamChunks(source, { nonce });

  let blocks = 0;
  let marked = 0;
  // The first chunk in the page is marked and linked only once it is painted.
  let firstPainted = false;
  let provisional: Prepared | null = null;
  const showFirstScreen = async (first: Prepared) => {
    options.onFirstChunk?.();
    await afterNextPaint();
    if (job.cancelled) throw abortError();
    firstPainted = true;
    if (first !== provisional) marked += settle(first);
    slices.restart();
  };
  try {
    for (;;) {
      const chunk = await stream.next();
      if (job.cancelled) throw abortError();
      if (!chunk) break;
      if (chunk.tooComplex) throw new MarkdownTooComplexError(chunk.tooComplex);
      if (chunk.rows && chunk.continues && firstPainted) {
        // More rows of a long table that already holds rows back: kept aside as markup, sanitized when shown.
        const home = container.lastElementChild as HTMLElement | null;
        const table = holdingTable(home?.lastElementChild ?? null);
        if (home && table) {
          deferRows(table, { rows: chunk.rows, take: () => rowsOf(chunk.html, chunk.lines, home) });
          blocks += chunk.blocks;
          continue;
        }
      }
      // Waiting for the parser counts too: the browser renders at least once per slice.
      if (slices.due(chunk.html.length)) {
        await slices.next();
        if (job.cancelled) throw abortError();
      }
      if (provisional && !chunk.provisional && chunk.html === provisional.html) {
        // The real first chunk is what the provisional screen already shows: keep it.
        provisional.wrapper.removeAttribute('data-qa-provisional');
        marked += settle(provisional);
        provisional = null;
        blocks += chunk.blocks;
        continue;
      }
      if (chunk.html === '') {
        blocks += chunk.blocks;
        continue;
      }
      const prepared = prepare(chunk.html, chunk.lines);
      // Marked before its items may move into the previous chunk (below), and then not again.
      let premarked: HTMLElement[] | null = null;
      if (chunk.continues && firstPainted) {
        // The rest of a long list or table: its items go where the previous chunk's part of it ends.
        premarked = ranges.length ? markWithin(prepared.wrapper, ranges) : [];
        const previous = container.lastElementChild as HTMLElement | null;
        if (previous && continueBlock(previous.lastElementChild, prepared.wrapper.firstElementChild, locale)) {
          settle(prepared, previous, false);
          blocks += chunk.blocks;
          if (prepared.wrapper.firstChild) container.append(prepared.wrapper);
          // The continuing list or table element itself is gone: only what moved or stayed counts.
          for (const el of premarked) if (container.contains(el)) marked += 1;
          continue;
        }
        marked += premarked.length;
      }
      if (chunk.provisional) {
        prepared.wrapper.setAttribute('data-qa-provisional', '');
        provisional = prepared;
      } else blocks += chunk.blocks;
      if (provisional && provisional !== prepared) {
        provisional.wrapper.replaceWith(prepared.wrapper);
        provisional = null;
      } else container.append(prepared.wrapper);
      if (!firstPainted) await showFirstScreen(prepared);
      else marked += settle(prepared, prepared.wrapper, premarked === null);
    }
    if (!firstPainted) options.onFirstChunk?.();
    highlighter.start();
  } catch (error) {
    const cancelled = job.cancelled;
    job.cancel();
    throw cancelled ? abortError() : error;
  }
  options.signal?.removeEventListener('abort', onAbort);
  return { blocks, marked, durationMs: performance.now() - started };
}

/**
 * Optional: starts the parsing worker (and its parser set-up) ahead of a
 * render, e.g. as soon as a Markdown file is being read, so the first
 * screen does not wait for it. Safe to call any number of times; the worker
 * stops again when left idle.
 */
export function warmMarkdown(): void {
  warmWorker();
  if (!mainThreadWarm) {
    mainThreadWarm = true;
    setTimeout(warmMainThread, 0);
  }
}

let mainThreadWarm = false;

// A little of everything the kit's parser emits, with the kit's own markers under a throwaway nonce.
const WARM_UP_HTML =
  '<h2 id="w" data-qa-line="1-1">W <em>e</em></h2><p data-qa-line="2-2"><strong>s</strong> <code>c</code> ' +
  '<a href="https://example.com/w">example.com</a> <a href="w.md#x">w</a> <a href="#w">w</a></p>' +
  '<ul class="contains-task-list" data-qa-line="3-4"><li class="task-list-item" data-qa-line="3-3"><span data-qa-kit="w task open"></span>t</li><li data-qa-line="4-4">i</li></ul>' +
  '<table data-qa-line="5-7"><thead><tr data-qa-line="5-5"><th class="qa-align-left">h</th></tr></thead><tbody><tr data-qa-line="7-7"><td class="qa-align-right">d</td></tr></tbody></table>' +
  '<pre class="qa-code" data-lang="ts" data-qa-line="8-10"><code>const w = 1;</code></pre><blockquote data-qa-line="11-11"><p data-qa-line="11-11">q</p></blockquote>';

/**
 * Runs the main-thread half of a render once on a tiny document that goes
 * nowhere, while the page waits for the file and the worker: the sanitizer
 * is set up and its code (and the decoration's) compiled before the first
 * real chunk arrives, instead of on the first screen's path.
 */
function warmMainThread(): void {
  try {
    const found = newFindings();
    const fragment = sanitizeToFragment(WARM_UP_HTML, { idPrefix: 'w-', nonce: 'w', found, defused: true });
    decorate(
      fragment,
      found,
      { path: 'w.md', idPrefix: 'w-', nonce: 'w', locale: 'en', allowRemoteImages: false, pendingLinks: [], codeBlocks: [] },
      mayReorder(WARM_UP_HTML),
    );
  } catch {
    // Only a warm-up: the real render reports its own problems.
  }
}
