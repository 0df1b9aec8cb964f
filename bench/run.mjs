// `npm run bench`: builds the benchmark pages with production settings,
// serves them from 127.0.0.1, drives headless Chromium through every
// scenario (fresh page per run, warm-ups first, baselines and peers
// interleaved with ours), prints one table and writes bench/results.json.
//
// Options:
//   --runs N        measured runs per scenario (default 7)
//   --warmup N      warm-up runs per scenario (default 1)
//   --only REGEX    only scenarios whose id matches (rows follow)
//   --profile ID    after the runs, take CPU profiles of one run of scenario ID (main thread, by function)
//   --trace ID      after the runs, trace one run of scenario ID and print where the time goes per thread
//                   (activities, and the JavaScript functions the sampling profiler saw most)
//   --no-sizes      skip the bundle size rows
//   --busy          run one spinning process per core beside the browser (a machine with other work
//                   running); they stop with the bench, also on an error or Ctrl-C
//   --cpu           trace every measured run (tasks only) and add the main thread's and the workers'
//                   CPU time and the longest task in CPU time to the rows that have a trace window
//   --keep-long     implies --cpu; traces every measured run in full (slower) and keeps the trace of each
//                   run whose longest main-thread task reached 50 ms, to find what a rare long task does
//   --sched         Linux: read the renderer's main thread's scheduler counters around every run
//                   (/proc/<pid>/schedstat: time on a CPU, time runnable but waiting for one) and print
//                   their medians per scenario
//   --no-settle     start each run at once, without waiting for the browser's processes to go quiet
//                   (see "settle" below; the way runs started before)
//   --markdown      also print the table as Markdown (for the README)
//   --keep-open     print the server URL and wait (for looking at a page by hand)
//   --out FILE      write the results there instead of bench/results.json (a partial
//                   run then leaves the full table of the last complete run alone)
import { createServer } from 'node:http';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, existsSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { root, chromiumArgs, findChromium, ensureDependencies } from '../scripts/env.mjs';
import { measureSizes, describeSizes, BUDGET, LANGUAGE_EXCEPTIONS } from '../scripts/size-budget.mjs';
import { shippedForm, shippedWorkerForm } from '../scripts/shipped-form.mjs';
import { buildWorkloads } from './workloads.mjs';
import { canReadProcesses, processIds, quietWaiter } from './settle.mjs';
import { SCENARIOS, ROWS, CPU_WINDOWS, stats, targetMet, worstRunCounts } from './rows.mjs';
import { TRACE_CATEGORIES, CPU_CATEGORIES, cpuOfTrace, summarizeTrace } from './trace.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : fallback;
};
const RUNS = Math.max(1, Number(opt('--runs', 7)));
const WARMUP = Math.max(0, Number(opt('--warmup', 1)));
const ONLY = opt('--only') ? new RegExp(opt('--only')) : null;
const PROFILE = opt('--profile');
const TRACE = opt('--trace');
const RESULTS = path.resolve(root, opt('--out', 'bench/results.json'));
const BUSY = argv.includes('--busy');
const KEEP_LONG = argv.includes('--keep-long');
const SCHED = argv.includes('--sched');
const CPU = argv.includes('--cpu') || KEEP_LONG;

/** Windows (pairs of performance marks) that a trace summary reports, per scenario page. */
const TRACE_WINDOWS = {
  'markdown-ours': [
    ['ours-start', 'ours-first'],
    ['ours-first', 'ours-painted'],
  ],
  'markdown-baseline': [['baseline-start', 'baseline-painted']],
  'markdown-hostile': [['hostile-start', 'hostile-final']],
  'raw-ours': [
    ['raw-start', 'raw-painted'],
    ['raw-start', 'raw-coloured'],
    ['raw-painted', 'raw-whole'],
    ['jump-start', 'jump-painted'],
  ],
  'shiki-baseline': [['shiki-start', 'shiki-painted']],
  panel: [
    ['first-start', 'first-painted'],
    ['later-start', 'later-painted'],
  ],
  footer: [
    ['first-start', 'first-ready'],
    ['later-start', 'later-ready'],
  ],
  model: [['model-cold-start', 'model-cold-end']],
  find: [['find-start', 'find-done']],
  citations: [['link-start', 'link-end']],
};
const SIZES = !argv.includes('--no-sizes');
// Profiles and traces are kept here; each run builds its pages into a directory of its own in the
// system's temporary directory (runs may overlap, and a reinstall of node_modules must not take the pages away mid-run).
const OUT = path.join(root, 'node_modules/.cache/qa-bench');
const SITE = mkdtempSync(path.join(os.tmpdir(), 'qa-bench-site-'));
process.on('exit', () => rmSync(SITE, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));
const VIEWPORT = { width: 1280, height: 900, deviceScaleFactor: 1 };

