/**
 * Where HTML chunks come from: the parsing worker when the page allows one
 * (the only copy of the parser such a page loads), else the same parser on
 * the main thread, loaded then, one chunk per call so the caller can yield
 * between them.
 */
import { startWorker, type KitWorker } from '../workers.js';
import type { HtmlChunk, ParseOptions, ParseRequest, ParseResponse } from './protocol.js';
import parseWorkerUrl from './parse.worker.ts?worker&url';
import { sinceYield, yieldToMain } from '../tasks.js';

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

let workerAllowed = true;
let worker: KitWorker | null = null;
let workerBroken = false;
let idleTimer: ReturnType<typeof setTimeout> | undefined;
let nextId = 1;
const listeners = new Map<number, (message: ParseResponse | { type: 'broken' }) => void>();

/**
 * Turns worker parsing off (`false`: time-sliced on the main thread) or back
 * on (`true`, the default, or `'always'`: the worker parses every document
 * when the page allows workers).
 */
export function setWorkerParsing(mode: boolean | 'always'): void {
  workerAllowed = mode !== false;
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

function mainThreadStream(source: string, options: ParseOptions): ChunkStream {
  // The parser loads on demand: a page that parses in the worker never downloads it twice.
  let chunks: AsyncGenerator<HtmlChunk, void, void> | null = null;
  let done = false;
  return {
    async next() {
      if (done) return null;
      if (!chunks) {
        const { documentChunks } = await import('./parser.js');
        if (done) return null;
        chunks = documentChunks(source, { ...options, sliceMs: MAIN_THREAD_SLICE_MS });
      }
      for (;;) {
        if (sinceYield() > MAIN_THREAD_TASK_MS) {
          await yieldToMain();
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
          await yieldToMain();
          if (done) return null;
          continue;
        }
        if (performance.now() - began > MAIN_THREAD_TASK_MS) {
          await yieldToMain();
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
 * Starts the parsing worker ahead of a render (it sets its parser up at once
 * and stops again when left idle). Does nothing when workers are off.
 */
export function warmWorker(): void {
  if (getWorker()) releaseWorker();
}

/** Starts parsing `source`; chunks arrive through the returned stream. */
export function streamChunks(source: string, options: ParseOptions): ChunkStream {
  const w = getWorker();
  lastStreamUsedWorker = w !== null;
  return w ? workerStream(w, source, options) : mainThreadStream(source, options);
}
