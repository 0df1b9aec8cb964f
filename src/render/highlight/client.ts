/**
 * Main-thread side of the highlighter: starts jobs in the shared Web Worker
 * (see workers.ts) and falls back to time-sliced tokenizing on the main
 * thread when the page allows no worker or the worker turns out broken. The
 * worker's grammars and themes are imported here, on the page (assets.ts),
 * and handed over when it asks. Token style ids are translated into class
 * numbers of the shared token sheet before they reach a caller.
 */
import type { KitWorker } from '../workers.js';
import { highlightWorker } from './start.js';
import { nextTask } from '../tasks.js';
import type { TokenChunk } from './tokens.js';
import type { LineIndex } from './lines.js';
import type { JobEvent, JobRunner } from './jobs.js';
import type { FromHighlightWorker, ToHighlightWorker } from './highlight.worker.js';
import { registerStyle } from './token-styles.js';
import { loadGrammar, loadThemes, PAGE_ASSETS } from './assets.js';
import { PRECOMPILED_LANGUAGES } from './languages.js';
import { packGrammar } from './transfer.js';

// The colours of files shown before live with the client: a page that never coloured a file has none to keep.
export { recallTokens, rememberTokens } from './recent.js';

/** How a job ended. */
export type HighlightOutcome = 'done' | 'unsupported' | 'failed' | 'aborted';

/** Options of `startHighlight`. */
export interface HighlightJobOptions {
  /** Lines the reader sees first (0-based, end exclusive). */
  window?: [number, number] | null;
  signal?: AbortSignal;
  /**
   * Tokens of some lines (see `TokenChunk`, `chunkLine`). Style numbers are
   * token classes (`qa-tk-N`, 0 = plain). Chunks with `exact: false` colour
   * lines ahead of the exact pass; exact tokens for them follow later.
   */
  onTokens?: (chunk: TokenChunk) => void;
  /** Where the text's lines start, when the caller has it already (a raw view does): the worker need not find them again. */
  lines?: LineIndex;
}

/** A running highlight job. */
export interface HighlightJob {
  /** The reader moved: colour these lines (0-based, end exclusive) next. */
  prioritize(from: number, to: number): void;
  cancel(): void;
  readonly done: Promise<HighlightOutcome>;
}

/** Main-thread slices stay well under a frame. */
const MAIN_THREAD_BUDGET_MS = 8;

let useWorker = true;
/** The worker: undefined before the first job, null once it is off or broken. */
let worker: KitWorker | null | undefined;
/** The worker has started (its code is running and takes messages). */
let workerUp = false;
let nextId = 1;
let mainRunner: Promise<JobRunner> | null = null;

interface Active {
  text: string;
  lang: string;
  lines: LineIndex | null;
  window: [number, number] | null;
  onWorker: boolean;
  handle: (e: JobEvent) => void;
}
const active = new Map<number, Active>();

/** Turns the worker off (`false`: every job runs time-sliced on the main thread) or back on. */
export function configureHighlighter(options: { worker?: boolean }): void {
  if (options.worker !== undefined) useWorker = options.worker;
}

/** True when jobs currently run in a Web Worker. */
export function highlighterUsesWorker(): boolean {
  return getWorker() !== null;
}

function dispatch(e: JobEvent): void {
  active.get(e.id)?.handle(e);
}

/**
 * The main-thread runner, loaded (with shiki) only when a page really has to
 * tokenize on the main thread. Between its slices it waits for a new task
 * (`nextTask`), not for `scheduler.yield()`, whose continuations run ahead
 * of rendering: slices that yielded that way let the browser draw no frame
 * for about 100 ms at a time, and a file's numbered rows reached the screen
 * together with their colours, about 210 ms after the open (benchmark row
 * "No worker allowed: raw 57,220 lines, open → painted with numbers").
 */
function getMainRunner(): Promise<JobRunner> {
  mainRunner ??= Promise.all([import('./jobs.js'), import('./engine.js')]).then(([{ JobRunner: Runner }, { provideAssets, withExpressions }]) => {
    provideAssets(withExpressions(PAGE_ASSETS));
    return new Runner(dispatch, nextTask, MAIN_THREAD_BUDGET_MS, false);
  });
  return mainRunner;
}

function runOnMain(id: number, job: Active): void {
  void getMainRunner().then((runner) => {
    if (active.get(id) === job && !job.onWorker) runner.add(id, job.lang, job.text, job.window, job.lines);
  });
}

function workerFailed(): void {
  worker = null;
  // Everything the worker had is redone on the main thread.
  for (const [id, job] of active) {
    if (!job.onWorker) continue;
    job.onWorker = false;
    runOnMain(id, job);
  }
}

/** The worker's grammar messages, by language: loaded on the page and packed once, ahead of the worker's request when the page can. */
const grammarMessages = new Map<string, Promise<ToHighlightWorker>>();

function grammarMessage(lang: string): Promise<ToHighlightWorker> {
  let message = grammarMessages.get(lang);
  if (!message) {
    message = loadGrammar(lang).then((grammar) => ({
      type: 'asset',
      lang,
      grammar: grammar && PRECOMPILED_LANGUAGES.has(lang) ? packGrammar(grammar) : grammar,
    }));
    grammarMessages.set(lang, message);
  }
  return message;
}