const started = Date.now();
const log = (msg) => console.log(`[${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${msg}`);
const loadAverage = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
const loadStart = loadAverage();

// --- busy machine --------------------------------------------------------------

/** The spinning processes of `--busy`, one per core. */
const spinners = [];

/**
 * Starts one process per core that keeps its core busy (in 50 ms turns, so
 * it notices when the bench is gone and ends, even after a kill -9 of the bench).
 */
function startSpinners() {
  const parent = process.pid;
  const code = `const spin = () => { const until = Date.now() + 50; while (Date.now() < until); if (process.ppid !== ${parent}) process.exit(0); setImmediate(spin); }; spin();`;
  for (let i = 0; i < os.cpus().length; i++) {
    const child = spawn(process.execPath, ['-e', code], { stdio: 'ignore' });
    child.on('error', () => {});
    spinners.push(child);
  }
}

function stopSpinners() {
  for (const child of spinners.splice(0)) {
    try {
      child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
}
process.on('exit', stopSpinners);

// --- build -------------------------------------------------------------------

async function buildPages() {
  const { build } = await import('vite');
  await build({
    configFile: false,
    root: path.join(root, 'bench/pages'),
    base: '/',
    mode: 'production',
    logLevel: 'warn',
    define: { 'process.env.NODE_ENV': '"production"' },
    // The code as the package ships it (scripts/shipped-form.mjs).
    plugins: shippedForm(),
    worker: { format: 'es', plugins: () => shippedWorkerForm() },
    build: {
      outDir: SITE,
      emptyOutDir: true,
      target: 'es2022',
      // A profiling run keeps names readable; measured runs use the minified build an application ships.
      minify: !PROFILE && !TRACE,
      sourcemap: false,
      reportCompressedSize: false,
      chunkSizeWarningLimit: 100_000,
      rollupOptions: { input: path.join(root, 'bench/pages/index.html'), checks: { pluginTimings: false } },
    },
  });
}

/** Lit's development build warns in the console and is slower: make sure the pages did not get it. */
function checkProductionBuild() {
  const dir = path.join(SITE, 'assets');
  const files = existsSync(dir) ? readdirRecursive(dir).filter((f) => f.endsWith('.js')) : [];
  const dev = files.filter((f) => readFileSync(f, 'utf8').includes('Lit is in dev mode'));
  if (dev.length) throw new Error(`the benchmark build contains Lit's development build (${dev.map((f) => path.basename(f)).join(', ')})`);
}

function readdirRecursive(dir) {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    return statSync(p).isDirectory() ? readdirRecursive(p) : [p];
  });
}

// --- server ------------------------------------------------------------------

const TYPES = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
};

function serve(siteDir, workloads) {
  const bodies = new Map(workloads.map((w) => [`/workloads/${w.name}.json`, Buffer.from(JSON.stringify({ path: w.path, text: w.text }))]));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    let pathname = decodeURIComponent(url.pathname);
    if (bodies.has(pathname)) {
      res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      res.end(bodies.get(pathname));
      return;
    }
    if (pathname === '/') pathname = '/index.html';
    const file = path.join(siteDir, path.normalize(pathname));
    if (!file.startsWith(siteDir + path.sep) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'max-age=3600' });
    res.end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

// --- running -----------------------------------------------------------------

async function heapOf(page) {
  const cdp = await page.createCDPSession();
  await cdp.send('HeapProfiler.enable');
  await cdp.send('HeapProfiler.collectGarbage');
  const main = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await cdp.detach();
  let workers = 0;
  for (const w of page.workers()) {
    try {
      const client = w.client;
      await client.send('HeapProfiler.enable');
      await client.send('HeapProfiler.collectGarbage');
      workers += (await client.send('Runtime.getHeapUsage')).usedSize;
    } catch {
      // A worker that ended meanwhile has no heap to count.
    }
  }
  return { main, workers };
}

const MB = 1024 * 1024;

/**
 * A browser tab the runs navigate: every run loads the page anew (fresh
 * document, workers ended), which is quicker than opening a new tab each time.
 */
