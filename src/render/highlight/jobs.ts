/**
 * Progressive tokenizing of one or more documents, shared by the worker and
 * the main-thread fallback: exact colours line after line (grammar state
 * carried across chunks), the lines a reader is looking at first (tokenized
 * from a fresh state with some lines of context, then replaced by the exact
 * pass when it gets there), small documents before big ones, and a pause
 * between chunks so no slice runs long and new requests are heard.
 */
import { Tokenizer, type LineState } from './engine.js';
import type { TextKind } from './latin1.js';
import { TextLines, type LineIndex } from './lines.js';
import type { TokenStyle } from './tokens.js';

/** What a running job reports. */
export type JobEvent =
  | { type: 'tokens'; id: number; from: number; count: number; offsets: Uint32Array; data: Uint32Array; styles: Array<[number, TokenStyle]>; exact: boolean }
  | { type: 'done'; id: number }
  | { type: 'unsupported'; id: number }
  | { type: 'failed'; id: number };

/** Lines of context tokenized before an out-of-order window, so its first lines start in a plausible state. */
const WINDOW_CONTEXT = 80;
/** Without a window, the first exact chunk is small so the first lines get their colours quickly. */
const FIRST_CHUNK = 40;
const MIN_CHUNK = 8;
const MAX_CHUNK = 2_000;

interface Job {
  id: number;
  lang: string;
  kind: TextKind;
  lines: TextLines;
  tokenizer: Tokenizer | null;
  cursor: number;
  state: LineState;
  window: [number, number] | null;
  msPerLine: number;
  started: boolean;
}

/** Work of lower priority than the reader's lines and above the rest of a file (see `JobRunner`). */
export interface BackgroundWork {
  readonly pending: boolean;
  /** Does some of the work, until about `deadline` (a `performance.now()` time). */
  run(deadline: number): void;
}

/** A slice of background work ends after this long: a new file or a scroll waits for no more. */
const BACKGROUND_SLICE_MS = 8;

/**
 * Runs tokenizing jobs in slices of about `budgetMs`, calling `pause()`
 * between slices. `background` work (when given) runs in short slices once
 * no job has lines the reader is waiting for, ahead of the rest of a file.
 */
export class JobRunner {
  private readonly jobs = new Map<number, Job>();
  private running = false;

  constructor(
    private readonly emit: (e: JobEvent) => void,
    private readonly pause: () => Promise<void>,
    private readonly budgetMs: number,
    /** True where a long slice blocks nobody (a worker): the reader's lines are tokenized in one slice and posted together. */
    private readonly wholeWindows = true,
    private readonly background: BackgroundWork | null = null,
    /** The kind of a job's text, for grammars narrowed to Latin-1 (see latin1.ts); without it, every grammar is loaded for any text. */
    private readonly kindOf: ((text: string) => TextKind) | null = null,
  ) {}

  /** Background work was added: it runs when the reader waits for nothing. */
  wake(): void {
    void this.loop();
  }

  /** Starts tokenizing `text` in `lang`; `window` asks for those lines (0-based, end exclusive) first; `index`: where its lines start, when known. */
  add(id: number, lang: string, text: string, window: [number, number] | null = null, index: LineIndex | null = null): void {
    const lines = new TextLines(text, index);
    const kind = this.kindOf?.(text) ?? 'any';
    this.jobs.set(id, {
      id,
      lang,
      kind,
      lines,
      tokenizer: null,
      cursor: 0,
      state: null,
      window: clampWindow(window, lines.count),
      msPerLine: 0.5,
      started: false,
    });
    void this.loop();
  }

  /** The reader moved: these lines next. */
  prioritize(id: number, from: number, to: number): void {
    const job = this.jobs.get(id);
    if (job) job.window = clampWindow([from, to], job.lines.count);
  }

  cancel(id: number): void {
    this.jobs.delete(id);
  }

  private pick(): Job | null {
    let best: Job | null = null;
    for (const job of this.jobs.values()) {
      if (job.window && job.window[0] >= job.cursor) return job;
      if (!best || job.lines.count - job.cursor < best.lines.count - best.cursor) best = job;
    }
    return best;
  }

