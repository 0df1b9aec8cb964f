/**
 * The way in to the highlighter for code on every page: `startHighlight` and
 * `warmHighlighter` without loading it. The client (the jobs in the worker,
 * the table of grammars, the main-thread fallback: client.ts) is a lazy
 * chunk; a page that shows only the panel and the footer never downloads
 * it, a preview loads it in idle time or with its first file. The worker
 * itself is started here (`highlightWorker`), by the first warm-up even
 * before the client is there. A job started before the client is there
 * begins once it is; a client that cannot be loaded leaves the text plain,
 * with one console warning.
 */
import type { HighlightJob, HighlightJobOptions, HighlightOutcome } from './client.js';
import type { RecentTokens } from './recent.js';
import type { TokenChunk } from './tokens.js';
import workerUrl from './highlight.worker.ts?worker&url';
import { startWorker, type KitWorker } from '../workers.js';
import { lazyModule } from '../lazy.js';
import { afterNextPaint } from '../tasks.js';

type Client = typeof import('./client.js');

const clientModule = lazyModule<Client>(() => import('./client.js'));
let warned = false;

/** The worker `warmHighlighter` started before the client was here, until the client takes it. */
interface EarlyWorker {
  kit: KitWorker | null;
  /** It said `ready`. */
  up: boolean;
  /** It turned out broken (see `startWorker`) before the client took it. */
  broken: boolean;
  /** The client's handler, once it took the worker. */
  onBroken: (() => void) | null;
}
let early: EarlyWorker | 'taken' | null = null;

/**
 * Starts the highlighter's worker now, when the client is not here yet: its
 * script then loads and compiles while the client's chunk loads, instead of
 * after it (an open's worker began about 50 ms in, once the client had
 * arrived, and took about 100 ms more to start).
 */
function startEarly(): void {
  if (early !== null || typeof Worker === 'undefined') return;
  const state: EarlyWorker = { kit: null, up: false, broken: false, onBroken: null };
  early = state;
  state.kit = startWorker('highlight', workerUrl, () => {
    state.broken = true;
    state.onBroken?.();
  });
  state.kit?.worker.addEventListener('message', (e: MessageEvent<{ type?: unknown } | null>) => {
    if (e.data?.type === 'ready') state.up = true;
  });
}

/**
 * The highlighter's worker, for the client: the one started early, else a
 * new one (null when none can be started; `onBroken` as `startWorker`'s).
 * `up`: it has said `ready` already.
 */
export function highlightWorker(onBroken: () => void): { kit: KitWorker | null; up: boolean } {
  const started = early;
  early = 'taken';
  if (started === null || started === 'taken') return { kit: startWorker('highlight', workerUrl, onBroken), up: false };
  if (started.broken || !started.kit) return { kit: null, up: false };
  started.onBroken = onBroken;
  return { kit: started.kit, up: started.up };
}

/** Loads the highlighter's client once; a failed load (a missing chunk, a dropped connection) is tried again on the next call. */
export function loadHighlighter(): Promise<Client> {
  return clientModule.load();
}

function warnOnce(error: unknown): void {
  if (warned) return;
  warned = true;
  console.warn(`qa-sources-kit: could not load the highlighter (${error instanceof Error ? error.message : String(error)}); the code stays plain text.`);
}

/** Starts the worker and loads the themes (and `lang`'s grammar, see the client's) ahead of a file, once the client is there (`sample`: see the client's). */
export function warmHighlighter(lang?: string | null, sample = false): void {
  const client = clientModule.loaded();
  if (client) client.warmHighlighter(lang, sample);
  else {
    startEarly();
    loadHighlighter().then((c) => c.warmHighlighter(lang, sample), warnOnce);
  }
}

/**
 * Loads `lang`'s grammar for the worker (see the client's) once the file's
 * first frames are on screen: a grammar is a large module to evaluate
 * (TypeScript's: about 20 ms of the page's time), which in the middle of
 * them held the first screen back. A client still on its way does it as
 * soon as it arrives: the file is often shown just before it is there, and
 * the grammar then waited for the starting worker to ask for it (about
 * 100 ms later in a trace).
 */
export function prepareGrammar(lang: string): void {
  void afterNextPaint()
    .then(afterNextPaint)
    .then(() => {
      const client = clientModule.loaded();
      if (client) client.prepareGrammar(lang);
      else loadHighlighter().then((c) => c.prepareGrammar(lang), warnOnce);
    });
}

/**
 * The tokens kept of `text` in `lang` from an earlier open on this page (see
 * recent.ts), or null. They live with the client, so the initial load does
 * not carry them: a page whose client is not here has coloured nothing yet.
 */
export function recallTokens(text: string, lang: string): RecentTokens | null {
  return clientModule.loaded()?.recallTokens(text, lang) ?? null;
}

/** Keeps what a file was coloured with, for when it is opened again (see recent.ts). */
export function rememberTokens(text: string, lang: string, chunks: readonly TokenChunk[], complete: boolean): void {
  clientModule.loaded()?.rememberTokens(text, lang, chunks, complete);
}

/**
 * Tokenizes `text` as `lang` (a language id), progressively: the window
 * first, then everything in order (see client.ts). Returns at once; before
 * the client is loaded, the job waits for it and keeps the last window asked
 * for.
 */
export function startHighlight(text: string, lang: string, options: HighlightJobOptions = {}): HighlightJob {
  const client = clientModule.loaded();
  if (client) return client.startHighlight(text, lang, options);
  let job: HighlightJob | null = null;
  let cancelled = false;
  let settle!: (o: HighlightOutcome) => void;
  const done = new Promise<HighlightOutcome>((resolve) => (settle = resolve));
  let window = options.window ?? null;
  loadHighlighter().then(
    (c) => {
      if (cancelled) return;
      job = c.startHighlight(text, lang, { ...options, window });
      void job.done.then(settle);
    },
    (error: unknown) => {
      warnOnce(error);
      settle(cancelled ? 'aborted' : 'failed');
    },
  );
  return {
    prioritize(from: number, to: number) {
      if (job) job.prioritize(from, to);
      else window = [from, to];
    },
    cancel() {
      if (job) job.cancel();
      else if (!cancelled) {
        cancelled = true;
        settle('aborted');
      }
    },
    done,
  };
}