async function openTab(browser, { profile = false, cpu = false } = {}) {
  const page = await browser.newPage();
  const tab = { page, errors: [], profiles: [], cpu };
  page.on('pageerror', (e) => tab.errors.push(e.message));
  page.on('console', (m) => m.type() === 'error' && tab.errors.push(m.text()));
  page.on('requestfailed', (r) => tab.errors.push(`request failed: ${r.url()}`));
  await page.setViewport(VIEWPORT);
  if (profile) {
    // Scenarios mark their windows of interest with console.profile(name) / console.profileEnd(name).
    await page.evaluateOnNewDocument(() => {
      globalThis.__benchProfile = true;
    });
    const cdp = await page.createCDPSession();
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    cdp.on('Profiler.consoleProfileFinished', (e) => tab.profiles.push({ title: e.title, profile: e.profile }));
  }
  return tab;
}

/**
 * Runs a scenario twice before the run that is traced or profiled, so that
 * it is like a median measured run: its lazy code used twice (compiled,
 * then its code cache made; a run after a page load alone compiled it and
 * made the cache inside the traced window), its fonts and caches warm.
 */
async function warmUp(tab, base, sc) {
  for (let i = 0; i < 2; i++) await runOnce(tab, base, sc);
}

/**
 * Runs a scenario once on a freshly loaded page; returns its metrics (or
 * `{ error }` / `{ missing }`). With `loadOnly`, only loads the scenario's
 * page and code (a warm-up that fills the caches without the long work).
 */
async function runOnce(tab, base, sc, { loadOnly = false } = {}) {
  const { page, errors } = tab;
  const settled = [await settle()];
  errors.length = 0;
  tab.profiles.length = 0;
  try {
    await page.goto(`${base}/index.html?s=${sc.page}&run=${Date.now()}`, { waitUntil: 'load' });
    const missing = await page.evaluate(() => window.__bench.ready);
    if (missing.length) return { missing };
    if (loadOnly) return {};
    const before = sc.heap ? await heapOf(page) : null;
    settled.push(await settle());
    const cpuWindow = tab.cpu ? CPU_WINDOWS[sc.page] : null;
    if (cpuWindow) await page.tracing.start({ categories: KEEP_LONG ? TRACE_CATEGORIES : CPU_CATEGORIES });
    let traced = null;
    const schedBefore = SCHED ? schedCounters() : null;
    const metrics = await withTimeout(
      page.evaluate((params) => window.__bench.run(params), sc.params),
      sc.timeoutMs ?? 60_000,
      `${sc.id} timed out`,
    ).finally(async () => {
      if (cpuWindow) traced = await page.tracing.stop().catch(() => null);
    });
    if (schedBefore) Object.assign(metrics, schedDelta(schedBefore, schedCounters()));
    if (cpuWindow && traced) Object.assign(metrics, cpuOfTrace(JSON.parse(Buffer.from(traced).toString('utf8')).traceEvents, ...cpuWindow));
    if (KEEP_LONG && traced && (metrics.longestTask >= 50 || metrics.longestTaskCpu >= 50)) keepTrace(sc, traced, metrics);
    if (tab.profiles.length) metrics.profiles = [...tab.profiles];
    if (sc.heap) {
      const after = await heapOf(page);
      Object.assign(metrics, {
        heapBeforeMB: round(before.main / MB, 1),
        heapMB: round((after.main + after.workers) / MB, 1),
        heapMainMB: round(after.main / MB, 1),
        workersMB: round(after.workers / MB, 1),
      });
    }
    if (errors.length) metrics.errors = errors.slice(0, 3).join(' | ');
    if (settleState.wait) {
      settleState.waited.push(settled.reduce((a, b) => a + Math.abs(b), 0));
      settleState.unsettled += settled.filter((ms) => ms < 0).length;
    }
    return metrics;
  } catch (e) {
    return { error: `${e.message}${errors.length ? ` (${errors.slice(0, 2).join(' | ')})` : ''}`, broken: true };
  }
}

/**
 * Settle (settle.mjs): before a page is loaded and again before its run
 * starts, wait until the browser's processes are quiet. A page left behind
 * keeps working after its run: the shared tab's page, hidden when a
 * scenario opens a tab of its own, was seen using 0.6–0.8 s of CPU time
 * during the kit's next run, on the other core; those runs were the slow
 * half of a bimodal row. Waiting for that to end gives every run, ours and
 * the peers', the same start. Other programs' load (`--busy`, or anything
 * else on the machine) is not waited for. A browser that does not go quiet
 * within `SETTLE.timeoutMs` is run anyway, and the wait is counted as given
 * up. Linux only (`/proc`); elsewhere, and with `--no-settle`, runs start
 * at once.
 */
