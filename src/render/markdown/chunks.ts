/**
 * Where HTML chunks come from: the parsing worker when the page allows one
 * (the only copy of the parser such a page loads), else the same parser on
 * the main thread, loaded then, one chunk per call so the caller can yield
 * between them.
 */
import { startWorker, type KitWorker } from '../workers.js';
import type { HtmlChunk, ParseOptions, ParseRequest, ParseResponse } from './protocol.js';
import parseWorkerUrl from './parse.worker.ts?worker&url';
import { nextTask, sinceYield } from '../tasks.js';
import { provisionalPrefix } from './prefix.js';
import { lazyModule } from '../lazy.js';

/** A stream of chunks that can be cancelled at any point. */
export interface ChunkStream {
  /** The next chunk, or null at the end. Rejects when parsing failed. */
  next(): Promise<HtmlChunk | null>;
  cancel(): void;
}

const IDLE_WORKER_MS = 30_000;
/** Without a worker, the block parse of a long document runs in slices of about this long (ms). */
const MAIN_THREAD_SLICE_MS = 12;
/**
 * Without a worker, a chunk is parsed in a task of its own once the task
 * that asks for it has run this long, and handed over in a new task when its
 * parse ran this long: the sanitizer's work on it (up to the renderer's
 * slice) never shares a task with much parsing.
 */
const MAIN_THREAD_TASK_MS = 16;

/**
 * Below this size a document parses in main-thread slices, in the page's
 * copy of the parser; from this size on, in the worker (when the page allows
 * one). Starting a worker, compiling its copy of the parser and sending the
 * chunks back cost more than a small document's whole parse. For a 1 MB
 * one the page is a little faster on an idle machine and the worker clearly
 * faster on a busy one; the worker also keeps its parse out of the page's
 * tasks. The measurements behind both are in docs/performance.md.
 */
export const MAIN_THREAD_MAX_CHARS = 400_000;

let workerAllowed = true;
let workerAlways = false;
let worker: KitWorker | null = null;
let workerBroken = false;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Map<number, (message: ParseResponse | { type: 'broken' }) => void>();

/**
 * Turns worker parsing off (`false`: every document time-sliced on the main
 * thread), back to the default (`true`: the worker for documents of
 * `MAIN_THREAD_MAX_CHARS` and more), or on for every document (`'always'`),
 * when the page allows workers.
 */
export function setWorkerParsing(mode: boolean | 'always'): void {
  workerAllowed = mode !== false;
  workerAlways = mode === 'always';
  if (!workerAllowed) stopWorker();
}

/** True when the last stream came from the worker. */
export let lastStreamUsedWorker = false;

function stopWorker(): void {
  worker?.stop();
  worker = null;
  clearTimeout(idleTimer);
}

function getWorker(): Worker | null {
  clearTimeout(idleTimer);
  if (!workerAllowed || workerBroken) return null;
  if (worker) return worker.worker;
  // A worker that cannot load (CSP, missing file, wrong MIME type, no answer) is reported
  // by startWorker, asynchronously: fall back for good.
  const started = startWorker('parse', parseWorkerUrl, () => {
    workerBroken = true;
    worker = null;
    clearTimeout(idleTimer);
    for (const listener of [...listeners.values()]) listener({ type: 'broken' });
  });
  if (!started) {
    workerBroken = true;
    return null;
  }
  started.worker.addEventListener('message', (event: MessageEvent<ParseResponse | { type: 'ready'; id?: undefined }>) => {
    if (event.data.id !== undefined) listeners.get(event.data.id)?.(event.data as ParseResponse);
  });
  worker = started;
  return started.worker;
}

function releaseWorker(): void {
  if (listeners.size === 0 && worker) {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stopWorker, IDLE_WORKER_MS);
  }
}

const pageParser = lazyModule(() => import('./parser.js'));

/** Loads the page's copy of the parser (for documents parsed on the main thread) ahead of a render. */
export function preloadPageParser(): void {
  void loadPageParser().catch(() => undefined);
}

function loadPageParser(): Promise<typeof import('./parser.js')> {
  return pageParser.load();
}

/**
 * The main-thread stream. Between its slices it waits for a new task
 * (`nextTask`), not for `scheduler.yield()`: a yield's continuation is run
 * ahead of rendering, so while the parse went on the page rendered no frame
 * for about 100 ms (Chromium's limit), and the first screen, in the DOM
 * after 60 ms, showed after 180. A plain task lets the frame in at its time.
 */
