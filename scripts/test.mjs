// `npm test`: builds the library (type check included), then runs the Node
// tests (test/**/*.node.test.ts) and every browser test in headless Chromium
// side by side, and ends with where the time went and one line:
// `N passed, N failed`. Exit code 1 on any failure.
//
// The two test steps overlap because neither keeps the machine busy: most of
// a browser test is waiting on the page, and most of the Node tests' time is
// the example apps, which wait on their pages too. The browser tests print
// as they run; the Node tests' output is held and printed when they end.
//
// Lint (ESLint with no warning allowed, Prettier's check) runs beside the
// build in a full run; its output is printed at the end.
//
// Options: `npm test -- --browser-only`, `--node-only`, `--no-build`,
// `--no-lint`, `--serial` (one step after the other, each printing as it
// runs), and `--files <glob>` to pick browser test files.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { root, ensureDependencies, findChromium } from './env.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const filesIndex = argv.indexOf('--files');
const files = filesIndex >= 0 ? argv[filesIndex + 1] : undefined;

ensureDependencies();
const chrome = flag('--node-only') ? undefined : findChromium();

const startedAt = Date.now();
const work = mkdtempSync(path.join(tmpdir(), 'qa-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

/**
 * Starts a step without waiting for it. Its output goes to the terminal, or
 * with `hold` into memory, printed when `print()` is called.
 */
function startStep(name, cmd, args, { env = {}, hold = false } = {}) {
  const start = Date.now();
  if (!hold) console.log(`\n▶ ${name}`);
  const child = spawn(cmd, args, { cwd: root, stdio: hold ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: { ...process.env, ...env } });
  const held = [];
  if (hold) {
    child.stdout.on('data', (d) => held.push(d));
    child.stderr.on('data', (d) => held.push(d));
  }
  const done = new Promise((resolve) => {
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  }).then((ok) => {
    steps.push({ name, ok, ms: Date.now() - start });
    return ok;
  });
  return {
    done,
    print() {
      if (!hold) return;
      console.log(`\n▶ ${name}`);
      process.stdout.write(Buffer.concat(held));
    },
  };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);

/** The slowest test files of a step (from its summary reporter's timings). */
function printSlowest(what, summary, n = 10) {
  const timings = Object.entries(summary?.timings ?? {}).sort((a, b) => b[1] - a[1]);
  if (!timings.length) return;
  const total = timings.reduce((s, [, ms]) => s + ms, 0);
  const wall = summary.wall ? ` over ${(summary.wall / 1000).toFixed(1)} s of wall time` : '';
  console.log(`\nSlowest ${what} (${timings.length} files, ${(total / 1000).toFixed(1)} s in all${wall}):`);
  for (const [file, ms] of timings.slice(0, n)) console.log(`${seconds(ms)}  ${file}`);
}

function readCounts(file) {
  if (!existsSync(file)) return null;
  const text = readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).pop();
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function add(counts, ok) {
  if (!counts) {
    totals.failed += ok ? 0 : 1;
    return;
  }
  totals.passed += counts.passed;
  totals.failed += counts.failed;
  totals.skipped += counts.skipped;
  if (!ok && counts.failed === 0) totals.failed += 1;
}

const wantNode = !flag('--browser-only') && nodeTestFiles().length > 0;
const wantBrowser = !flag('--node-only');

// The example apps' `npm ci` needs only their lock file: it runs while the kit builds.
const appInstall =
  wantNode && existsSync(path.join(root, 'test', 'examples', 'install-dependencies.ts'))
    ? startStep(
        'example apps: npm ci (while the kit builds)',
        process.execPath,
        ['--import', './scripts/ts-loader.mjs', 'test/examples/install-dependencies.ts'],
        { hold: true },
      )
    : null;

// The whole source tree is linted in a full run only (not when picking tests or steps).
const lint =
  !files && !flag('--no-lint') && !flag('--browser-only') && !flag('--node-only') && !flag('--no-build')
    ? startStep('lint (ESLint, Prettier)', 'npm', ['run', '--silent', 'lint'], { hold: true })
    : null;

if (!flag('--no-build') && !flag('--browser-only')) {
  const ok = await startStep('build (type check, library, manifest, size budget)', process.execPath, ['scripts/build.mjs']).done;
  if (!ok) totals.failed += 1;
}

const serial = flag('--serial');
const nodeSummary = path.join(work, 'node.json');
const browserSummary = path.join(work, 'browser.json');
let node = null;
let browser = null;

function runNode(hold) {
  return startStep(
    'Node tests',
    process.execPath,
    [
      '--import',
      './scripts/ts-loader.mjs',
      '--test',
      '--test-reporter=spec',
      '--test-reporter-destination=stdout',
      '--test-reporter=./scripts/node-summary-reporter.mjs',
      `--test-reporter-destination=${nodeSummary}`,
      ...nodeTestFiles(),
    ],
    { hold },
  );
}

function runBrowser() {
  const args = ['--import', './scripts/ts-loader.mjs', 'node_modules/@web/test-runner/dist/bin.js', '--config', 'web-test-runner.config.mjs'];
  if (files) args.push('--files', files);
  return startStep('Browser tests (headless Chromium)', process.execPath, args, { env: { CHROME_PATH: chrome, QA_SUMMARY_FILE: browserSummary } });
}

async function nodeAfterInstall(hold) {
  if (appInstall) {
    const ok = await appInstall.done;
    if (!hold) appInstall.print();
    if (!ok) totals.failed += 1;
  }
  return runNode(hold);
}

if (serial) {
  if (wantNode) node = await nodeAfterInstall(false);
  await node?.done;
  if (wantBrowser) browser = runBrowser();
} else {
  // The browser tests start at once (they need no example app); the Node tests once the apps' install is done.
  if (wantBrowser) browser = runBrowser();
  if (wantNode) {
    node = await nodeAfterInstall(wantBrowser);
    // Printed as soon as the Node tests end (one block between the browser tests' lines), so an
    // interrupted run keeps it.
    void node.done.then(() => {
      if (wantBrowser) {
        appInstall?.print();
        node.print();
      }
      node.printed = true;
    });
  }
}
const [nodeOk, browserOk] = await Promise.all([node?.done, browser?.done]);
if (node && !node.printed) {
  if (!serial) appInstall?.print();
  node.print();
}
if (lint) {
  const ok = await lint.done;
  lint.print();
  if (!ok) totals.failed += 1;
}
if (node) add(readCounts(nodeSummary), nodeOk);
if (browser) add(readCounts(browserSummary), browserOk);
if (node) printSlowest('Node test files', readCounts(nodeSummary));
if (browser) printSlowest('browser test files (page load included)', readCounts(browserSummary));

rmSync(work, { recursive: true, force: true });

function nodeTestFiles() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSafe(dir)) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.node.test.ts')) out.push(path.relative(root, full));
    }
  };
  walk(path.join(root, 'test'));
  return out.sort();
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir, { withFileTypes: true });
  } catch {
    return [];
  }
}

const failedSteps = steps.filter((s) => !s.ok).map((s) => s.name);
console.log(`\nSteps${serial ? '' : ' (the two test steps side by side)'}:`);
for (const s of steps) console.log(`${seconds(s.ms)}  ${s.name}${s.ok ? '' : ' (failed)'}`);
console.log(`${seconds(Date.now() - startedAt)}  in all`);
if (failedSteps.length) console.log(`Failed: ${failedSteps.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || failedSteps.length > 0 ? 1 : 0);