const SETTLE_ON = !argv.includes('--no-settle');
const SETTLE = { windowMs: 50, maxCpuMs: 10, timeoutMs: 3000 };
const settleState = { wait: null, waited: [], unsettled: 0 };

/** Waits for the browser to go quiet; resolves to the time waited in ms, negated when it gave up (0: not waiting at all). */
function settle() {
  return settleState.wait ? settleState.wait() : Promise.resolve(0);
}

/**
 * `--sched`: the scheduler's counters of every renderer process's main
 * thread (`/proc/<pid>/schedstat`: nanoseconds on a CPU, nanoseconds
 * runnable but waiting for a CPU), by process id. Empty where there is no
 * such file (not Linux).
 */
function schedCounters() {
  const out = new Map();
  for (const pid of processIds()) {
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--type=renderer')) continue;
      const [onCpu, waiting] = readFileSync(`/proc/${pid}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
      out.set(pid, { onCpu, waiting });
    } catch {
      // A process that ended meanwhile.
    }
  }
  return out;
}

/** The renderer that ran most between two readings of `schedCounters`: its main thread's time on a CPU and waiting for one (ms). */
function schedDelta(before, after) {
  let best = null;
  for (const [pid, b] of after) {
    const a = before.get(pid);
    if (!a) continue;
    const d = { schedOnCpu: round((b.onCpu - a.onCpu) / 1e6), schedWaiting: round((b.waiting - a.waiting) / 1e6) };
    if (!best || d.schedOnCpu > best.schedOnCpu) best = d;
  }
  return best ?? {};
}

/** `--keep-long`: writes the trace of a run with a long task and says where. */
function keepTrace(sc, traced, metrics) {
  mkdirSync(OUT, { recursive: true });
  const file = path.join(OUT, `${sc.id.replace(/\W/g, '_')}.long-${Date.now()}.trace.json`);
  writeFileSync(file, traced);
  log(`${sc.id}: longest task ${metrics.longestTask} ms (${metrics.longestTaskCpu} ms CPU); trace kept in ${path.relative(root, file)}`);
}

function withTimeout(promise, ms, message) {
  let timer;
  return Promise.race([promise, new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))]).finally(() => clearTimeout(timer));
}

const round = (v, d = 1) => Math.round(v * 10 ** d) / 10 ** d;

// --- profile summary ---------------------------------------------------------

/** Self time per function of a CPU profile, largest first ("(program)" is browser work outside JS: style, layout, paint, parsing). */
function summarizeProfile(profile, limit = 15) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  const dt = profile.timeDeltas;
  // `timeDeltas[i]` is the time from sample i - 1 to sample i: a sample stands for the time up to the next one.
  const last = profile.samples.length - 1;
  const lasted = (i) => (i < last ? dt[i + 1] : profile.endTime - profile.startTime - dt.reduce((a, b) => a + b, 0)) ?? 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const f = byId.get(profile.samples[i]).callFrame;
    // Idle time, and the profiler's own start-up (charged to the page's profileStart/End calls), are not the page's work.
    if (f.functionName === '(idle)' || /^profile(Start|End)$/.test(f.functionName)) continue;
    const script = f.url ? f.url.replace(/^.*\/assets\//, '') : '';
    const key = `${f.functionName || '(anonymous)'} ${script}${f.url ? `:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
    self.set(key, (self.get(key) ?? 0) + Math.max(0, lasted(i)) / 1000);
  }
  const busy = [...self.values()].reduce((a, b) => a + b, 0);
  return [
    `${busy.toFixed(1).padStart(8)} ms  busy in total`,
    ...[...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([k, v]) => `${v.toFixed(1).padStart(8)} ms  ${k}`),
  ];
}

// --- table -------------------------------------------------------------------

const fmt = (v, unit) => {
  if (v === null || v === undefined) return '—';
  if (unit === 'count') return Math.round(v).toLocaleString('en');
  if (unit === 'KB' || unit === 'MB') return `${v.toFixed(1)} ${unit}`;
  return v >= 100 ? `${Math.round(v)}` : v.toFixed(1);
};

function targetText(row) {
  const t = row.target;
  if (!t) return 'report';
  if (t.ratio !== undefined) return `≤ ${t.ratio.toFixed(1)}×`;
  const unit = row.unit === 'count' ? '' : row.unit === 'ms' ? ' ms' : ` ${row.unit}`;
  return `≤ ${row.unit === 'count' ? t.max.toLocaleString('en') : t.max}${unit}${worstRunCounts(row) ? ', every run' : ''}`;
}

function buildRows(results, sizes) {
  const metric = ([sid, key]) => stats((results[sid]?.runs ?? []).map((r) => r[key]));
  const reason = (sid) =>
    results[sid]?.missing?.length ? `missing: ${results[sid].missing.join(', ')}` : results[sid]?.error ? `error: ${results[sid].error}` : null;
  const out = [];
  for (const row of ROWS) {
    if (row.size) {
      if (!sizes) continue;
      const value =
        row.size === 'language'
          ? sizes.languages[0]?.gzip
          : row.size === 'languageWithin'
            ? sizes.languages.find((l) => !Object.hasOwn(LANGUAGE_EXCEPTIONS, l.name))?.gzip
            : row.size === 'typescript'
              ? sizes.languages.find((l) => l.name === 'typescript')?.gzip
              : sizes[row.size];
      const kb = value === undefined ? null : value / 1024;
      const base = row.baseSize ? sizes[row.baseSize] / 1024 : null;
      out.push({
        ...row,
        median: kb,
        min: kb,
        max: kb,
        n: 1,
        base,
        ratio: kb !== null && base ? kb / base : null,
        met: kb === null ? null : kb <= row.target.max,
        why: kb === null ? 'no such chunk in the build' : null,
      });
      continue;
    }
    if (ONLY && !ONLY.test(row.value[0])) continue;
    const v = metric(row.value);
    const b = row.base ? metric(row.base) : null;
    const ratio = v && b && b.median > 0 && !row.noRatio ? v.median / b.median : null;
    let met = null;
    if (v && row.target) {
      met = targetMet(row, v, ratio);
      for (const [sid, key, want] of row.target.also ?? []) {
        const runs = results[sid]?.runs ?? [];
        if (!runs.length || !runs.every((r) => r[key] === want)) met = false;
      }
    }
    const tasks = row.task
      ? { ours: metric([row.value[0], 'longestTask'])?.median ?? null, theirs: row.base ? (metric([row.base[0], 'longestTask'])?.median ?? null) : null }
      : null;
    // CPU time of the row's scenario (runs measured with --cpu).
    // The base's CPU time where it compares (`cpuBase`), and the ratio of the two (main thread and workers together).
    const theirs = row.cpuBase && row.base ? { main: metric([row.base[0], 'mainCpu']), workers: metric([row.base[0], 'workerCpu']) } : null;
    const cpu = {
      main: metric([row.value[0], 'mainCpu']),
      workers: metric([row.value[0], 'workerCpu']),
      longestTask: metric([row.value[0], 'longestTaskCpu']),
      theirs: theirs?.main ? theirs : null,
    };
    const total = (c) => c.main.median + (c.workers?.median ?? 0);
    cpu.ratio = cpu.main && cpu.theirs ? total(cpu) / total(cpu.theirs) : null;
    out.push({
      ...row,
      median: v?.median ?? null,
      min: v?.min ?? null,
      max: v?.max ?? null,
      n: v?.n ?? 0,
      base: b?.median ?? null,
      baseMin: b?.min ?? null,
      baseMax: b?.max ?? null,
      ratio,
      met,
      tasks,
      cpu: cpu.main && !row.noCpu ? cpu : null,
      why: v ? null : (reason(row.value[0]) ?? 'no value'),
    });
  }
  return out;
}

function cells(r) {
  return [
    r.label,
    fmt(r.median, r.unit),
    fmt(r.min, r.unit),
    fmt(r.max, r.unit),
    r.baseName
      ? `${fmt(r.base, r.unit)}${r.baseMin !== undefined && r.baseMin !== null && r.baseMin !== r.baseMax ? ` (${fmt(r.baseMin, r.unit)}–${fmt(r.baseMax, r.unit)})` : ''} ${r.baseName}`
      : '—',
    r.ratio === null || r.ratio === undefined ? '—' : `${r.ratio.toFixed(2)}×`,
    r.tasks
      ? `${r.tasks.ours === null ? '—' : r.tasks.ours < 50 ? '< 50' : r.tasks.ours} / ${r.tasks.theirs === null ? '—' : r.tasks.theirs < 50 ? '< 50' : r.tasks.theirs}`
      : '',
    targetText(r),
    r.met === null ? (r.why ? `n/a (${r.why})` : r.target ? 'n/a' : '') : r.met ? 'yes' : 'NO',
    ...(CPU
      ? [
          r.cpu ? `${fmt(r.cpu.main.median, 'ms')} / ${fmt(r.cpu.workers?.median ?? 0, 'ms')}` : '',
          r.cpu ? fmt(r.cpu.longestTask.median, 'ms') : '',
          r.cpu?.theirs ? `${fmt(r.cpu.theirs.main.median, 'ms')} / ${fmt(r.cpu.theirs.workers?.median ?? 0, 'ms')} (${r.cpu.ratio.toFixed(2)}×)` : '',
        ]
      : []),
  ];
}

const HEADER = [
  'row',
  'median',
  'min',
  'max',
  'baseline / peer: median (min–max)',
  'ratio',
  'longest task ours / theirs',
  'target',
  'met?',
  ...(CPU ? ['CPU main / workers', 'longest task CPU', 'their CPU main / workers (ratio)'] : []),
];

function loadLine() {
  const end = loadAverage();
  return `Load average (1, 5, 15 min) at start ${loadStart.join(', ')}, at end ${end.join(', ')}; ${os.cpus().length} cores${BUSY ? `; busy mode: ${os.cpus().length} spinning processes beside the browser` : ''}.\n${settleLine()}`;
}

function settleLine() {
  if (!settleState.wait) return `Runs started at once (${SETTLE_ON ? 'no /proc to read' : '--no-settle'}).`;
  const w = stats(settleState.waited);
  return `Runs started once the browser's processes were quiet (≤ ${SETTLE.maxCpuMs} ms of CPU time in ${SETTLE.windowMs} ms): waited ${w ? `${round(w.median)} ms a run at the median (${round(w.min)}–${round(w.max)})` : 'never'}; ${settleState.unsettled} of ${settleState.waited.length * 2} waits gave up after ${SETTLE.timeoutMs / 1000} s.`;
}

function printMarkdown(rows) {
  console.log(`\n| ${HEADER.join(' | ')} |`);
  console.log(`|${HEADER.map((_, i) => ([1, 2, 3, 5].includes(i) ? '---:|' : '---|')).join('')}`);
  for (const r of rows)
    console.log(
      `| ${cells(r)
        .map((c) => String(c).replace(/\|/g, '\\|'))
        .join(' | ')} |`,
    );
}

function printTable(rows) {
  const header = HEADER;
  const lines = rows.map(cells);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => String(l[i]).length)));
  const right = new Set([1, 2, 3, 5]);
  const line = (cells) => cells.map((c, i) => (right.has(i) ? String(c).padStart(widths[i]) : String(c).padEnd(widths[i]))).join(' | ');
  console.log('\n' + line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('-|-'));
  for (const l of lines) console.log(line(l));
  console.log('\nTimes in ms unless noted; "painted" = two animation frames after the DOM change. Long tasks are main-thread tasks ≥ 50 ms ("< 50" = none).');
  if (CPU)
    console.log(
      "CPU columns (medians): thread time of the page's main thread and its workers over the scenario's measured window, and its longest main-thread task in thread time (from a trace of each run; other work on the machine does not add to them); where the baseline or peer renders the same thing, its CPU time and the ratio of ours to it (main thread and workers together).",
    );
  console.log(loadLine());
}

