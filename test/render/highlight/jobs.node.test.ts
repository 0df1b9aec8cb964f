// The tokenizing jobs shared by the highlight worker and the main-thread
// fallback, on the real grammars (plain Node, shiki's JavaScript engine):
// chunks that add up to one exact pass, the reader's lines first, small
// documents before big ones, cancelling, unknown languages and the pauses
// between slices.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { provideAssets, Tokenizer } from '../../../src/render/highlight/engine.ts';
import { PAGE_ASSETS } from '../../../src/render/highlight/assets.ts';
import { JobRunner, type JobEvent } from '../../../src/render/highlight/jobs.ts';
import { lineStarts, TextLines } from '../../../src/render/highlight/lines.ts';
import type { TokenStyle } from '../../../src/render/highlight/tokens.ts';

provideAssets(PAGE_ASSETS);

// Real TypeScript with block comments and template literals, so a chunk often starts inside one.
const SOURCE = readFileSync(new URL('../../../src/render/highlight/engine.ts', import.meta.url), 'utf8');
const source = (lines: number): string => {
  const one = SOURCE.split('\n');
  const out: string[] = [];
  while (out.length < lines) out.push(...one);
  return out.slice(0, lines).join('\n');
};

type Tokens = Extract<JobEvent, { type: 'tokens' }>;

/** A runner whose events are recorded, with a way to wait for one. */
function recorder(budgetMs: number, wholeWindows = true) {
  const events: JobEvent[] = [];
  const waiting: Array<{ when: (e: JobEvent) => boolean; resolve: () => void }> = [];
  let pauses = 0;
  const runner = new JobRunner(
    (e) => {
      events.push(e);
      for (const w of waiting.splice(0)) {
        if (w.when(e)) w.resolve();
        else waiting.push(w);
      }
    },
    () => {
      pauses += 1;
      return new Promise((resolve) => setImmediate(resolve));
    },
    budgetMs,
    wholeWindows,
  );
  const until = (when: (e: JobEvent) => boolean) => (events.some(when) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ when, resolve })));
  const ended = (id: number) => until((e) => e.id === id && e.type !== 'tokens');
  return { runner, events, until, ended, pauses: () => pauses };
}

/**
 * The lines an event stream coloured, each as its tokens spelled out by
 * style (`length:colour/font`), so streams of different tokenizers compare.
 */
function linesOf(events: JobEvent[], id: number, exact: boolean | null = true): Map<number, string> {
  const styles = new Map<number, TokenStyle>();
  const out = new Map<number, string>();
  for (const e of events) {
    if (e.id !== id || e.type !== 'tokens') continue;
    for (const [sid, style] of e.styles) styles.set(sid, style);
    if (exact !== null && e.exact !== exact) continue;
    for (let k = 0; k < e.count; k += 1) {
      const parts: string[] = [];
      for (let j = e.offsets[k]!; j < e.offsets[k + 1]!; j += 2) {
        const s = e.data[j + 1] ? styles.get(e.data[j + 1]!) : undefined;
        assert.ok(e.data[j + 1] === 0 || s, `style ${e.data[j + 1]} is announced before it is used`);
        parts.push(`${e.data[j]}:${s ? `${s.fg}/${s.fontStyle}` : 'plain'}`);
      }
      out.set(e.from + k, parts.join(' '));
    }
  }
  return out;
}

/** The same lines tokenized in one pass from the first line. */
async function onePass(text: string): Promise<Map<number, string>> {
  const tk = (await Tokenizer.create('typescript'))!;
  const lines = new TextLines(text);
  const res = tk.tokenize(lines, 0, lines.count, null);
  return linesOf([{ type: 'tokens', id: 0, from: 0, count: lines.count, offsets: res.offsets, data: res.data, styles: tk.takeNewStyles(), exact: true }], 0);
}

const tokenEvents = (events: JobEvent[], id: number): Tokens[] => events.filter((e): e is Tokens => e.id === id && e.type === 'tokens');

