// The benchmark's targets: a median holds most rows, the worst run holds a
// longest task, a ratio holds a comparison.
import { test } from 'node:test';
import assert from 'node:assert/strict';

interface Row {
  id: string;
  value?: [string, string];
  base?: [string, string];
  target?: { max?: number; ratio?: number };
  cpuBase?: boolean;
  noCpu?: boolean;
}
const { ROWS, SCENARIOS, CPU_WINDOWS, targetMet, worstRunCounts } = (await import('../../bench/rows.mjs' as string)) as {
  ROWS: Row[];
  SCENARIOS: Array<{ id: string; page: string }>;
  CPU_WINDOWS: Record<string, [string, string]>;
  targetMet(row: Row, stats: { median: number; max: number }, ratio: number | null): boolean | null;
  worstRunCounts(row: Row): boolean;
};

const row = (id: string) => ROWS.find((r) => r.id === id)!;

test('a longest-task row is missed when one run has a long task, however good the median', () => {
  for (const id of ['md-1mb-task', 'raw-whole-task', 'find-task', 'cite-stream', 'panel-show-all-task']) {
    assert.equal(worstRunCounts(row(id)), true, id);
    assert.equal(targetMet(row(id), { median: 0, max: 0 }, null), true, id);
    assert.equal(targetMet(row(id), { median: 0, max: 127 }, null), false, id);
  }
});

test('other rows are held by their median', () => {
  const warm = row('raw-coloured-warm');
  assert.equal(worstRunCounts(warm), false);
  assert.equal(targetMet(warm, { median: 48, max: 90 }, null), true);
  assert.equal(targetMet(warm, { median: 66, max: 70 }, null), false);
});

test('a comparison is held by its ratio, and is not judged without one', () => {
  const full = row('md-1mb-full');
  assert.equal(targetMet(full, { median: 1200, max: 1300 }, 0.83), true);
  assert.equal(targetMet(full, { median: 1200, max: 1300 }, 1.16), false);
  assert.equal(targetMet(full, { median: 1200, max: 1300 }, null), null);
});

test('the warm highlighter is held to the 50 ms of the current targets', () => {
  assert.equal(row('raw-coloured-warm').target?.max, 50);
});

/** The metric each page's CPU window ends with (its marks in bench/pages/scenarios). */
const WINDOW_METRIC: Record<string, string> = {
  'markdown-ours': 'painted',
  'markdown-baseline': 'painted',
  'md-block': 'painted',
  'zero-md': 'painted',
  'raw-ours': 'wholeFile',
  'shiki-baseline': 'painted',
};

test("a row that prints its base's CPU time has a CPU window on both sides, and a finished render to compare", () => {
  const pageOf = (id: string) => SCENARIOS.find((s) => s.id === id)?.page;
  const rows = ROWS.filter((r) => r.cpuBase);
  assert.ok(rows.length >= 10, `${rows.length} rows`);
  for (const r of rows) {
    assert.ok(r.value && r.base, r.id);
    for (const [scenario, metric] of [r.value, r.base]) {
      const page = pageOf(scenario) ?? '';
      assert.ok(CPU_WINDOWS[page], `${r.id}: ${scenario} has a CPU window`);
      // What the row times is what the window covers, on both sides: a whole render, not a part of it.
      assert.equal(metric, WINDOW_METRIC[page], `${r.id}: ${scenario}'s ${metric}`);
    }
    assert.notEqual(r.noCpu, true, r.id);
  }
  // The first screen is a part of the render the CPU window covers: no ratio there.
  assert.notEqual(ROWS.find((r) => r.id === 'md-100k-first')?.cpuBase, true);
});