  private async loop(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (;;) {
        const job = this.pick();
        // The reader waits for a job's first lines (or the ones in view); the rest of a file can wait for the background work.
        if (this.background?.pending && !(job && (!job.started || job.cursor === 0 || job.window))) {
          this.background.run(performance.now() + BACKGROUND_SLICE_MS);
        } else if (!job) return;
        else {
          try {
            await this.step(job);
          } catch {
            this.jobs.delete(job.id);
            this.emit({ type: 'failed', id: job.id });
          }
        }
        await this.pause();
      }
    } finally {
      this.running = false;
    }
  }

  private chunkSize(job: Job): number {
    return Math.max(MIN_CHUNK, Math.min(MAX_CHUNK, Math.floor(this.budgetMs / Math.max(job.msPerLine, 0.005))));
  }

  private async step(job: Job): Promise<void> {
    if (!job.started) {
      job.started = true;
      job.tokenizer = await Tokenizer.create(job.lang, job.kind);
      if (!this.jobs.has(job.id)) return;
      if (!job.tokenizer) {
        this.jobs.delete(job.id);
        this.emit({ type: 'unsupported', id: job.id });
      }
      return;
    }
    const tk = job.tokenizer!;
    const w = job.window;
    if (w && w[0] >= job.cursor + this.chunkSize(job)) {
      // Far ahead of the exact pass: colour the window now from a fresh state, with some context before it.
      job.window = null;
      const start = Math.max(job.cursor, w[0] - WINDOW_CONTEXT);
      const end = Math.min(w[1], start + WINDOW_CONTEXT + this.chunkSize(job) * 2);
      if (end <= w[0]) return;
      const res = this.timed(job, () => tk.tokenize(job.lines, start, end, null));
      const skip = w[0] - start;
      // Drop the context lines: offsets rebased to the window's first line.
      const base = res.offsets[skip]!;
      const offsets = res.offsets.slice(skip).map((o) => o - base);
      this.emit({ type: 'tokens', id: job.id, from: w[0], count: end - w[0], offsets, data: res.data.slice(base), styles: tk.takeNewStyles(), exact: false });
      return;
    }
    if (w && w[1] <= job.cursor) job.window = null;
    let size = job.cursor === 0 ? Math.min(FIRST_CHUNK, this.chunkSize(job)) : this.chunkSize(job);
    // The lines the reader looks at are within reach: this slice ends with them, and they are posted at once.
    if (job.window && job.window[0] < job.cursor + size) size = Math.max(1, job.window[1] - job.cursor);
    const from = job.cursor;
    const window = job.window !== null;
    // A slice that ends with the reader's lines runs to its end; any other one stops when its time is up.
    const deadline = window && this.wholeWindows ? Infinity : performance.now() + this.budgetMs;
    const res = this.timed(job, () => tk.tokenize(job.lines, from, Math.min(job.lines.count, from + size), job.state, deadline));
    const to = res.end;
    job.state = res.state;
    job.cursor = to;
    if (job.window && job.window[1] <= to) job.window = null;
    this.emit({ type: 'tokens', id: job.id, from, count: to - from, offsets: res.offsets, data: res.data, styles: tk.takeNewStyles(), exact: true });
    if (to >= job.lines.count) {
      this.jobs.delete(job.id);
      this.emit({ type: 'done', id: job.id });
    }
  }

  private timed<T extends { offsets: Uint32Array }>(job: Job, fn: () => T): T {
    const t0 = performance.now();
    const r = fn();
    const per = (performance.now() - t0) / Math.max(1, r.offsets.length - 1);
    job.msPerLine = job.msPerLine * 0.5 + per * 0.5;
    return r;
  }
}

/** A window (0-based, end exclusive) inside `count` lines, or null when empty. */
function clampWindow(w: [number, number] | null, count: number): [number, number] | null {
  if (!w) return null;
  const from = Math.max(0, Math.min(count, Math.floor(w[0])));
  const to = Math.max(from, Math.min(count, Math.ceil(w[1])));
  return to > from ? [from, to] : null;
}