test('a document is tokenized in chunks that follow each other and add up to one exact pass', async () => {
  const text = source(600);
  const r = recorder(2);
  r.runner.add(1, 'typescript', text);
  await r.ended(1);
  const chunks = tokenEvents(r.events, 1);
  assert.ok(chunks.length > 1, `more than one slice (${chunks.length})`);
  let next = 0;
  for (const c of chunks) {
    assert.equal(c.from, next, 'each chunk starts where the one before ended');
    assert.equal(c.exact, true);
    assert.equal(c.offsets.length, c.count + 1);
    next += c.count;
  }
  assert.equal(next, 600);
  assert.equal(r.events.at(-1)!.type, 'done');
  assert.ok(chunks[0]!.count <= 40, `the first chunk is small (${chunks[0]!.count} lines)`);
  assert.deepEqual(linesOf(r.events, 1), await onePass(text), 'the grammar state is carried across chunks');
  assert.ok(r.pauses() >= chunks.length, 'a pause after every slice');
});

test("a job given the page's line index colours the same lines as one that finds them itself, and a wrong index is not trusted", async () => {
  const text = source(300);
  const expected = await onePass(text);
  const r = recorder(5);
  r.runner.add(31, 'typescript', text, null, lineStarts(text));
  const wrong = lineStarts(text);
  wrong.starts[wrong.count] = text.length;
  r.runner.add(32, 'typescript', text, null, wrong);
  await Promise.all([r.ended(31), r.ended(32)]);
  assert.deepEqual(linesOf(r.events, 31), expected);
  assert.deepEqual(linesOf(r.events, 32), expected, 'an index without its sentinel: the lines are found again');
});

test('the lines a reader looks at come first, then the exact pass replaces them', async () => {
  const text = source(1_500);
  // A slice's worth of lines: the window (at most two slices after its context) fits in one.
  const r = recorder(50);
  r.runner.add(2, 'typescript', text, [1_200, 1_230]);
  await r.ended(2);
  const chunks = tokenEvents(r.events, 2);
  const first = chunks[0]!;
  assert.equal(first.exact, false, 'the window is coloured from a fresh state first');
  assert.equal(first.from, 1_200, 'its context lines are not posted');
  assert.ok(first.count >= 30, 'the whole window at once');
  assert.equal(
    chunks.slice(1).every((c) => c.exact),
    true,
  );
  const exact = linesOf(r.events, 2);
  assert.equal(exact.size, 1_500, 'every line gets its exact colours in the end');
  assert.deepEqual(exact, await onePass(text));
  // The provisional colours are real tokens of the same lines.
  const provisional = linesOf(r.events, 2, false);
  for (const [n, tokens] of provisional) {
    const lengths = (s: string) => s.split(' ').reduce((sum, t) => sum + Number(t.split(':')[0]), 0);
    assert.equal(lengths(tokens), lengths(exact.get(n)!), `line ${n + 1} is spelled out whole`);
  }
});

test('a window within reach of the exact pass ends the next slice, posted at once', async () => {
  const text = source(600);
  const r = recorder(50);
  r.runner.add(3, 'typescript', text, [10, 300]);
  await r.ended(3);
  const chunks = tokenEvents(r.events, 3);
  assert.equal(chunks[0]!.exact, true);
  assert.equal(chunks[0]!.from, 0);
  assert.ok(chunks[0]!.count >= 300, `the first slice runs to the window's end (${chunks[0]!.count} lines)`);
});

test('prioritize moves the window of a running job; a window past the end is ignored', async () => {
  // Further ahead than the largest slice, so the window cannot be reached by the exact pass first.
  const text = source(4_000);
  const r = recorder(1);
  r.runner.add(4, 'typescript', text);
  await r.until((e) => e.id === 4 && e.type === 'tokens');
  r.runner.prioritize(4, 3_500, 3_520);
  r.runner.prioritize(99, 0, 10);
  await r.until((e) => e.id === 4 && e.type === 'tokens' && !e.exact);
  const provisional = tokenEvents(r.events, 4).find((c) => !c.exact)!;
  assert.equal(provisional.from, 3_500);
  await r.ended(4);
  assert.equal(linesOf(r.events, 4).size, 4_000);

  const empty = recorder(5);
  empty.runner.add(5, 'typescript', source(50), [900, 1_000]);
  await empty.ended(5);
  assert.ok(
    tokenEvents(empty.events, 5).every((c) => c.exact),
    'a window outside the document asks for nothing',
  );
});

