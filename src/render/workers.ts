/**
 * Starting the kit's two Web Workers (the highlighter and the Markdown
 * parser), and the one place that decides whether a worker is alive.
 *
 * Each worker is one self-contained ES module (no imports of its own), built
 * into the package as `dist/workers/<name>.worker.js` and referenced with a
 * literal `new URL('…', import.meta.url)`: Vite, webpack 5 and Parcel copy it
 * into the application's build as it is. Bundlers that do not (esbuild,
 * Rollup without a plugin) leave the URL pointing at nothing; the worker then
 * fails to start and the work runs on the main thread in short slices — or
 * the application copies the folder and names it once with
 * `configureWorkers({ baseUrl })`.
 *
 * A worker counts as broken when the page forbids it (CSP `worker-src`,
 * Trusted Types without the kit's policy), when its script fails to load or
 * is refused (404, a `text/plain` MIME type), when it throws, or when it has
 * not said `ready` within the start timeout. A broken worker is never tried
 * again in this page; its callers move their work to the main thread.
 * Workers on another origin (a CDN) start through a same-origin `blob:`
 * module that imports them (see `workerScript`).
 */
import { workerScriptUrl } from './trusted.js';

/** The kit's workers, by the file name they have in `dist/workers/`. */
export type KitWorkerName = 'highlight' | 'parse';

/** Options of `configureWorkers`. */
export interface QaWorkerOptions {
  /**
   * Where the application serves the files of `qa-sources-kit/dist/workers/`
   * (`highlight.worker.js`, `parse.worker.js`), for bundlers that do not copy
   * them; relative to the page. Unset (the default): the URL the bundler
   * resolved. `null` resets.
   */
  baseUrl?: string | URL | null;
  /** How long a new worker may take to answer before the main thread takes over (ms; default 5,000). */
  startTimeout?: number;
}

const DEFAULT_START_TIMEOUT_MS = 5_000;
const LABELS: Record<KitWorkerName, string> = { highlight: 'highlighter', parse: 'Markdown parser' };

let baseUrl: URL | null = null;
let startTimeout = DEFAULT_START_TIMEOUT_MS;
/** Workers that have not said `ready` yet: a new start timeout applies to them too. */
const starting = new Set<() => void>();

/**
 * Tells the kit where its worker files are served when the application's
 * bundler did not copy them (see the README's bundler notes), or how long a
 * worker may take to start. Call it before the first preview opens; a new
 * start timeout also applies to workers still starting (counted from their
 * start).
 */
export function configureWorkers(options: QaWorkerOptions): void {
  if (options.baseUrl !== undefined) baseUrl = options.baseUrl === null ? null : new URL(String(options.baseUrl), document.baseURI);
  if (options.startTimeout !== undefined && Number.isFinite(options.startTimeout) && options.startTimeout > 0) {
    startTimeout = options.startTimeout;
    for (const rearm of starting) rearm();
  }
}

/** The URL a worker is started from: the configured folder, else what the bundler resolved. */
export function workerUrl(name: KitWorkerName, bundled: string): string {
  return baseUrl ? new URL(`${name}.worker.js`, baseUrl).href : bundled;
}

/** A started kit worker. */
export interface KitWorker {
  readonly worker: Worker;
  /** Terminates the worker on purpose (not a failure: `onBroken` does not run). */
  stop(): void;
}

/**
 * Starts a kit worker from `bundled` (its `?worker&url` import) as a module
 * worker, through the kit's Trusted Types policy. Returns null when it cannot
 * even be constructed; otherwise `onBroken` runs once if it later turns out
 * not to work (see the module comment), after the worker is terminated and
 * one console warning says why. Messages may be posted at once: a worker
 * queues them until its script runs.
 */
export function startWorker(name: KitWorkerName, bundled: string, onBroken: () => void): KitWorker | null {
  if (typeof Worker === 'undefined') return null;
  const url = workerUrl(name, bundled);
  let worker: Worker;
  let script: WorkerScript | null = null;
  try {
    script = workerScript(url);
    worker = new Worker(workerScriptUrl(script.href), { type: 'module', name: `qa-sources-kit ${LABELS[name]}` });
  } catch (error) {
    script?.release();
    warn(name, url, `cannot be started here (${error instanceof Error ? error.message : String(error)})`);
    return null;
  }
  let ready = false;
  let ended = false;
  const startedAt = performance.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = () => {
    clearTimeout(timer);
    const limit = startTimeout;
    timer = setTimeout(() => broken(`did not answer within ${limit} ms`), Math.max(0, startedAt + limit - performance.now()));
  };
  const end = () => {
    ended = true;
    clearTimeout(timer);
    starting.delete(arm);
    script?.release();
    worker.terminate();
  };
  const broken = (why: string) => {
    if (ended) return;
    end();
    warn(name, url, why);
    onBroken();
  };
  arm();
  starting.add(arm);
  worker.addEventListener('message', (e: MessageEvent<unknown>) => {
    if (ready || (e.data as { type?: unknown } | null)?.type !== 'ready') return;
    ready = true;
    clearTimeout(timer);
    starting.delete(arm);
    script?.release();
  });
  worker.addEventListener('error', (e) => {
    e.preventDefault();
    broken(ready ? 'stopped with an error' : "failed to load (a missing file, a wrong MIME type or the page's CSP)");
  });
  return { worker, stop: end };
}

interface WorkerScript {
  href: string;
  release(): void;
}

/**
 * The script to start a worker from. A worker must come from the page's own
 * origin; when the build's files are served from another one (a CDN), the
 * worker is a one-line module of the page's origin (a `blob:` URL) that
 * imports the real file — which the CDN must then serve with CORS, as it
 * must any module script. A page whose CSP forbids `blob:` workers falls back
 * to the main thread like any other refusal.
 */
function workerScript(url: string): WorkerScript {
  const target = new URL(url, document.baseURI);
  if (target.origin === location.origin || target.protocol === 'blob:') return { href: target.href, release() {} };
  const href = URL.createObjectURL(new Blob([`import ${JSON.stringify(target.href)};\n`], { type: 'text/javascript' }));
  let released = false;
  return {
    href,
    release() {
      if (released) return;
      released = true;
      URL.revokeObjectURL(href);
    },
  };
}

function warn(name: KitWorkerName, url: string, why: string): void {
  console.warn(`qa-sources-kit: the ${LABELS[name]} worker ${why}: ${url}. Working on the main thread instead.`);
}
