// Compiling a grammar's expressions ahead of use (the highlight worker's
// spare time), on the real grammars and shiki's JavaScript engine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { convertLatin1With, patternExpression } from '../../../src/render/highlight/engine.ts';
import { narrowedExpression } from '../../../src/render/highlight/narrowed.ts';

// As the worker does.
convertLatin1With(narrowedExpression);
import { loadGrammar } from '../../../src/render/highlight/assets.ts';
import { PatternCompiler } from '../../../src/render/highlight/precompile.ts';

/** A real RegExp that notes what it is run on. */
class NotingRegExp extends RegExp {
  readonly subjects: string[] = [];
  override exec(subject: string): RegExpExecArray | null {
    this.subjects.push(subject);
    return super.exec(subject);
  }
}

/** Every `match` and `begin` pattern written as a string in a grammar (with the grammars it embeds). */
function stringPatterns(grammar: unknown): string[] {
  const out: string[] = [];
  JSON.stringify(grammar, (key, value: unknown) => {
    if ((key === 'match' || key === 'begin') && typeof value === 'string') out.push(value);
    return value;
  });
  return out;
}

test("a grammar written in Oniguruma's syntax: every pattern is converted into the engine's own cache", async () => {
  const python = (await loadGrammar('python'))!;
  const asked: string[] = [];
  const kinds = new Set<string>();
  const compiler = new PatternCompiler((p, kind) => {
    asked.push(p);
    kinds.add(kind);
    return patternExpression(p, kind);
  });
  compiler.add(python, 'latin1');
  assert.equal(compiler.pending, true);
  compiler.run(Infinity);
  assert.equal(compiler.pending, false);
  const expected = stringPatterns(python);
  assert.ok(expected.length > 100, `python has its patterns (${expected.length})`);
  const askedSet = new Set(asked);
  for (const p of expected) assert.ok(askedSet.has(p), `converted: ${p.slice(0, 60)}`);
  assert.deepEqual([...kinds], ['latin1'], 'converted for the kind of text the grammar was loaded for');
  // What the engine will look up is there already: the same expression, not a second conversion.
  const sample = expected.find((p) => patternExpression(p, 'latin1') !== null)!;
  assert.equal(patternExpression(sample, 'latin1'), patternExpression(sample, 'latin1'));
  // Each kind of text has its own: narrowed to Latin-1 (python's `\\w` is a Unicode class) or not.
  const word = expected.find((p) => /\\w/.test(p) && (patternExpression(p, 'any')?.source.includes('\\p{') ?? false))!;
  assert.ok(word, 'python has a pattern whose expression holds a property escape');
  assert.notEqual(patternExpression(word, 'any'), patternExpression(word, 'latin1'));
  assert.equal(patternExpression(word, 'latin1')!.source.includes('\\p{'), false);
  // End patterns that refer to their begin's captures are made per match: left alone.
  assert.equal(
    asked.some((p) => /\\\d/.test(p) && !expected.includes(p)),
    false,
  );
});

test('a precompiled grammar: each of its expressions is run twice on an empty string, its lastIndex kept', async () => {
  const noted = new NotingRegExp('a+', 'g');
  noted.lastIndex = 5;
  const other = new NotingRegExp('b', 'gd');
  const compiler = new PatternCompiler(() => null);
  // A name or a scope is not a pattern; the same object twice is compiled once.
  const grammar = { name: 'x', repository: { a: { match: noted, name: 'x.a' }, b: { begin: other, end: other, patterns: [{ include: '#a' }] } } };
  compiler.add(grammar, 'latin1');
  compiler.add(grammar, 'latin1');
  compiler.run(Infinity);
  assert.deepEqual(noted.subjects, ['', '']);
  assert.deepEqual(other.subjects, ['', '']);
  assert.equal(noted.lastIndex, 5);

  const ts = (await loadGrammar('typescript'))!;
  const precompiled = new PatternCompiler(() => assert.fail('a precompiled grammar has no pattern to convert'));
  precompiled.add(ts, 'latin1');
  precompiled.run(Infinity);
  assert.equal(precompiled.pending, false);
});

test('it works in slices: at least one expression each time, until its deadline', () => {
  const patterns = Array.from({ length: 5 }, (_, i) => new NotingRegExp(`x${i}`));
  const compiler = new PatternCompiler(() => null);
  compiler.add({ patterns: patterns.map((match) => ({ match })) }, 'latin1');
  compiler.run(0);
  assert.deepEqual(
    patterns.map((p) => p.subjects.length),
    [2, 0, 0, 0, 0],
    'a deadline already past: one expression',
  );
  while (compiler.pending) compiler.run(0);
  assert.ok(patterns.every((p) => p.subjects.length === 2));
});

