// Yielding between pieces of long work, and the clock of the current piece.
// MessageChannel and performance are Node globals too: plain Node. The clock
// is stepped by hand, so nothing here depends on how fast the machine is.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { nextTask, sinceYield, yieldToMain } from '../../src/render/tasks.ts';

test('nextTask resolves in a new task: every microtask queued before it runs first', async () => {
  const order: string[] = [];
  const task = nextTask().then(() => order.push('task'));
  let chain = Promise.resolve();
  for (let i = 0; i < 50; i++) chain = chain.then(() => void order.push(`micro ${i}`));
  await task;
  assert.equal(order.at(-1), 'task');
  assert.equal(order.length, 51);
});

test('sinceYield counts from the moment work resumed after nextTask or yieldToMain', async (t) => {
  let now = 1_000;
  t.mock.method(performance, 'now', () => now);
  now = 1_500;
  await nextTask();
  now = 1_507;
  assert.equal(sinceYield(), 7);
  now = 2_000;
  await yieldToMain();
  assert.equal(sinceYield(), 0);
  now = 2_030;
  assert.equal(sinceYield(), 30);
});

test('sinceYield keeps counting while nothing yields', async (t) => {
  let now = 10;
  t.mock.method(performance, 'now', () => now);
  await nextTask();
  now = 25;
  assert.equal(sinceYield(), 15);
  await Promise.resolve();
  now = 40;
  assert.equal(sinceYield(), 30);
});

test('yieldToMain uses scheduler.yield where there is one, and restarts the clock after it', async (t) => {
  let now = 100;
  t.mock.method(performance, 'now', () => now);
  let yields = 0;
  const g = globalThis as { scheduler?: unknown };
  const before = g.scheduler;
  g.scheduler = {
    yield: () => {
      yields++;
      now = 300;
      return Promise.resolve();
    },
  };
  try {
    await yieldToMain();
    assert.equal(yields, 1);
    assert.equal(sinceYield(), 0);
    // A scheduler without yield (an older browser) falls back to a new task.
    g.scheduler = {};
    now = 400;
    await yieldToMain();
    assert.equal(yields, 1);
    assert.equal(sinceYield(), 0);
  } finally {
    g.scheduler = before;
  }
});
