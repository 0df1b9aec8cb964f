/**
 * The highlighter's Web Worker: tokenizes documents off the main thread and
 * posts their tokens back chunk by chunk (see jobs.ts for the order).
 */
import { getCore, Tokenizer } from './engine.js';
import { JobRunner, type JobEvent } from './jobs.js';

/** Messages the worker understands. */
export type ToHighlightWorker =
  | { type: 'job'; id: number; lang: string; text: string; window: [number, number] | null }
  | { type: 'priority'; id: number; from: number; to: number }
  | { type: 'cancel'; id: number }
  | { type: 'warm'; lang: string | null };

const scope = self as unknown as { postMessage(m: JobEvent, transfer?: Transferable[]): void; addEventListener(t: 'message', l: (e: MessageEvent<ToHighlightWorker>) => void): void };

/** A slice of tokenizing ends after this long, so a new file or a scroll is heard soon. */
const WORKER_SLICE_MS = 25;

const runner = new JobRunner(
  // Token arrays are transferred, not copied.
  (e) => scope.postMessage(e, e.type === 'tokens' ? [e.offsets.buffer, e.data.buffer] : []),
  () => new Promise((resolve) => setTimeout(resolve, 0)),
  WORKER_SLICE_MS,
);

scope.addEventListener('message', (e) => {
  const m = e.data;
  if (m.type === 'job') runner.add(m.id, m.lang, m.text, m.window);
  else if (m.type === 'priority') runner.prioritize(m.id, m.from, m.to);
  else if (m.type === 'cancel') runner.cancel(m.id);
  else if (m.type === 'warm') void warm(m.lang).catch(() => undefined);
});

/**
 * Gets ready for a file in `lang` while it is being read: the themes, the
 * grammar, and the grammar's top-level patterns that its first line needs.
 */
async function warm(lang: string | null): Promise<void> {
  if (!lang) {
    await getCore();
    return;
  }
  (await Tokenizer.create(lang))?.prime();
}
