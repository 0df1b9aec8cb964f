/**
 * Find in a file's text: every match of a plain query (not a pattern), by
 * offset, line and column, optionally case-sensitive and whole-word only.
 * The search runs in slices against a deadline, so a file with 100,000
 * matches is counted without one long task; the matches found so far are
 * usable at every step. Pure: no DOM.
 */

/** Options of a search. */
export interface FindOptions {
  /** Match letter case exactly (default: case folded). */
  caseSensitive?: boolean;
  /** Only matches that are whole words: no letter, digit or `_` touches either end. */
  wholeWord?: boolean;
}

/** One match: 0-based line and column (UTF-16 units), its offset in the text and its length. */
export interface FindMatch {
  line: number;
  col: number;
  offset: number;
  length: number;
}

/** Longest query searched (longer ones are cut): a find box, not a document. */
export const MAX_QUERY_LENGTH = 1000;
/** Matches are checked against the deadline once per this many (a clock read per match would cost more than the match). */
const CHECK_EVERY = 256;

const WORD = '[\\p{L}\\p{N}\\p{M}_]';

/** Escapes `text` so that a regular expression matches it literally. */
export function escapeRegExp(text: string): string {
  return text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');
}

/**
 * The regular expression that finds `query` literally with `options`, or
 * null for an empty query (or one that is only line breaks: matches never
 * span lines).
 */
export function findPattern(query: string, options: FindOptions = {}): RegExp | null {
  const q = query.slice(0, MAX_QUERY_LENGTH).replace(/[\r\n]+/g, '');
  if (!q) return null;
  let source = escapeRegExp(q);
  if (options.wholeWord) source = `(?<!${WORD})${source}(?!${WORD})`;
  return new RegExp(source, options.caseSensitive ? 'gu' : 'giu');
}

/**
 * `:123` (or `:123:7`, a column, ignored) typed in the find box: the 1-based
 * line to go to, or null when the query is not a line.
 */
export function parseGoToLine(query: string): number | null {
  const m = /^\s*:\s*(\d{1,9})(?::\d*)?\s*$/.exec(query);
  if (!m) return null;
  const n = Number(m[1]);
  return n >= 1 ? n : null;
}

/** True for a query that asks for a line, complete or not yet (`:`, `:12`, `:12:`): it is not searched for. */
export function isGoToQuery(query: string): boolean {
  return /^\s*:\s*(?:\d+(?::\d*)?)?\s*$/.test(query);
}

/**
 * The matches of `pattern` in one line (column, length pairs), for showing
 * the matches of the lines on screen without waiting for the whole search.
 */
export function matchesInLine(line: string, pattern: RegExp): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  const re = new RegExp(pattern.source, pattern.flags);
  for (let m = re.exec(line); m; m = re.exec(line)) {
    const len = m[0].length;
    if (len === 0) {
      re.lastIndex += 1;
      continue;
    }
    out.push([m.index, len]);
  }
  return out;
}

/** Start offset of every line (`\n` ends a line, as the raw view counts them). */
export function lineOffsets(text: string): Uint32Array {
  let starts = new Uint32Array(Math.max(16, (text.length >> 5) + 1));
  let count = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (count >= starts.length) {
      const grown = new Uint32Array(starts.length * 2);
      grown.set(starts);
      starts = grown;
    }
    starts[count++] = i + 1;
  }
  return starts.slice(0, count);
}