function mainThreadStream(source: string, options: ParseOptions): ChunkStream {
  let chunks: AsyncGenerator<HtmlChunk, void, void> | null = null;
  let done = false;
  return {
    async next() {
      if (done) return null;
      if (!chunks) {
        const { documentChunks } = await loadPageParser();
        if (done) return null;
        chunks = documentChunks(source, { ...options, sliceMs: MAIN_THREAD_SLICE_MS });
      }
      for (;;) {
        if (sinceYield() > MAIN_THREAD_TASK_MS) {
          await nextTask();
          if (done) return null;
        }
        const began = performance.now();
        const r = await chunks.next();
        if (r.done || done) {
          done = true;
          return null;
        }
        if (r.value.pause) {
          // Between two slices of the parse: let the page breathe.
          await nextTask();
          if (done) return null;
          continue;
        }
        if (performance.now() - began > MAIN_THREAD_TASK_MS) {
          await nextTask();
          if (done) return null;
        }
        return r.value;
      }
    },
    cancel() {
      done = true;
      void chunks?.return();
    },
  };
}

function workerStream(w: Worker, source: string, options: ParseOptions): ChunkStream {
  const id = nextId++;
  const queue: HtmlChunk[] = [];
  let finished = false;
  let failure: unknown = null;
  let fallback: ChunkStream | null = null;
  let received = false;
  let wake: (() => void) | null = null;

  const finish = () => {
    listeners.delete(id);
    releaseWorker();
  };
  listeners.set(id, (message) => {
    if (message.type === 'chunk') {
      received = true;
      queue.push(message.chunk);
    } else if (message.type === 'done') {
      finished = true;
      finish();
    } else if (message.type === 'broken') {
      finish();
      if (received) failure = new Error('The Markdown parser stopped.');
      else {
        fallback = mainThreadStream(source, options);
        if (id === nextId - 1) lastStreamUsedWorker = false;
      }
    } else {
      failure = new Error(message.message);
      finish();
    }
    wake?.();
  });
  const request: ParseRequest = { type: 'parse', id, source, ...options };
  w.postMessage(request);

  return {
    async next() {
      for (;;) {
        if (fallback) return fallback.next();
        if (queue.length) return queue.shift()!;
        if (failure) throw failure;
        if (finished) return null;
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
      }
    },
    cancel() {
      fallback?.cancel();
      if (!finished && listeners.has(id)) {
        worker?.worker.postMessage({ type: 'cancel', id } satisfies ParseRequest);
        finish();
      }
      finished = true;
      queue.length = 0;
      wake?.();
    },
  };
}

/**
 * The worker's stream, with a long document's provisional first screen
 * (`provisionalPrefix`) parsed on the page meanwhile: the page's copy of the
 * parser has that screen ready before a cold worker has even compiled its
 * own (a 1 MB document's first chunk came 180 ms after the render began
 * through the worker, 94 ms on the main thread), and the worker starts the
 * whole document where that screen ends. When the page's parser cannot
 * load, the worker's chunks alone follow.
 */
function workerStreamWithFirstScreen(w: Worker, source: string, options: ParseOptions): ChunkStream {
  const prefix = options.firstChunkEnd === undefined ? provisionalPrefix(source, options.firstChunkChars) : null;
  if (prefix === null) return workerStream(w, source, options);
  const rest = workerStream(w, source, { ...options, firstChunkEnd: prefix.length });
  let cancelled = false;
  let first: Promise<HtmlChunk | null> | null = loadPageParser().then(
    async (parser) => {
      if (!parser.hasParser()) {
        // Setting the parser up is a task of its own, as in `documentChunks` on the main thread.
        parser.getParser();
        await nextTask();
      }
      if (cancelled) return null;
      const chunk = parser.renderProvisional(prefix, options.nonce);
      // Its sanitizing and insertion go in a task of their own, as on the main-thread path: together with
      // a cold parse they made the longest task of a 1 MB open (about 50 ms in one trace).
      await nextTask();
      return cancelled ? null : chunk;
    },
    () => null,
  );
  return {
    async next() {
      const pending = first;
      first = null;
      const chunk = pending ? await pending : null;
      if (cancelled) return null;
      return chunk ?? rest.next();
    },
    cancel() {
      cancelled = true;
      first = null;
      rest.cancel();
    },
  };
}

/** Starts parsing `source`; chunks arrive through the returned stream. */
export function streamChunks(source: string, options: ParseOptions): ChunkStream {
  const w = workerAlways || source.length >= MAIN_THREAD_MAX_CHARS ? getWorker() : null;
  lastStreamUsedWorker = w !== null;
  return w ? workerStreamWithFirstScreen(w, source, options) : mainThreadStream(source, options);
}
