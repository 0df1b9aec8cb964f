/**
 * How the fuzz properties run: seeded and reproducible. Under `npm test`
 * each property runs its own number of times with a fixed seed; under
 * `npm run fuzz` (scripts/fuzz.mjs) the test server passes `QA_FUZZ_RUNS`
 * (runs of the cheap properties; costly ones run a share of it), a seed
 * (random unless `QA_FUZZ_SEED` is given) and, to replay one failure,
 * `QA_FUZZ_PATH`. A failure names its seed and path with the command that
 * replays it.
 */
import fc from 'fast-check';

/** The seed of every property under `npm test`. */
export const DEFAULT_SEED = 7_031_977;

/** The settings of this test run (from the test server). */
export interface FuzzConfig {
  runs: number | null;
  seed: number | null;
  path: string | null;
}

let config: Promise<FuzzConfig> | null = null;

/** Reads the run's settings once. */
export function fuzzConfig(): Promise<FuzzConfig> {
  config ??= fetch('/__qa/fuzz-config', { cache: 'no-store' }).then((r) => r.json() as Promise<FuzzConfig>);
  return config;
}

/**
 * How long a property may take: unbounded under `npm run fuzz`; under `npm test` a bound that only a
 * hang reaches (the runs are a fixed amount of work, and a crowded machine took more than 60 s for one).
 */
export async function fuzzTimeout(defaultMs: number): Promise<number> {
  return (await fuzzConfig()).runs ? 0 : defaultMs;
}

/** One property run. */
export interface FuzzRun {
  /** Runs under `npm test`. */
  runs: number;
  /** Share of `QA_FUZZ_RUNS` under `npm run fuzz` (1 for cheap properties). */
  weight?: number;
}

/**
 * Checks a property (sync or async) with the run's seed and count; on a
 * failure, throws fast-check's report (the counterexample, shrunk) plus the
 * command that replays it.
 */
export async function checkProperty<T>(name: string, property: fc.IProperty<T> | fc.IAsyncProperty<T>, run: FuzzRun): Promise<void> {
  const cfg = await fuzzConfig();
  const fuzzing = cfg.runs !== null;
  const numRuns = fuzzing ? Math.max(run.runs, Math.round(cfg.runs! * (run.weight ?? 1))) : run.runs;
  const seed = cfg.seed ?? DEFAULT_SEED;
  const params: fc.Parameters<T> = { seed, numRuns, endOnFailure: false, verbose: 1 };
  if (cfg.path) params.path = cfg.path;
  if (fuzzing) console.log(`fuzz: ${name}: ${numRuns} runs, seed ${seed}`);
  const out = await fc.check(property as fc.IAsyncProperty<T>, params);
  if (out.failed) {
    const replay = `QA_FUZZ_SEED=${out.seed} QA_FUZZ_PATH=${out.counterexamplePath ?? ''} npm run fuzz`;
    throw new Error(`${name} failed (seed ${out.seed}, path ${out.counterexamplePath}); replay: ${replay}\n${fc.defaultReportMessage(out) ?? ''}`);
  }
}
