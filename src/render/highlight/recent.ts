/**
 * The tokens of files coloured recently on this page, so that a file opened
 * again (a reader going back and forth between two cited files) shows its
 * colours with its first rows, without a plain frame and without the worker
 * tokenizing it all over again. Kept in memory only, for the page's life,
 * within a budget (`RECENT_TOKENS_BUDGET`): the least recently used file
 * goes first. A file is the same file only when its text is the same, in
 * the same language: a file changed on disk since is coloured anew. Part of
 * the highlighter's client (a lazy chunk): pages reach it through start.ts.
 * No dependencies and no DOM.
 */
import type { TokenChunk } from './tokens.js';

/** What is kept of a file's colouring: its exact chunks, and whether they cover every line. */
export interface RecentTokens {
  readonly chunks: readonly TokenChunk[];
  /** The highlighter finished the file: nothing is left to colour. */
  readonly complete: boolean;
}

interface Entry extends RecentTokens {
  lang: string;
  bytes: number;
}

/** Bytes the kept tokens (and their texts) may take in all. */
export const RECENT_TOKENS_BUDGET = 16 * 1024 * 1024;
/** Files kept at most. */
export const RECENT_TOKENS_FILES = 8;

/**
 * By text (one language a text: the last one it was coloured in). The text
 * itself is the key, compared whole: no second copy of it is made. The
 * Map's order is the order of use (last: most recent).
 */
const recent = new Map<string, Entry>();
let total = 0;

function drop(key: string): void {
  const entry = recent.get(key);
  if (!entry) return;
  recent.delete(key);
  total -= entry.bytes;
}

/**
 * Keeps the exact `chunks` of `text` in `lang` (chunks that are not exact
 * are left out). `complete`: the highlighter finished the file. A file too
 * big for the budget on its own is not kept; older files make room for it.
 */
export function rememberTokens(text: string, lang: string, chunks: readonly TokenChunk[], complete: boolean): void {
  const exact = chunks.filter((c) => c.exact);
  drop(text);
  if (exact.length === 0) return;
  // A JavaScript string takes up to two bytes a character.
  let bytes = text.length * 2;
  for (const c of exact) bytes += c.offsets.byteLength + c.data.byteLength;
  if (bytes > RECENT_TOKENS_BUDGET) return;
  for (const oldest of recent.keys()) {
    if (total + bytes <= RECENT_TOKENS_BUDGET && recent.size < RECENT_TOKENS_FILES) break;
    drop(oldest);
  }
  recent.set(text, { lang, chunks: exact, complete, bytes });
  total += bytes;
}

/** The tokens kept for `text` in `lang`, or null; a file recalled becomes the most recent. */
export function recallTokens(text: string, lang: string): RecentTokens | null {
  const entry = recent.get(text);
  if (!entry || entry.lang !== lang) return null;
  recent.delete(text);
  recent.set(text, entry);
  return entry;
}

/** How much is kept now (for tests and the benchmark). */
export function recentTokensHeld(): { files: number; bytes: number } {
  return { files: recent.size, bytes: total };
}

/** Forgets every file kept. */
export function forgetRecentTokens(): void {
  recent.clear();
  total = 0;
}