// --- main --------------------------------------------------------------------

async function main() {
  ensureDependencies();
  const chrome = findChromium();
  log(`load average ${loadStart.join(', ')} (${os.cpus().length} cores)${BUSY ? '; busy mode' : ''}${CPU ? '; CPU time traced per run' : ''}`);
  log('building the benchmark pages (production)…');
  await buildPages();
  checkProductionBuild();

  const workloads = buildWorkloads(root);
  const server = await serve(SITE, workloads);
  const base = `http://127.0.0.1:${server.address().port}`;
  log(`serving on ${base}; workloads: ${workloads.map((w) => `${w.name} ${(w.bytes / 1024).toFixed(0)} KB/${w.lines} lines`).join(', ')}`);

  if (BUSY) {
    startSpinners();
    log(`busy mode: ${spinners.length} spinning processes started`);
  }
  const browser = await puppeteer.launch({
    executablePath: chrome,
    headless: true,
    // Nothing but 127.0.0.1 resolves: a component that tries a CDN fails loudly instead of measuring the network.
    // No back/forward cache: a page navigated away from must not stay alive in the heap of the next one.
    args: [...chromiumArgs, '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1', '--disable-features=BackForwardCache'],
    defaultViewport: VIEWPORT,
  });
  const version = await browser.version();
  const browserPid = browser.process()?.pid;
  if (SETTLE_ON && browserPid && canReadProcesses()) settleState.wait = quietWaiter(browserPid, SETTLE);

  if (argv.includes('--keep-open')) {
    log(`open ${base}/index.html?s=<scenario> — Ctrl-C to stop`);
    await new Promise(() => {});
  }

  const scenarios = SCENARIOS.filter((s) => !ONLY || ONLY.test(s.id));
  const results = Object.fromEntries(scenarios.map((s) => [s.id, { runs: [], missing: null, error: null }]));
  const groups = [...new Set(scenarios.map((s) => s.group))];
  let tab = await openTab(browser, { cpu: CPU });
  try {
    for (const g of groups) {
      const members = scenarios.filter((s) => s.group === g);
      const groupStart = Date.now();
      const skip = new Set();
      for (let i = 0; i < WARMUP + RUNS; i++) {
        for (const sc of members) {
          if (skip.has(sc.id)) continue;
          // Long scenarios warm up by loading their page only. Memory is read in a tab of its own.
          const own = sc.heap ? await openTab(browser, { cpu: CPU }) : null;
          const r = await runOnce(own ?? tab, base, sc, { loadOnly: i < WARMUP && sc.heavy });
          if (own) await own.page.close().catch(() => {});
          if (r.broken && !own) {
            await tab.page.close().catch(() => {});
            tab = await openTab(browser, { cpu: CPU });
          }
          const res = results[sc.id];
          res.failures ??= 0;
          if (r.missing) {
            res.missing = r.missing;
            skip.add(sc.id);
          } else if (r.error) {
            res.error = r.error;
            // A scenario failing twice is dropped.
            if (res.failures++ >= 1) skip.add(sc.id);
          } else if (i >= WARMUP) {
            res.runs.push(r);
          }
        }
      }
      if (SCHED)
        for (const sc of members) {
          const on = stats(results[sc.id].runs.map((r) => r.schedOnCpu));
          const wait = stats(results[sc.id].runs.map((r) => r.schedWaiting));
          if (on && wait)
            log(
              `${sc.id}: renderer main thread on a CPU ${round(on.median)} ms, waiting for one ${round(wait.median)} ms (${round(wait.min)}–${round(wait.max)}; medians of ${on.n} runs)`,
            );
        }
      log(
        `${g}: ${members.map((s) => `${s.id} ${results[s.id].missing ? 'missing ' + results[s.id].missing.join('+') : results[s.id].error && !results[s.id].runs.length ? 'error' : results[s.id].runs.length + ' runs'}`).join(', ')} (${((Date.now() - groupStart) / 1000).toFixed(0)} s)`,
      );
    }
    await tab.page.close().catch(() => {});

    if (PROFILE) {
      const sc = SCENARIOS.find((s) => s.id === PROFILE);
      if (!sc) throw new Error(`no scenario ${PROFILE}`);
      const profTab = await openTab(browser, { profile: true });
      await warmUp(profTab, base, sc);
      const r = await runOnce(profTab, base, sc);
      await profTab.page.close().catch(() => {});
      if (r.profiles?.length) {
        for (const { title, profile } of r.profiles) {
          const file = path.join(OUT, `${PROFILE.replace(/\W/g, '_')}-${title}.cpuprofile`);
          mkdirSync(OUT, { recursive: true });
          writeFileSync(file, JSON.stringify(profile));
          const wall = (profile.endTime - profile.startTime) / 1000;
          console.log(`\nCPU profile of ${PROFILE}, window "${title}" (${wall.toFixed(0)} ms wall; main thread, self time; ${path.relative(root, file)}):`);
          for (const l of summarizeProfile(profile, 20)) console.log(l);
        }
      } else console.log(`profile of ${PROFILE} failed: ${r.error ?? r.missing ?? 'no profile windows'}`);
    }
    if (TRACE) {
      const sc = SCENARIOS.find((s) => s.id === TRACE);
      if (!sc) throw new Error(`no scenario ${TRACE}`);
      const traceTab = await openTab(browser);
      await warmUp(traceTab, base, sc);
      await traceTab.page.tracing.start({ categories: TRACE_CATEGORIES });
      const r = await runOnce(traceTab, base, sc);
      const buf = await traceTab.page.tracing.stop();
      await traceTab.page.close().catch(() => {});
      mkdirSync(OUT, { recursive: true });
      const file = path.join(OUT, `${TRACE.replace(/\W/g, '_')}.trace.json`);
      writeFileSync(file, buf);
      const { traceEvents } = JSON.parse(Buffer.from(buf).toString('utf8'));
      console.log(`\nTrace of one run of ${TRACE} (${r.error ?? 'ok'}; ${path.relative(root, file)}, open in DevTools → Performance):`);
      for (const [from, to] of TRACE_WINDOWS[sc.page] ?? []) for (const l of summarizeTrace(traceEvents, from, to)) console.log(l);
    }
  } finally {
    await browser.close();
    server.close();
    stopSpinners();
  }

  let sizes = null;
  if (SIZES) {
    log('measuring bundle sizes…');
    sizes = await measureSizes();
  }

  const rows = buildRows(results, sizes);
  printTable(rows);
  if (sizes) console.log(`\n${describeSizes(sizes).join('\n')}`);
  if (argv.includes('--markdown')) printMarkdown(rows);
  const failed = Object.entries(results).filter(([, r]) => r.error || r.missing);
  for (const [id, r] of failed) console.log(`  ${id}: ${r.missing ? `not measured, missing ${r.missing.join(', ')}` : `error: ${r.error}`}`);

  const cpus = os.cpus();
  const report = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus[0]?.model ?? 'unknown',
      cores: cpus.length,
      memoryGB: round(os.totalmem() / 1024 ** 3, 1),
      platform: `${os.platform()} ${os.release()}`,
      node: process.version,
      browser: version,
      load: loadAverage(),
      loadStart,
      loadEnd: loadAverage(),
    },
    settings: {
      runs: RUNS,
      warmup: WARMUP,
      viewport: VIEWPORT,
      busy: BUSY ? os.cpus().length : 0,
      cpu: CPU,
      settle: settleState.wait
        ? {
            ...SETTLE,
            waitedMs: stats(settleState.waited),
            gaveUp: settleState.unsettled,
          }
        : null,
      durationS: round((Date.now() - started) / 1000, 0),
    },
    workloads: workloads.map(({ name, path: p, bytes, lines, note }) => ({ name, path: p, bytes, lines, note })),
    rows: rows.map(({ id, label, unit, median, min, max, n, base, baseMin, baseMax, baseName, ratio, tasks, cpu, met, why, note }) => ({
      id,
      label,
      unit,
      median,
      min,
      max,
      n,
      baseline: base,
      baselineMin: baseMin ?? null,
      baselineMax: baseMax ?? null,
      baselineName: baseName ?? null,
      ratio,
      longestTask: tasks,
      cpu: cpu
        ? {
            mainMs: cpu.main.median,
            workersMs: cpu.workers?.median ?? 0,
            longestTaskMs: cpu.longestTask?.median ?? null,
            mainMin: cpu.main.min,
            mainMax: cpu.main.max,
            theirsMainMs: cpu.theirs?.main.median ?? null,
            theirsWorkersMs: cpu.theirs ? (cpu.theirs.workers?.median ?? 0) : null,
            ratio: cpu.ratio,
          }
        : null,
      target: targetText({ target: ROWS.find((r) => r.id === id).target, unit }),
      met,
      note: why ?? note ?? null,
    })),
    scenarios: Object.fromEntries(
      Object.entries(results).map(([id, r]) => [id, { missing: r.missing, error: r.error, runs: r.runs.map(({ profiles, ...m }) => m) }]),
    ),
    sizes: sizes && { ...sizes, budget: BUDGET },
  };
  writeFileSync(RESULTS, JSON.stringify(report, null, 2) + '\n');
  const met = rows.filter((r) => r.met === true).length;
  const missed = rows.filter((r) => r.met === false).length;
  log(
    `done: ${met} targets met, ${missed} missed, ${rows.filter((r) => r.met === null && r.target).length} not measured; wrote ${path.relative(root, RESULTS)}`,
  );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
