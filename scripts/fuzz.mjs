// `npm run fuzz`: the fuzz properties of test/security/fuzz-*.test.ts, far
// longer than under `npm test`, in headless Chromium.
//
//   QA_FUZZ_RUNS=200000  runs of each cheap property (default 200,000); the
//                        costly ones (rendering elements, whole documents) run
//                        a share of it
//   QA_FUZZ_SEED=<n>     replay a seed (default: a fresh random one, printed)
//   QA_FUZZ_PATH=<path>  with the seed, replay exactly one failure (fast-check's path)
//
// Options: `--files <glob>` to pick fuzz test files.
// A failure prints its seed, path and the command that replays it.
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { root, ensureDependencies, findChromium } from './env.mjs';

const DEFAULT_RUNS = 200_000;
const FILES = 'test/security/fuzz-*.test.ts';
/** Longest a fuzz run may take before the runner gives up. */
const FINISH_TIMEOUT_MS = 6 * 60 * 60 * 1000;

if (!process.env.QA_FUZZ_CHILD) {
  // Re-run under the TypeScript loader (the test server's middleware is TypeScript).
  ensureDependencies();
  const seed = process.env.QA_FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
  const runs = process.env.QA_FUZZ_RUNS ?? String(DEFAULT_RUNS);
  console.log(`fuzz: QA_FUZZ_RUNS=${runs} QA_FUZZ_SEED=${seed}${process.env.QA_FUZZ_PATH ? ` QA_FUZZ_PATH=${process.env.QA_FUZZ_PATH}` : ''}`);
  const r = spawnSync(process.execPath, ['--import', './scripts/ts-loader.mjs', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, QA_FUZZ_CHILD: '1', QA_FUZZ_RUNS: runs, QA_FUZZ_SEED: seed, CHROME_PATH: findChromium() },
  });
  if (r.status !== 0) console.log(`\nfuzz: failed; the seed of this run was QA_FUZZ_SEED=${seed}`);
  process.exit(r.status ?? 1);
}

const argv = process.argv.slice(2);
const filesIndex = argv.indexOf('--files');
const files = filesIndex >= 0 ? argv[filesIndex + 1] : FILES;
const { default: base } = await import('../web-test-runner.config.mjs');
const { startTestRunner } = await import('@web/test-runner');
await startTestRunner({
  readCliArgs: false,
  readFileConfig: false,
  config: {
    ...base,
    files: [files],
    concurrency: 1,
    testsFinishTimeout: FINISH_TIMEOUT_MS,
    testFramework: { config: { ...base.testFramework?.config, timeout: 0 } },
  },
});