test('a pattern the engine cannot convert is skipped, and an expression that throws stops nothing', () => {
  const throwing = new (class extends RegExp {
    override exec(): RegExpExecArray | null {
      throw new Error('cannot run');
    }
  })('t');
  const after = new NotingRegExp('z');
  const compiler = new PatternCompiler((p, kind) => (p === '(?<bad' ? null : patternExpression(p, kind)));
  compiler.add({ patterns: [{ match: '(?<bad' }, { match: throwing }, { match: after }] }, 'latin1');
  compiler.run(Infinity);
  assert.equal(compiler.pending, false);
  assert.deepEqual(after.subjects, ['', '']);
});

test('a grammar loaded for any text compiles for two-byte strings too; one for Latin-1 text only for one-byte strings', () => {
  const narrow = new NotingRegExp('n');
  const wide = new NotingRegExp('w');
  const compiler = new PatternCompiler(() => null);
  compiler.add({ match: narrow }, 'latin1');
  compiler.add({ match: wide }, 'any');
  compiler.run(Infinity);
  assert.deepEqual(narrow.subjects, ['', '']);
  assert.deepEqual(wide.subjects, ['', '', '\u0100', '\u0100']);
});

test('with nothing queued, a slice does nothing', () => {
  const compiler = new PatternCompiler(() => null);
  compiler.run(Infinity);
  compiler.add({ name: 'only names', scopeName: 'source.x' }, 'any');
  assert.equal(compiler.pending, false);
  compiler.run(0);
});

test('steps given with `first` run before any queued expression, one at a time against the deadline', () => {
  const order: string[] = [];
  const later = new NotingRegExp('later');
  const compiler = new PatternCompiler(() => null);
  compiler.add({ match: later }, 'latin1');
  function* steps(name: string, count: number): Generator<void, void, void> {
    for (let i = 0; i < count; i += 1) {
      order.push(`${name}${i}`);
      yield;
    }
  }
  compiler.first(steps('a', 3));
  compiler.first(
    (function* () {
      order.push('throws');
      yield;
      throw new Error('a rule that cannot compile');
    })(),
  );
  compiler.first(steps('b', 1));
  compiler.run(0);
  assert.deepEqual(order, ['a0'], 'a deadline already past: one step');
  compiler.run(0);
  compiler.run(0);
  assert.deepEqual(later.subjects, [], 'no expression while steps are waiting');
  compiler.run(Infinity);
  assert.deepEqual(order, ['a0', 'a1', 'a2', 'throws', 'b0'], 'in the order given; a step that throws ends its own steps only');
  assert.deepEqual(later.subjects, ['', '']);
  assert.equal(compiler.pending, false);
});

/** Runs `fn` and returns the regular expressions it ran (distinct objects). */
function expressionsRun(fn: () => void): Set<RegExp> {
  const seen = new Set<RegExp>();
  const exec = RegExp.prototype.exec;
  RegExp.prototype.exec = function (this: RegExp, s: string) {
    seen.add(this);
    return exec.call(this, s);
  };
  try {
    fn();
  } finally {
    RegExp.prototype.exec = exec;
  }
  return seen;
}

test("a grammar's sample lines run most of what a real file's first screen needs", async () => {
  // Each kind of text has its own copy of the grammar: one starts fresh, the other is walked through the sample first.
  const { provideAssets, Tokenizer } = await import('../../../src/render/highlight/engine.ts');
  const { PAGE_ASSETS } = await import('../../../src/render/highlight/assets.ts');
  const { TextLines } = await import('../../../src/render/highlight/lines.ts');
  provideAssets(PAGE_ASSETS);
  const { readFileSync } = await import('node:fs');
  const file = readFileSync(new URL('../../../src/elements/file-preview/file-preview.ts', import.meta.url), 'utf8');
  const firstScreen = new TextLines(file.split('\n').slice(0, 45).join('\n'));
  const fresh = (await Tokenizer.create('typescript', 'any'))!;
  const primed = (await Tokenizer.create('typescript', 'latin1'))!;
  fresh.prime();
  primed.prime();
  let steps = 0;
  const sample = expressionsRun(() => {
    for (const _ of primed.sampleLines()) steps += 1;
  });
  assert.ok(steps > 1, 'one step per sample line');
  const unprimedNeeds = expressionsRun(() => fresh.tokenize(firstScreen, 0, firstScreen.count, null));
  const primedNeeds = expressionsRun(() => primed.tokenize(firstScreen, 0, firstScreen.count, null));
  const left = [...primedNeeds].filter((re) => !sample.has(re)).length;
  assert.ok(unprimedNeeds.size > 20, `the first screen runs many expressions (${unprimedNeeds.size})`);
  assert.ok(left <= unprimedNeeds.size / 3, `after the sample, ${left} of ${unprimedNeeds.size} are new`);
});
