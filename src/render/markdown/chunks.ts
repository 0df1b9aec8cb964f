/**
 * Where HTML chunks come from: the parsing worker when the page allows one,
 * else the same parser on the main thread, one chunk per call so the caller
 * can yield between them.
 */
import { startWorker } from '../trusted.js';
import type { HtmlChunk, ParseOptions } from './parser.js';
import type { ParseRequest, ParseResponse } from './protocol.js';
import parseWorkerUrl from './parse.worker.ts?worker&url';

/** A stream of chunks that can be cancelled at any point. */
export interface ChunkStream {
  /** The next chunk, or null at the end. Rejects when parsing failed. */
  next(): Promise<HtmlChunk | null>;
  /** True when the next chunk is already available without waiting. */
  ready(): boolean;
  cancel(): void;
}

const IDLE_WORKER_MS = 30_000;
/** Below this size, parsing runs in main-thread slices unless the worker is already running. */
export const MAIN_THREAD_MAX_CHARS = 400_000;

let workerAllowed = true;
let worker: Worker | null = null;
let workerBroken = false;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Map<number, (message: ParseResponse | { type: 'broken' }) => void>();

let workerAlways = false;

/**
 * Turns worker parsing off (`false`: time-sliced on the main thread), back to
 * the default (`true`: the worker for big documents or when it is running
 * anyway), or on for every document (`'always'`).
 */
export function setWorkerParsing(mode: boolean | 'always'): void {
  workerAllowed = mode !== false;
  workerAlways = mode === 'always';
  if (!workerAllowed) stopWorker();
}

/** True when the last stream came from the worker. */
export let lastStreamUsedWorker = false;

function stopWorker(): void {
  worker?.terminate();
  worker = null;
  clearTimeout(idleTimer);
}

function getWorker(): Worker | null {
  clearTimeout(idleTimer);
  if (!workerAllowed || workerBroken) return null;
  if (worker) return worker;
  const w = startWorker(new URL(parseWorkerUrl, import.meta.url), 'qa-markdown-parser');
  if (!w) {
    workerBroken = true;
    return null;
  }
  w.addEventListener('message', (event: MessageEvent<ParseResponse>) => listeners.get(event.data.id)?.(event.data));
  // A worker that cannot load (CSP, missing file) fails here, asynchronously: fall back for good.
  w.addEventListener('error', (event) => {
    event.preventDefault();
    workerBroken = true;
    stopWorker();
    for (const listener of [...listeners.values()]) listener({ type: 'broken' });
  });
  worker = w;
  return w;
}

function releaseWorker(): void {
  if (listeners.size === 0 && worker) {
    clearTimeout(idleTimer);
    idleTimer = setTimeout(stopWorker, IDLE_WORKER_MS);
  }
}

function mainThreadStream(source: string, options: ParseOptions): ChunkStream {
  // The parser loads on demand: pages that never need it on the main thread never download it twice.
  let iterator: Generator<HtmlChunk, void, void> | null = null;
  let done = false;
  return {
    async next() {
      if (done) return null;
      if (!iterator) {
        const { renderChunks } = await import('./parser.js');
        if (done) return null;
        iterator = renderChunks(source, options);
      }
      const r = iterator.next();
      if (r.done) {
        done = true;
        return null;
      }
      return r.value;
    },
    ready: () => !done && iterator !== null,
    cancel() {
      done = true;
      iterator?.return();
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
      else fallback = mainThreadStream(source, options);
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
    ready: () => queue.length > 0 || (fallback?.ready() ?? false),
    cancel() {
      fallback?.cancel();
      if (!finished && listeners.has(id)) {
        worker?.postMessage({ type: 'cancel', id } satisfies ParseRequest);
        finish();
      }
      finished = true;
      queue.length = 0;
      wake?.();
    },
  };
}

/** Starts the parsing worker ahead of a render (it stops again when left idle). */
export function warmWorker(): void {
  if (getWorker()) releaseWorker();
}

/** Starts parsing `source`; chunks arrive through the returned stream. */
export function streamChunks(source: string, options: ParseOptions): ChunkStream {
  // A document small enough to parse in short main-thread slices does not wait for a cold worker.
  const w = worker || workerAlways || source.length >= MAIN_THREAD_MAX_CHARS ? getWorker() : null;
  lastStreamUsedWorker = w !== null;
  return w ? workerStream(w, source, options) : mainThreadStream(source, options);
}
