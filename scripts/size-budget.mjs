// Size budget: bundles the public entry with its dependencies the way an
// application would (minified, production conditions, lazy chunks and
// workers split), sorts the output into core / highlighter / language /
// theme, and compares gzip sizes with the budget:
//   core (elements + model + Markdown, no highlighter)  ≤ 70 KB
//   highlighter (shiki core + regex engine)              ≤ 60 KB
//   each language grammar chunk                          ≤ 20 KB
// `node scripts/size-budget.mjs` prints the table and exits 1 when a chunk is
// over budget; `--json` prints the measurement; `--no-baseline` skips the
// lit + markdown-it + DOMPurify reference build.
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const KB = 1024;

/** Budgets in bytes (gzip). */
export const BUDGET = { core: 70 * KB, highlighter: 60 * KB, language: 20 * KB };

const SHIKI_CORE = /node_modules\/(shiki|@shikijs\/(core|engine-javascript|engine-oniguruma|types|vscode-textmate|primitive)|oniguruma-to-es|oniguruma-parser|regex|regex-recursion|regex-utilities)\//;
const LANG = /node_modules\/@shikijs\/langs\//;
const THEME = /node_modules\/@shikijs\/themes\//;

const gz = (code) => gzipSync(code, { level: 9 }).length;
const norm = (id) => id.replace(/\\/g, '/').replace(/\0/g, '').replace(/\?.*$/, '');

/** A plugin that records every chunk of every bundle it sees (main and worker builds). */
function recorder(chunks) {
  return {
    name: 'qa-size-recorder',
    generateBundle(_options, bundle) {
      for (const out of Object.values(bundle)) {
        if (out.type !== 'chunk') continue;
        chunks.set(out.fileName, {
          file: out.fileName,
          isEntry: out.isEntry,
          imports: out.imports,
          dynamicImports: out.dynamicImports,
          modules: Object.entries(out.modules).map(([id, m]) => ({ id: norm(id), bytes: m.renderedLength })),
          gzip: gz(out.code),
          bytes: Buffer.byteLength(out.code),
        });
      }
    },
  };
}

async function bundle(entry, { workers = true } = {}) {
  const { build } = await import('vite');
  const chunks = new Map();
  const result = await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: 'silent',
    base: './',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [recorder(chunks)],
    worker: { format: 'es', plugins: () => (workers ? [recorder(chunks)] : []) },
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      sourcemap: false,
      modulePreload: false,
      reportCompressedSize: false,
      rollupOptions: { input: { index: entry }, preserveEntrySignatures: 'strict' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  // Worker files reach the page as assets: mark the recorded chunks that came out as such.
  const assetNames = new Set(outputs.filter((o) => o.type === 'asset').map((o) => o.fileName));
  for (const c of chunks.values()) c.worker = assetNames.has(c.file);
  return [...chunks.values()];
}

/** Which part of the budget a chunk belongs to, from the modules it holds (by their rendered size). */
export function classify(chunk) {
  const weigh = (re) => chunk.modules.filter((m) => re.test(m.id)).reduce((s, m) => s + m.bytes, 0);
  const total = chunk.modules.reduce((s, m) => s + m.bytes, 0) || 1;
  const lang = weigh(LANG);
  const theme = weigh(THEME);
  const shiki = weigh(SHIKI_CORE);
  chunk.shikiBytes = shiki;
  if (lang / total > 0.5) return 'language';
  if (theme / total > 0.5) return 'theme';
  if ((shiki + lang + theme) / total > 0.5) return 'highlighter';
  return 'core';
}

function top(chunk, n = 4) {
  return [...chunk.modules]
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, n)
    .map((m) => `${m.id.replace(/^.*node_modules\//, '').replace(root + '/', '')} ${(m.bytes / KB).toFixed(1)} KB`);
}

/**
 * Measures the kit's bundle. Core is what a page may download to show the
 * elements and a Markdown preview without highlighting: the entry with its
 * static imports, the workers and every lazy chunk outside the highlighter.
 * The highlighter is shiki's core, its regex engine and the kit's tokenizer,
 * wherever they are. A main-thread copy of a worker's code counts too (it is
 * marked `duplicate`): a page that loads both pays twice.
 */
