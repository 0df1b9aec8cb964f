// The benchmark's targets: a median holds most rows, the worst run holds a
// longest task, a ratio holds a comparison.
import { test } from 'node:test';
import assert from 'node:assert/strict';

interface Row {
  id: string;
  value?: [string, string];
  target?: { max?: number; ratio?: number };
}
const { ROWS, targetMet, worstRunCounts } = (await import('../../bench/rows.mjs' as string)) as {
  ROWS: Row[];
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