/** The 0-based line holding `offset`, by bisection over `starts`. */
export function lineOfOffset(starts: Uint32Array, offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * A search of one text for one query. `step(deadline)` finds matches until
 * the clock passes `deadline` (or the text ends); `run()` does it all in
 * slices. The matches so far are read with `count`, `match(i)` and
 * `indexAtOrAfter`.
 */
export class TextSearch {
  /** The pattern, or null for a query that finds nothing. */
  readonly pattern: RegExp | null;
  private offsets = new Uint32Array(1024);
  private lengths = new Uint32Array(1024);
  private found = 0;
  private next = 0;
  private finished: boolean;
  private starts: Uint32Array | null;

  constructor(
    readonly text: string,
    readonly query: string,
    readonly options: FindOptions = {},
    /** Line start offsets of `text` (from `lineOffsets`), when the caller has them already. */
    starts: Uint32Array | null = null,
  ) {
    this.pattern = findPattern(query, options);
    this.finished = this.pattern === null || text.length === 0;
    this.starts = starts;
  }

  /** True once the whole text has been searched. */
  get done(): boolean {
    return this.finished;
  }

  /** Matches found so far. */
  get count(): number {
    return this.found;
  }

  /** How far the search has come, in UTF-16 units of the text. */
  get progress(): number {
    return this.finished ? this.text.length : this.next;
  }

  /**
   * Searches on until `now()` passes `deadline` or the text is done.
   * Returns true when the text is done.
   */
  step(deadline: number, now: () => number = defaultNow): boolean {
    if (this.finished) return true;
    const re = this.pattern!;
    re.lastIndex = this.next;
    let sinceCheck = 0;
    for (;;) {
      const m = re.exec(this.text);
      if (!m) {
        this.finished = true;
        return true;
      }
      const len = m[0].length;
      if (len === 0) {
        re.lastIndex += 1;
        continue;
      }
      this.push(m.index, len);
      this.next = re.lastIndex;
      if (++sinceCheck >= CHECK_EVERY) {
        sinceCheck = 0;
        if (now() >= deadline) return false;
      }
    }
  }

  /**
   * Searches the whole text in slices of `sliceMs`, yielding to the event
   * loop between them; `onProgress` follows every slice. Stops early (and
   * resolves false) when `signal` aborts.
   */
  async run(
    options: { sliceMs?: number; signal?: AbortSignal; onProgress?: (search: TextSearch) => void; now?: () => number; yieldTo?: () => Promise<void> } = {},
  ): Promise<boolean> {
    const slice = options.sliceMs ?? 8;
    const now = options.now ?? defaultNow;
    const pause = options.yieldTo ?? yieldToLoop;
    for (;;) {
      if (options.signal?.aborted) return false;
      const done = this.step(now() + slice, now);
      options.onProgress?.(this);
      if (done) return true;
      await pause();
    }
  }

  /** Match `i` (0-based, in text order). */
  match(i: number): FindMatch | null {
    if (i < 0 || i >= this.found) return null;
    const offset = this.offsets[i]!;
    const starts = this.lineStarts();
    const line = lineOfOffset(starts, offset);
    return { line, col: offset - starts[line]!, offset, length: this.lengths[i]! };
  }

  /** Index of the first match found so far that starts at or after `offset`, or -1. */
  indexAtOrAfter(offset: number): number {
    let lo = 0;
    let hi = this.found;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (this.offsets[mid]! < offset) lo = mid + 1;
      else hi = mid;
    }
    return lo < this.found ? lo : -1;
  }

  /** Index of the first match found so far on or after 0-based `line`, or -1. */
  indexAtOrAfterLine(line: number): number {
    const starts = this.lineStarts();
    if (line <= 0) return this.found ? 0 : -1;
    if (line >= starts.length) return -1;
    return this.indexAtOrAfter(starts[line]!);
  }

  /** The 0-based lines of the matches found so far, in order (repeats kept), for an overview of where they are. */
  matchLines(): Uint32Array {
    const starts = this.lineStarts();
    const out = new Uint32Array(this.found);
    let line = 0;
    for (let i = 0; i < this.found; i += 1) {
      const o = this.offsets[i]!;
      // Offsets only grow: walk the lines forward instead of bisecting each time.
      while (line + 1 < starts.length && starts[line + 1]! <= o) line += 1;
      out[i] = line;
    }
    return out;
  }

  private lineStarts(): Uint32Array {
    if (!this.starts) this.starts = lineOffsets(this.text);
    return this.starts;
  }

  private push(offset: number, length: number): void {
    if (this.found === this.offsets.length) {
      const o = new Uint32Array(this.found * 2);
      o.set(this.offsets);
      this.offsets = o;
      const l = new Uint32Array(this.found * 2);
      l.set(this.lengths);
      this.lengths = l;
    }
    this.offsets[this.found] = offset;
    this.lengths[this.found] = length;
    this.found += 1;
  }
}

function defaultNow(): number {
  return globalThis.performance?.now() ?? Date.now();
}

/** Lets other work run between slices (a macrotask, so input and painting get their turn). */
function yieldToLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