export async function measureSizes({ baseline = true } = {}) {
  const chunks = await bundle(path.join(root, 'src/index.ts'));
  for (const c of chunks) c.kind = classify(c);
  const byFile = new Map(chunks.map((c) => [c.file, c]));
  const initial = new Set();
  const visit = (file) => {
    if (initial.has(file) || !byFile.has(file)) return;
    initial.add(file);
    for (const i of byFile.get(file).imports) visit(i);
  };
  for (const c of chunks) if (c.isEntry && !c.worker) visit(c.file);
  const workerModules = new Set(chunks.filter((c) => c.worker).flatMap((c) => c.modules.map((m) => m.id)));
  for (const c of chunks) {
    c.initial = initial.has(c.file);
    // Bundler helpers (runtime, preload) are tiny and not in the workers: they do not make a chunk less of a duplicate.
    const own = c.modules.filter((m) => !/(rolldown\/runtime|vite\/preload-helper|commonjsHelpers)/.test(m.id) && m.bytes > 0);
    c.duplicate = !c.worker && own.length > 0 && own.filter((m) => workerModules.has(m.id)).reduce((n, m) => n + m.bytes, 0) > 0.5 * own.reduce((n, m) => n + m.bytes, 0);
  }
  const sum = (list) => list.reduce((s, c) => s + c.gzip, 0);
  const core = chunks.filter((c) => c.kind === 'core');
  const highlighter = chunks.filter((c) => c.kind === 'highlighter');
  const languages = chunks.filter((c) => c.kind === 'language').sort((a, b) => b.gzip - a.gzip);
  const themes = chunks.filter((c) => c.kind === 'theme');
  const langName = (c) =>
    [...c.modules]
      .filter((m) => LANG.test(m.id))
      .sort((a, b) => b.bytes - a.bytes)[0]
      ?.id.match(/langs\/dist\/([^/]+?)\.m?js$/)?.[1] ?? c.file;
  const out = {
    core: sum(core),
    coreInitial: sum(chunks.filter((c) => c.initial)),
    highlighter: sum(highlighter),
    // The largest single highlighter file (main-thread loader or worker).
    highlighterLargest: Math.max(0, ...highlighter.map((c) => c.gzip)),
    languages: languages.map((c) => ({ name: langName(c), file: c.file, worker: c.worker, gzip: c.gzip })),
    // Core files that also carry the highlighter (shiki's core belongs in its own lazy chunk).
    mixed: core.filter((c) => c.shikiBytes > 0).map((c) => c.file),
    themes: themes.map((c) => ({ file: c.file, gzip: c.gzip })),
    chunks: chunks
      .sort((a, b) => b.gzip - a.gzip)
      .map((c) => ({ file: c.file, kind: c.kind, worker: c.worker, initial: c.initial, duplicate: c.duplicate, gzip: c.gzip, bytes: c.bytes, top: top(c, 6) })),
    baseline: null,
  };
  if (baseline) out.baseline = sum(await bundle(path.join(root, 'bench/size-baseline.ts'), { workers: false }));
  return out;
}

/** Budget violations of a measurement, as human-readable lines. */
export function overBudget(sizes) {
  const kb = (b) => `${(b / KB).toFixed(1)} KB`;
  const problems = [];
  if (sizes.core > BUDGET.core) {
    const why = sizes.mixed.length ? ` (${sizes.mixed.join(', ')} also carr${sizes.mixed.length > 1 ? 'y' : 'ies'} shiki's core: load the highlighter lazily)` : '';
    problems.push(`core is ${kb(sizes.core)} gzip, budget ${kb(BUDGET.core)}${why}`);
  }
  if (sizes.highlighter > BUDGET.highlighter) problems.push(`highlighter is ${kb(sizes.highlighter)} gzip, budget ${kb(BUDGET.highlighter)}`);
  // A grammar is emitted twice (worker and main-thread fallback): one line per language.
  const seen = new Set();
  for (const l of sizes.languages) {
    if (l.gzip <= BUDGET.language || seen.has(l.name)) continue;
    seen.add(l.name);
    const files = sizes.languages.filter((o) => o.name === l.name).map((o) => o.file);
    problems.push(`language chunk ${l.name} is ${kb(l.gzip)} gzip, budget ${kb(BUDGET.language)} (${files.join(', ')})`);
  }
  return problems;
}

async function main() {
  const argv = process.argv.slice(2);
  const started = Date.now();
  const sizes = await measureSizes({ baseline: !argv.includes('--no-baseline') });
  if (argv.includes('--json')) {
    console.log(JSON.stringify(sizes, null, 2));
  } else {
    const kb = (b) => `${(b / KB).toFixed(1)} KB`.padStart(9);
    console.log(`  size budget (minified + gzip, dependencies bundled; ${((Date.now() - started) / 1000).toFixed(1)} s)`);
    console.log(`    core          ${kb(sizes.core)}  budget ${kb(BUDGET.core)}   (initial load ${kb(sizes.coreInitial).trim()})`);
    console.log(`    highlighter   ${kb(sizes.highlighter)}  budget ${kb(BUDGET.highlighter)}`);
    const biggest = sizes.languages[0];
    console.log(`    languages     ${kb(biggest?.gzip ?? 0)}  budget ${kb(BUDGET.language)}   (largest of ${sizes.languages.length}${biggest ? `: ${biggest.name}` : ''})`);
    if (sizes.baseline !== null) console.log(`    reference: lit + markdown-it + DOMPurify alone ${kb(sizes.baseline).trim()}`);
  }
  const problems = overBudget(sizes);
  if (problems.length) {
    console.error('Size budget exceeded:');
    for (const p of problems) console.error(`  - ${p}`);
    const heavy = sizes.chunks.filter((c) => c.kind !== 'language' && c.kind !== 'theme').slice(0, 5);
    console.error('  largest files (gzip; biggest modules before minifying):');
    const what = (c) => [c.kind, c.worker ? 'worker' : c.initial ? 'initial load' : 'lazy', c.duplicate ? 'duplicates a worker' : ''].filter(Boolean).join(', ');
    for (const c of heavy) console.error(`    ${c.file} (${what(c)}) ${(c.gzip / KB).toFixed(1)} KB: ${c.top.join(', ')}`);
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
