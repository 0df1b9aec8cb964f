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
import { closestLang } from '../../elements/shared/localize.js';
import { highlightElement } from '../highlight/index.js';
import { sanitizeToFragment } from '../sanitize.js';
import { MAIN_THREAD_MAX_CHARS, streamChunks, warmWorker, type ChunkStream } from './chunks.js';
import { FIRST_CHUNK_CHARS, documentPrefix } from './prefix.js';
import { acceptWorkspaceLink, decorate, refuseWorkspaceLink, type DecorateContext } from './decorate.js';
import { markWithin, clearMarks, type LineRange } from './marks.js';

export { markdownStyles } from './styles.js';
export type { LineRange } from './marks.js';

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

/** Main-thread work per task before yielding to the browser. */
const SLICE_MS = 12;
const LINK_RESOLVE_CONCURRENCY = 4;
/** Documents at least this long first show a provisional screen rendered from their start alone. */
const PROVISIONAL_MIN_CHARS = 400_000;
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

function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** Resolves once the browser had a chance to paint (or after a short while in a hidden page, where frames do not run). */
function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 100);
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
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
      const until = performance.now() + SLICE_MS;
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

/** Highlights fenced code when it comes near the viewport (also inside scrolling containers). */
function lazyHighlighter(signal: AbortSignal) {
  if (typeof IntersectionObserver === 'undefined') {
    return { observe: (code: HTMLElement) => void highlightSafely(code, signal), disconnect() {} };
  }
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        observer.unobserve(entry.target);
        void highlightSafely(entry.target as HTMLElement, signal);
      }
    },
    { rootMargin: HIGHLIGHT_MARGIN, scrollMargin: HIGHLIGHT_MARGIN } as IntersectionObserverInit,
  );
  return { observe: (code: HTMLElement) => observer.observe(code), disconnect: () => observer.disconnect() };
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
  const ctx: DecorateContext = {
    path: options.path,
    idPrefix: options.idPrefix,
    nonce,
    locale,
    allowRemoteImages: options.allowRemoteImages === true,
    pendingLinks: [],
    codeBlocks: [],
  };
  const ranges = (options.ranges ?? []).filter((r) => Number.isFinite(r.lineStart) && Number.isFinite(r.lineEnd));
  const resolveLinks = linkResolver(job, options, locale);
  highlighter = lazyHighlighter(internal.signal);

  container.replaceChildren();
  container.classList.add('qa-markdown');
  stream = streamChunks(source, { nonce });

  let blocks = 0;
  let marked = 0;
  let first = true;
  let provisional: HTMLElement | null = null;
  let sliceStart = performance.now();
  try {
    // A big document's first screen may come from its start alone, parsed here (the parser
    // module loads on demand), while the worker parses everything; the real first chunk then
    // replaces it (normally identical). Whichever is ready first is shown first.
    let upcoming = stream.next();
    const prefix = source.length >= PROVISIONAL_MIN_CHARS ? documentPrefix(source, FIRST_CHUNK_CHARS) : null;
    if (prefix) {
      const early = import('./parser.js').then((parser) => parser.renderWhole(prefix, nonce));
      const winner = await Promise.race([upcoming.then(() => null), early.catch(() => null)]);
      if (job.cancelled) throw abortError();
      if (winner) {
        const fragment = sanitizeToFragment(winner.html, { idPrefix: options.idPrefix, nonce });
        decorate(fragment, { ...ctx, pendingLinks: [], codeBlocks: [] });
        provisional = container.ownerDocument.createElement('div');
        provisional.className = 'qa-chunk';
        provisional.setAttribute('data-qa-provisional', '');
        provisional.append(fragment);
        container.append(provisional);
        first = false;
        options.onFirstChunk?.();
        await afterNextPaint();
        if (job.cancelled) throw abortError();
        sliceStart = performance.now();
      }
    }
    for (;;) {
      const chunk = await upcoming;
      if (job.cancelled) throw abortError();
      if (!chunk) break;
      upcoming = stream.next();
      const fragment = sanitizeToFragment(chunk.html, { idPrefix: options.idPrefix, nonce });
      decorate(fragment, ctx);
      const wrapper = container.ownerDocument.createElement('div');
      wrapper.className = 'qa-chunk';
      // Height estimate (px) for space held before layout, read by the styles with typed attr().
      wrapper.setAttribute('data-qa-estimate', String(Math.round(chunk.lines * LINE_HEIGHT_ESTIMATE_PX)));
      wrapper.append(fragment);
      if (ranges.length) marked += markWithin(wrapper, ranges).length;
      if (provisional) {
        provisional.replaceWith(wrapper);
        provisional = null;
      } else {
        container.append(wrapper);
      }
      blocks += chunk.blocks;
      for (const code of ctx.codeBlocks) highlighter.observe(code);
      ctx.codeBlocks.length = 0;
      resolveLinks(ctx.pendingLinks);
      if (first) {
        // Let the first screen paint before the rest of the document is worked on.
        first = false;
        options.onFirstChunk?.();
        await afterNextPaint();
        sliceStart = performance.now();
      } else if (performance.now() - sliceStart > SLICE_MS || !stream.ready()) {
        await yieldToBrowser();
        sliceStart = performance.now();
      }
      if (job.cancelled) throw abortError();
    }
    if (first) options.onFirstChunk?.();
  } catch (error) {
    const cancelled = job.cancelled;
    job.cancel();
    throw cancelled ? abortError() : error;
  }
  options.signal?.removeEventListener('abort', onAbort);
  return { blocks, marked, durationMs: performance.now() - started };
}

/**
 * Optional: starts loading the Markdown parser ahead of a render, e.g. while
 * the file is still being read, so the first screen does not wait for it.
 * `expectedChars` (the file size, when known) also starts the parsing worker
 * for big documents. Safe to call any number of times.
 */
export function warmMarkdown(expectedChars = 0): void {
  void import('./parser.js').catch(() => undefined);
  if (expectedChars >= MAIN_THREAD_MAX_CHARS) warmWorker();
}

/** (Re)marks blocks whose source-line span overlaps `ranges` (attribute `data-qa-marked`), returns the first marked block or null. */
export function markBlocks(container: HTMLElement, ranges: Array<{ lineStart: number; lineEnd: number }>): HTMLElement | null {
  clearMarks(container);
  const valid: LineRange[] = ranges.filter((r) => Number.isFinite(r.lineStart) && Number.isFinite(r.lineEnd));
  if (!valid.length) return null;
  return markWithin(container, valid)[0] ?? null;
}
