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
import { resolveLocale, translationPending } from '../../i18n/index.js';
import { closestLang } from '../../i18n/lang.js';
import { newFindings, sanitizeToFragment, sanitizerReady } from '../sanitize.js';
import { streamChunks, type ChunkStream } from './chunks.js';
import { decorate, mayReorder, type DecorateContext } from './decorate.js';
import { lazyHighlighter, type LazyHighlighter } from './lazy-highlight.js';
import { linkResolver } from './link-queue.js';
import { markWithin } from './marks.js';
import { appendRows, deferRows, holdingTable } from './long-tables.js';
import { Slices } from './slices.js';
import { afterNextPaint } from '../tasks.js';
import type { WorkEstimate } from './budget.js';

export { markdownStyles } from './styles.js';
export { markBlocks, markRanges, markRuns, drawBands, type LineRange } from './marks.js';
export { MAX_DEPTH, MAX_DOCUMENT_ELEMENTS, MAX_PIECE_ELEMENTS, type WorkEstimate } from './budget.js';
export { warmMarkdown } from './warm.js';

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

/** Rough rendered height of one source line. */
const LINE_HEIGHT_ESTIMATE_PX = 22;

interface Job {
  cancelled: boolean;
  cancel(): void;
}

const jobs = new WeakMap<HTMLElement, Job>();

function abortError(): DOMException {
  return new DOMException('The Markdown render was aborted.', 'AbortError');
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
  let highlighter: LazyHighlighter | null = null;
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
  // The renderer's own words (alert titles, footnotes, blocked images) come in that language: its terms first, if still loading.
  const terms = translationPending(locale);
  if (terms) {
    await terms;
    if (job.cancelled) throw abortError();
  }
  // At once where the browser sanitizes; elsewhere DOMPurify's chunk, the first time.
  await sanitizerReady();
  if (job.cancelled) throw abortError();
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
