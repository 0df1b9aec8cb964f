/**
 * The highlighter's Web Worker: tokenizes documents off the main thread and
 * posts their tokens back chunk by chunk (see jobs.ts for the order).
 *
 * It is built as one self-contained file (no imports at run time), so an
 * application's bundler can copy it as it is: grammars and themes are asked
 * of the page, which imports them where the bundler sees the imports.
 */
import type { LanguageRegistration, ThemeRegistration } from 'shiki/core';
import { provideAssets, Tokenizer, getCore, patternExpression, convertLatin1With, shippedExpression } from './engine.js';
import { JobRunner, type JobEvent } from './jobs.js';
import type { LineIndex } from './lines.js';
import { unpackGrammar } from './transfer.js';
import { PatternCompiler } from './precompile.js';
import { textKind, type TextKind } from './latin1.js';
import { narrowedExpression, narrowedPacked } from './narrowed.js';
import { nextTask } from '../tasks.js';

/** Messages the worker understands. */
export type ToHighlightWorker =
  | { type: 'job'; id: number; lang: string; text: string; window: [number, number] | null; lines?: LineIndex | null }
  | { type: 'priority'; id: number; from: number; to: number }
  | { type: 'cancel'; id: number }
  | { type: 'warm'; lang: string | null; sample?: boolean }
  /** The answer to a `need`: a language's grammar (null: none), or the two themes (null: not loadable). */
  | { type: 'asset'; lang: string; grammar: LanguageRegistration[] | null }
  | { type: 'asset'; lang: null; themes: [ThemeRegistration, ThemeRegistration] | null };

/** Messages the worker posts: job events, `ready` once it runs, and `need` for a grammar (`lang`) or the themes (`lang: null`). */
export type FromHighlightWorker = JobEvent | { type: 'ready' } | { type: 'need'; lang: string | null };

const scope = self as unknown as {
  postMessage(m: FromHighlightWorker, transfer?: Transferable[]): void;
  addEventListener(t: 'message', l: (e: MessageEvent<ToHighlightWorker>) => void): void;
};

/** A slice of tokenizing ends after this long, so a new file or a scroll is heard soon. */
const WORKER_SLICE_MS = 25;

type AssetMessage = Extract<ToHighlightWorker, { type: 'asset' }>;
const pending = new Map<string, Array<(m: AssetMessage) => void>>();

function ask(lang: string | null): Promise<AssetMessage> {
  return new Promise((resolve) => {
    const key = lang ?? '';
    const waiting = pending.get(key);
    if (waiting) waiting.push(resolve);
    else {
      pending.set(key, [resolve]);
      scope.postMessage({ type: 'need', lang });
    }
  });
}

// Grammars written in Oniguruma's syntax are narrowed for Latin-1 text too.
convertLatin1With(narrowedExpression);

/** The expressions of the grammars received, compiled when the reader waits for no lines (see precompile.ts). */
const compiler = new PatternCompiler(patternExpression);

/**
 * A grammar as received, rebuilt for text of `kind`: its own copy (each kind
 * has its own core), with every expression narrowed for Latin-1 text when
 * `kind` is `latin1` (see latin1.ts).
 */
function rebuildGrammar(grammar: LanguageRegistration[], kind: TextKind): LanguageRegistration[] {
  if (kind !== 'latin1') return unpackGrammar(grammar, shippedExpression);
  return unpackGrammar(grammar, narrowedPacked);
}

provideAssets({
  language: async (id, kind) => {
    const m = await ask(id);
    const grammar = 'grammar' in m ? m.grammar : null;
    const registrations = grammar && rebuildGrammar(grammar, kind);
    if (registrations) {
      compiler.add(registrations, kind);
      // The sample's rules first, once the grammar is loaded (this load's own promise, already made).
      void Tokenizer.create(id, kind).then((tokenizer) => {
        if (!tokenizer) return;
        compiler.first(tokenizer.sampleLines());
        runner.wake();
      });
      runner.wake();
    }
    return registrations;
  },
  themes: async () => {
    const m = await ask(null);
    if (!('themes' in m) || !m.themes) throw new Error('the page could not load the highlighting themes');
    return m.themes;
  },
});

const runner = new JobRunner(
  // Token arrays are transferred, not copied.
  (e) => scope.postMessage(e, e.type === 'tokens' ? [e.offsets.buffer, e.data.buffer] : []),
  // A new task, not `setTimeout`: nested timeouts wait at least 4 ms, and a file of 150 slices would idle 0.6 s.
  nextTask,
  WORKER_SLICE_MS,
  true,
  compiler,
  textKind,
);

scope.addEventListener('message', (e) => {
  const m = e.data;
  if (m.type === 'job') {
    runner.add(m.id, m.lang, m.text, m.window, m.lines);
  } else if (m.type === 'priority') runner.prioritize(m.id, m.from, m.to);
  else if (m.type === 'cancel') runner.cancel(m.id);
  else if (m.type === 'warm') void warm(m.lang, m.sample === true).catch(() => undefined);
  else if (m.type === 'asset') {
    const key = m.lang ?? '';
    const waiting = pending.get(key) ?? [];
    pending.delete(key);
    for (const resolve of waiting) resolve(m);
  }
});

/**
 * Gets ready for a file in `lang`: the themes, the grammar, and the
 * grammar's top-level patterns that its first line needs; with `sample`
 * (well ahead of an open), the rules of the scopes most files open near
 * their start too (see `Tokenizer.prime`).
 */
async function warm(lang: string | null, sample: boolean): Promise<void> {
  // Most files are all Latin-1: a file beyond it loads the themes and its grammar again, in a core of its own.
  if (!lang) {
    await getCore('latin1');
    return;
  }
  (await Tokenizer.create(lang, 'latin1'))?.prime(sample);
}

// The page waits for this before it trusts the worker with a job.
scope.postMessage({ type: 'ready' });
