// The benchmark's inputs are deterministic and what the table says they are,
// and the size budget sorts chunks and reports violations correctly.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import MarkdownIt from 'markdown-it';

const root = fileURLToPath(new URL('../..', import.meta.url));

interface Workload {
  name: string;
  path: string;
  text: string;
  bytes: number;
  lines: number;
}
interface Chunk {
  modules: Array<{ id: string; bytes: number }>;
  shikiBytes?: number;
}
interface CoreFile {
  file: string;
  role: string;
  initial: boolean;
  worker: boolean;
  duplicate: boolean;
  gzip: number;
}
interface Sizes {
  coreInitial: number;
  core: number;
  coreFiles: CoreFile[];
  highlighterFiles: CoreFile[];
  mixed: string[];
  languages: Array<{ name: string; file: string; gzip: number }>;
}

// Plain JavaScript modules of the benchmark (imported by a computed specifier: they ship no types).
const load = <T>(spec: string) => import(spec) as Promise<T>;
const { buildWorkloads, syntheticMarkdown } = await load<{
  buildWorkloads(root: string): Workload[];
  syntheticMarkdown(bytes: number, seed?: number): string;
}>('../../bench/workloads.mjs');
const { classify, overBudget, BUDGET, LANGUAGE_EXCEPTIONS } = await load<{
  classify(chunk: Chunk): string;
  overBudget(sizes: Sizes): string[];
  BUDGET: { initial: number; core: number; highlighter: number; language: number };
  LANGUAGE_EXCEPTIONS: Record<string, number>;
}>('../../scripts/size-budget.mjs');

const workloads = buildWorkloads(root);
const byName = (name: string) => {
  const w = workloads.find((x) => x.name === name);
  assert.ok(w, `workload ${name} exists`);
  return w;
};

test('workloads are byte-identical from one run to the next', () => {
  const again = buildWorkloads(root);
  assert.deepEqual(
    again.map((w) => [w.name, w.text]),
    workloads.map((w) => [w.name, w.text]),
  );
  assert.notEqual(syntheticMarkdown(100_000, 1), syntheticMarkdown(100_000, 2), 'the seed matters');
});

test('sizes match the rows: 100 KB and 1 MB Markdown within the preview limit, a 2 MB / 50,000+ line TypeScript file, one 20,000-character line', () => {
  const small = byName('md-100kb');
  assert.ok(small.bytes <= 100_000 && small.bytes > 95_000, `100 KB document is ${small.bytes} bytes`);
  const big = byName('md-1mb');
  assert.ok(big.bytes <= 1_000_000 && big.bytes > 990_000, `1 MB document is ${big.bytes} bytes`);
  const ts = byName('ts-2mb');
  assert.ok(ts.bytes <= 2_000_000 && ts.bytes > 1_900_000, `code file is ${ts.bytes} bytes`);
  assert.ok(ts.lines >= 50_000, `code file has ${ts.lines} lines`);
  assert.ok(ts.text.endsWith('\n'), 'cut at a line end');
  assert.match(ts.path, /\.ts$/);
  const long = byName('long-line');
  assert.equal(Math.max(...long.text.split('\n').map((l) => l.length)), 20_000);
  assert.ok(byName('md-jest-changelog').bytes > 250_000);
  assert.ok(byName('md-real-readme').bytes > 40_000);
});

test('the synthetic Markdown has what real documents have', () => {
  const md = new MarkdownIt({ linkify: true });
  const tokens = md.parse(byName('md-100kb').text, {});
  const types = new Set(tokens.map((t) => t.type));
  for (const type of ['heading_open', 'paragraph_open', 'bullet_list_open', 'ordered_list_open', 'table_open', 'fence', 'blockquote_open', 'hr']) {
    assert.ok(types.has(type), `has ${type}`);
  }
  const fences = new Set(tokens.filter((t) => t.type === 'fence').map((t) => t.info));
  assert.ok(fences.size >= 6, `fenced code in ${[...fences].join(', ')}`);
  const inline = tokens.filter((t) => t.type === 'inline').flatMap((t) => t.children ?? []);
  assert.ok(
    inline.some((t) => t.type === 'link_open'),
    'has links',
  );
  assert.ok(
    inline.some((t) => t.type === 'code_inline'),
    'has inline code',
  );
  assert.ok(
    inline.some((t) => t.type === 's_open'),
    'has strikethrough',
  );
  // Dollar signs only inside fenced code: no renderer turns prose into math.
  const prose = tokens
    .filter((t) => t.type === 'inline')
    .map((t) => t.content)
    .join('\n');
  assert.ok(!prose.includes('$'));
});

