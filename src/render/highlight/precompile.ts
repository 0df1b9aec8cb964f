/**
 * The regular expressions of the grammars a worker has, compiled in its
 * spare time. The engine makes and compiles an expression the first time a
 * rule uses it (converting it from Oniguruma's syntax first, unless its
 * grammar is one of `PRECOMPILED_LANGUAGES`), and a large grammar has
 * hundreds of them: TypeScript's 515 take about 90 ms to compile. A file's
 * first screen pays for the ones it needs, and the next file pays for every
 * one the first did not use. With them compiled once the reader's lines are
 * coloured, a second file's first screen only runs them.
 */
import type { TextKind } from './latin1.js';

/** An expression to compile: a `RegExp` (an `EmulatedRegExp` may be made at its first `exec`), or a pattern the engine converts. */
type Pattern = RegExp | string;

/** The keys of a grammar rule that hold patterns. */
const PATTERN_KEYS = new Set(['match', 'begin', 'end', 'while']);
/** An end or while pattern with back-references is made again for each match (from its begin's captures): nothing to compile ahead. */
const BACK_REFERENCE = /\\\d/;

/** Subjects that compile an expression for both kinds of string the engine may scan. */
const LATIN1_SUBJECT = '';
const WIDE_SUBJECT = '\u0100';

/**
 * Collects the regular expressions of grammars and compiles them in slices.
 * A grammar loaded for Latin-1 text (see latin1.ts) only ever scans one-byte
 * strings; one for any text compiles for two-byte strings as well (the lines
 * of a text beyond Latin-1, which may also hold one-byte ones).
 */
export class PatternCompiler {
  private queue: Array<[Pattern, TextKind]> = [];
  private next = 0;
  private readonly seen = new WeakSet<object>();
  /** Work ahead of the queued expressions, one step at a time (see `first`). */
  private readonly ahead: Array<Iterator<void>> = [];

  /** `expression`: the engine's expression for a pattern written as a string on text of a kind, or null when it has none. */
  constructor(private readonly expression: (pattern: string, kind: TextKind) => RegExp | null) {}

  /** Queues the expressions of every rule in `grammar`, loaded for text of `kind` (each object once). */
  add(grammar: unknown, kind: TextKind): void {
    const walk = (v: unknown, key: string): void => {
      if (typeof v === 'string') {
        if (PATTERN_KEYS.has(key) && !((key === 'end' || key === 'while') && BACK_REFERENCE.test(v))) this.queue.push([v, kind]);
        return;
      }
      if (typeof v !== 'object' || v === null || this.seen.has(v)) return;
      this.seen.add(v);
      if (v instanceof RegExp) {
        if (PATTERN_KEYS.has(key)) this.queue.push([v, kind]);
        return;
      }
      if (Array.isArray(v)) for (const item of v) walk(item, '');
      else for (const [k, value] of Object.entries(v)) walk(value, k);
    };
    walk(grammar, '');
  }

  /**
   * Runs `steps` before any queued expression, one step at a time: a
   * grammar's sample lines (`Tokenizer.sampleLines`), which compile the rules
   * a file's first screen most often enters, in the order it enters them,
   * where the queue would compile them in the grammar's order among the rest.
   */
  first(steps: Iterator<void>): void {
    this.ahead.push(steps);
  }

  /** Expressions or steps are waiting. */
  get pending(): boolean {
    return this.ahead.length > 0 || this.next < this.queue.length;
  }

  /** Runs steps, then compiles queued expressions, until `deadline` (a `performance.now()` time), at least one of either. */
  run(deadline: number): void {
    while (this.ahead.length > 0) {
      const steps = this.ahead[0]!;
      let done = true;
      try {
        done = steps.next().done === true;
      } catch {
        // A step that fails fails the same way when a file's line enters that rule: nothing to do here.
      }
      if (done) this.ahead.shift();
      if (performance.now() >= deadline) return;
    }
    while (this.next < this.queue.length) {
      const [pattern, kind] = this.queue[this.next++]!;
      const re = typeof pattern === 'string' ? this.expression(pattern, kind) : pattern;
      if (re) {
        compile(re, LATIN1_SUBJECT);
        if (kind === 'any') compile(re, WIDE_SUBJECT);
      }
      if (performance.now() >= deadline) break;
    }
    if (this.next >= this.queue.length) {
      this.queue = [];
      this.next = 0;
    }
  }
}

/**
 * Runs `re` twice on `subject`: the first run builds it (an `EmulatedRegExp`
 * made to compile lazily) and compiles it to bytecode, the second to machine
 * code. Its `lastIndex` is left as it was.
 */
function compile(re: RegExp, subject: string): void {
  const last = re.lastIndex;
  try {
    re.lastIndex = 0;
    re.exec(subject);
    re.lastIndex = 0;
    re.exec(subject);
  } catch {
    // An expression that cannot run fails the same way when a rule uses it: nothing to do here.
  }
  re.lastIndex = last;
}
