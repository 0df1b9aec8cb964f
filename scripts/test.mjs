// `npm test`: builds the library (type check included), runs the Node tests
// (test/**/*.node.test.ts) and then every browser test in headless Chromium,
// and ends with one line: `N passed, N failed`. Exit code 1 on any failure.
//
// Options: `npm test -- --browser-only`, `--node-only`, `--no-build`, and
// `--files <glob>` to pick browser test files.
import { spawnSync } from 'node:child_process';
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

const work = mkdtempSync(path.join(tmpdir(), 'qa-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const steps = [];

function step(name, cmd, args, env = {}) {
  console.log(`\n▶ ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const ok = r.status === 0;
  steps.push({ name, ok });
  return ok;
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

if (!flag('--no-build') && !flag('--browser-only')) {
  const ok = step('build (type check, library, manifest, size budget)', process.execPath, ['scripts/build.mjs']);
  if (!ok) totals.failed += 1;
}

if (!flag('--browser-only') && nodeTestFiles().length > 0) {
  const summary = path.join(work, 'node.json');
  const ok = step('Node tests', process.execPath, [
    '--import', './scripts/ts-loader.mjs',
    '--test',
    '--test-reporter=spec', '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/node-summary-reporter.mjs', `--test-reporter-destination=${summary}`,
    ...nodeTestFiles(),
  ]);
  add(readCounts(summary), ok);
}

if (!flag('--node-only')) {
  const summary = path.join(work, 'browser.json');
  const args = [
    '--import', './scripts/ts-loader.mjs',
    'node_modules/@web/test-runner/dist/bin.js',
    '--config', 'web-test-runner.config.mjs',
  ];
  if (files) args.push('--files', files);
  const ok = step('Browser tests (headless Chromium)', process.execPath, args, {
    CHROME_PATH: chrome,
    QA_SUMMARY_FILE: summary,
  });
  add(readCounts(summary), ok);
}

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
console.log('');
if (failedSteps.length) console.log(`Failed: ${failedSteps.join('; ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`);
process.exit(totals.failed > 0 || failedSteps.length > 0 ? 1 : 0);