test('chunks are sorted by the modules they hold', () => {
  const chunk = (...modules: Array<[string, number]>): Chunk => ({ modules: modules.map(([id, bytes]) => ({ id, bytes })) });
  assert.equal(classify(chunk(['/r/node_modules/@shikijs/langs/dist/typescript.mjs', 180_000])), 'language');
  assert.equal(classify(chunk(['/r/node_modules/@shikijs/themes/dist/github-light-default.mjs', 9_000])), 'theme');
  assert.equal(
    classify(chunk(['/r/node_modules/@shikijs/vscode-textmate/dist/index.js', 80_000], ['/r/src/render/highlight/engine.ts', 5_000])),
    'highlighter',
  );
  const mixed = chunk(
    ['/r/node_modules/lit-html/lit-html.js', 30_000],
    ['/r/node_modules/markdown-it/dist/markdown-it.mjs', 98_000],
    ['/r/node_modules/@shikijs/core/dist/index.mjs', 34_000],
  );
  assert.equal(classify(mixed), 'core');
  assert.equal(mixed.shikiBytes, 34_000, 'a core chunk that carries shiki is noted');
});

test('the budget names every file over it, once per language, and holds recorded exceptions to their ceiling', () => {
  const file = (name: string, gzip: number, extra: Partial<CoreFile> = {}): CoreFile => ({
    file: name,
    role: 'lazy',
    initial: false,
    worker: false,
    duplicate: false,
    gzip,
    ...extra,
  });
  const ok: Sizes = {
    coreInitial: BUDGET.initial,
    core: 3 * BUDGET.core,
    coreFiles: [file('assets/index.js', BUDGET.initial, { initial: true }), file('assets/parse.worker.js', BUDGET.core, { worker: true })],
    highlighterFiles: [file('assets/highlight.worker.js', BUDGET.highlighter, { worker: true })],
    mixed: [],
    languages: [
      { name: 'typescript', file: 'a.js', gzip: BUDGET.language },
      { name: 'cpp', file: 'cpp.js', gzip: LANGUAGE_EXCEPTIONS.cpp! },
    ],
  };
  assert.deepEqual(overBudget(ok), [], 'the sum of core files is reported, not a failure; a recorded exception at its ceiling passes');
  const bad: Sizes = {
    coreInitial: BUDGET.initial + 1,
    core: 0,
    coreFiles: [file('assets/index.js', BUDGET.initial + 1, { initial: true }), file('assets/markdown.js', BUDGET.core + 1, { role: 'Markdown renderer' })],
    highlighterFiles: [file('assets/jobs.js', BUDGET.highlighter + 1, { role: 'highlighter (main-thread fallback)', duplicate: true })],
    mixed: ['assets/index.js'],
    languages: [
      { name: 'cpp', file: 'assets/cpp-1.js', gzip: LANGUAGE_EXCEPTIONS.cpp! + 1 },
      { name: 'cpp', file: 'assets/cpp-2.js', gzip: LANGUAGE_EXCEPTIONS.cpp! + 1 },
      { name: 'rust', file: 'assets/rust.js', gzip: BUDGET.language + 1 },
      { name: 'json', file: 'assets/json.js', gzip: 1_000 },
    ],
  };
  const problems = overBudget(bad);
  assert.equal(problems.length, 6, problems.join('\n'));
  assert.match(problems[0]!, /^the initial load .* budget 72\.0 KB/);
  assert.match(problems[1]!, /assets\/markdown\.js \(Markdown renderer\)/);
  assert.match(problems[2]!, /assets\/index\.js also carries shiki/);
  assert.match(problems[3]!, /assets\/jobs\.js \(highlighter \(main-thread fallback\)\)/);
  assert.match(problems[4]!, /cpp .*recorded ceiling.*assets\/cpp-1\.js, assets\/cpp-2\.js/);
  assert.match(problems[5]!, /rust .*budget 20\.0 KB/);
});