/** Answers the worker's request for a grammar (`lang`) or the two themes (`null`), loaded on the page. */
async function answer(w: Worker, lang: string | null): Promise<void> {
  w.postMessage(lang !== null ? await grammarMessage(lang) : { type: 'asset', lang: null, themes: await loadThemes().catch(() => null) });
}

function getWorker(): Worker | null {
  if (!useWorker) return null;
  if (worker !== undefined) return worker?.worker ?? null;
  const started = highlightWorker(workerFailed);
  worker = started.kit;
  workerUp = started.up;
  const w = worker?.worker;
  if (!w) return null;
  w.addEventListener('message', (e: MessageEvent<FromHighlightWorker>) => {
    const m = e.data;
    if (m.type === 'need') {
      void answer(w, m.lang);
      return;
    }
    if (m.type === 'ready') {
      workerUp = true;
      return;
    }
    const job = active.get(m.id);
    if (!job || !job.onWorker) return;
    if (m.type === 'failed') {
      // The worker could not run the job (an engine error): the main thread takes over.
      worker?.stop();
      workerFailed();
      return;
    }
    job.handle(m);
  });
  return w;
}

function post(m: ToHighlightWorker): void {
  getWorker()?.postMessage(m);
}

const warmed = new Set<string>();

/**
 * Gets the highlighter ready ahead of time: starts the worker and loads the
 * themes (and `lang`'s grammar, when given: at once when the worker is up or
 * with `sample`, else once the file is on screen (`prepareGrammar`) or the
 * starting worker asks for it, whichever comes first) while the file
 * itself is still being read, so colours follow the text sooner. `sample`: well ahead of an
 * open (a file's card pointed at), the grammar also compiles the rules most
 * files need in their first screen (see `Tokenizer.prime`).
 */
export function warmHighlighter(lang?: string | null, sample = false): void {
  const key = `${lang ?? ''}${sample ? ' sample' : ''}`;
  // A warm-up with the sample did all that one without it does.
  if (warmed.has(key) || warmed.has(`${lang ?? ''} sample`)) return;
  warmed.add(key);
  const w = getWorker();
  if (!w) return;
  // The page fetches the themes the worker will ask for now, not after a round trip. A grammar is a
  // large module to evaluate (TypeScript's: about 20 ms of the page's time): while the worker is still
  // starting, the page evaluates it once the file is shown or the worker asks for it, not in the middle
  // of the file's first screen (benchmark row "Raw, 57,220 lines: open → painted"); a worker that is up, or a card pointed
  // at well ahead of the click, gets it at once.
  void loadThemes().catch(() => undefined);
  if (lang && (sample || workerUp)) void grammarMessage(lang);
  w.postMessage({ type: 'warm', lang: lang ?? null, sample } satisfies ToHighlightWorker);
}

/**
 * The page has time now (the file is on screen): `lang`'s grammar loads for
 * the worker at once instead of when the starting worker asks for it, so its
 * import and evaluation on the page overlap the worker's start instead of
 * following it.
 */
export function prepareGrammar(lang: string): void {
  if (getWorker()) void grammarMessage(lang);
}

/**
 * Tokenizes `text` as `lang` (a language id, see `resolveLanguage`),
 * progressively: the window first, then everything in order.
 */
export function startHighlight(text: string, lang: string, options: HighlightJobOptions = {}): HighlightJob {
  const id = nextId++;
  // Token class of each of the job's style ids (0 stays 0, plain text).
  const classOf: number[] = [0];
  let settle!: (o: HighlightOutcome) => void;
  const done = new Promise<HighlightOutcome>((resolve) => (settle = resolve));
  const finish = (o: HighlightOutcome) => {
    if (!active.has(id)) return;
    active.delete(id);
    options.signal?.removeEventListener('abort', onAbort);
    settle(o);
  };
  const job: Active = {
    text,
    lang,
    lines: options.lines ?? null,
    window: options.window ?? null,
    onWorker: false,
    handle: (e) => {
      if (e.type === 'tokens') {
        for (const [local, style] of e.styles) classOf[local] = registerStyle(style);
        const data = e.data;
        for (let i = 1; i < data.length; i += 2) data[i] = classOf[data[i]!] ?? 0;
        options.onTokens?.({ from: e.from, count: e.count, offsets: e.offsets, data, exact: e.exact });
      } else finish(e.type);
    },
  };
  const cancel = () => {
    if (!active.has(id)) return;
    if (job.onWorker) post({ type: 'cancel', id });
    else void mainRunner?.then((r) => r.cancel(id));
    finish('aborted');
  };
  const onAbort = () => cancel();
  if (options.signal?.aborted) {
    settle('aborted');
    return { prioritize() {}, cancel() {}, done };
  }
  options.signal?.addEventListener('abort', onAbort, { once: true });
  active.set(id, job);
  const w = getWorker();
  if (w) {
    job.onWorker = true;
    w.postMessage({ type: 'job', id, lang, text, window: job.window, lines: job.lines } satisfies ToHighlightWorker);
  } else {
    runOnMain(id, job);
  }
  return {
    prioritize(from: number, to: number) {
      if (!active.has(id)) return;
      job.window = [from, to];
      if (job.onWorker) post({ type: 'priority', id, from, to });
      else void mainRunner?.then((r) => r.prioritize(id, from, to));
    },
    cancel,
    done,
  };
}