test('the smaller document is finished first; a cancelled job says nothing more', async () => {
  const r = recorder(2);
  r.runner.add(6, 'typescript', source(2_500));
  r.runner.add(7, 'typescript', source(100));
  r.runner.add(8, 'typescript', source(1_200));
  await r.until((e) => e.id === 6 && e.type === 'tokens');
  r.runner.cancel(6);
  const cancelledAt = r.events.length;
  await r.ended(8);
  const doneOrder = r.events.filter((e) => e.type === 'done').map((e) => e.id);
  assert.deepEqual(doneOrder, [7, 8]);
  assert.equal(
    r.events.slice(cancelledAt).some((e) => e.id === 6),
    false,
  );
});

test('a language without a grammar is reported unsupported, once, with no tokens', async () => {
  const r = recorder(5);
  r.runner.add(9, 'no-such-language', 'a\nb\n');
  await r.ended(9);
  assert.deepEqual(
    r.events.filter((e) => e.id === 9),
    [{ type: 'unsupported', id: 9 }],
  );
});

test('without whole windows a slice stops when its time is up, also when it reaches the window', async () => {
  const text = source(3_000);
  const r = recorder(1, false);
  // A window just beyond the first slice: the slice that reaches it is cut by time like any other.
  r.runner.add(10, 'typescript', text, [30, 2_600]);
  await r.ended(10);
  const chunks = tokenEvents(r.events, 10);
  assert.ok(chunks.length > 1);
  assert.ok(
    chunks.every((c) => c.count < 2_570),
    `no slice tokenizes the window in one go (largest ${Math.max(...chunks.map((c) => c.count))} lines)`,
  );
  assert.deepEqual(linesOf(r.events, 10), await onePass(text));
});

test("background work waits for a job's first lines and the reader's, and runs before the rest of a file", async () => {
  // Each background slice is logged in the same stream as the jobs' events.
  const log: Array<JobEvent | { type: 'background' }> = [];
  let slices = 6;
  const background = {
    get pending() {
      return slices > 0;
    },
    run() {
      slices -= 1;
      log.push({ type: 'background' });
    },
  };
  const ended = new Map<number, () => void>();
  const runner = new JobRunner(
    (e) => {
      log.push(e);
      if (e.type !== 'tokens') ended.get(e.id)?.();
    },
    () => new Promise((resolve) => setImmediate(resolve)),
    1,
    true,
    background,
  );
  const end = (id: number) => new Promise<void>((resolve) => ended.set(id, resolve));
  const done = end(40);
  runner.add(40, 'typescript', source(400));
  await done;
  const at = (when: (e: JobEvent | { type: 'background' }) => boolean) => log.findIndex(when);
  const firstTokens = at((e) => e.type === 'tokens');
  const firstBackground = at((e) => e.type === 'background');
  assert.ok(firstTokens >= 0 && firstBackground > firstTokens, 'the first lines come before any background slice');
  assert.equal(slices, 0, 'the background work is done');
  const lastBackground = log.map((e) => e.type).lastIndexOf('background');
  assert.ok(
    log.slice(firstTokens + 1, lastBackground).every((e) => e.type === 'background'),
    'no more of the file until the background work is done',
  );
  assert.equal(
    linesOf(
      log.filter((e): e is JobEvent => e.type !== 'background'),
      40,
    ).size,
    400,
    'then the whole file',
  );

  // Work that arrives while a file's rest is being coloured runs before it; a new file's first lines still go first.
  slices = 3;
  const done2 = end(41);
  runner.add(41, 'typescript', source(300));
  runner.wake();
  await done2;
  const from41 = log.findIndex((e) => e.type === 'tokens' && e.id === 41);
  const next = log.slice(from41 + 1);
  assert.ok(log.slice(from41).some((e) => e.type === 'background'));
  assert.ok(
    log.slice(lastBackground + 1, from41).every((e) => e.type !== 'background'),
    "the new file's first lines before the new background work",
  );
  assert.equal(slices, 0);
  assert.ok(next.findIndex((e) => e.type === 'background') < next.findIndex((e) => e.type === 'tokens'), 'then the background work, then the rest');
});
