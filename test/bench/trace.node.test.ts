// The benchmark's trace summary: JavaScript self time per thread from the
// sampling profiler's chunks, cut to the window between two marks.
import { test } from 'node:test';
import assert from 'node:assert/strict';

type TraceEvent = Record<string, unknown>;
const { jsSelfTime, summarizeTrace } = (await import('../../bench/trace.mjs' as string)) as {
  jsSelfTime(events: TraceEvent[], pid: number, t0: number, t1: number): Map<number, Map<string, number>>;
  summarizeTrace(events: TraceEvent[], from: string, to: string): string[];
};

const PID = 7;
const WORKER = 2;

/** A worker profile: `run` (at 1,000 µs) sampled every 1,000 µs, then `(idle)`, then `tokenize`, then `run` again. */
function workerTrace(): TraceEvent[] {
  const WORKER_URL = 'http://127.0.0.1/assets/highlight.worker-abc.js';
  const node = (id: number, functionName: string, url = '', parent?: number) => ({
    id,
    callFrame: { functionName, url, lineNumber: 9 },
    ...(parent ? { parent } : {}),
  });
  const chunk = (pid: number, id: string, nodes: unknown[], samples: number[], timeDeltas: number[]) => ({
    ph: 'P',
    name: 'ProfileChunk',
    id,
    pid,
    tid: WORKER,
    args: { data: { cpuProfile: { nodes, samples }, timeDeltas } },
  });
  return [
    { ph: 'M', name: 'thread_name', pid: PID, tid: WORKER, args: { name: 'DedicatedWorker thread' } },
    { ph: 'R', name: 'start', cat: 'blink.user_timing', pid: PID, tid: 1, ts: 2_000 },
    { ph: 'R', name: 'end', cat: 'blink.user_timing', pid: PID, tid: 1, ts: 6_000 },
    { ph: 'P', name: 'Profile', id: '0x1', pid: PID, tid: WORKER, args: { data: { startTime: 0 } } },
    chunk(PID, '0x1', [node(1, '(root)'), node(2, 'run', WORKER_URL, 1), node(3, '(idle)', '', 1)], [2, 2], [1_000, 1_000]),
    // A second chunk of the same profile: new nodes, samples that go on from the last time.
    chunk(PID, '0x1', [node(4, 'tokenize', WORKER_URL, 2)], [3, 4, 4, 2], [1_000, 1_000, 1_000, 1_000]),
    // Another process's samples never count.
    { ph: 'P', name: 'Profile', id: '0x9', pid: 99, tid: WORKER, args: { data: { startTime: 0 } } },
    chunk(99, '0x9', [node(1, 'other')], [1, 1], [2_500, 1_000]),
  ];
}

test('jsSelfTime: each sample counts until the next, idle samples and other processes are left out, the window cuts', () => {
  // Samples at 1,000 run, 2,000 run, 3,000 idle, 4,000 tokenize, 5,000 tokenize, 6,000 run (until the next: none).
  const all = jsSelfTime(workerTrace(), PID, 0, 10_000).get(WORKER)!;
  assert.deepEqual(Object.fromEntries(all), { 'run highlight.worker-abc.js:10': 2_000, 'tokenize highlight.worker-abc.js:10': 2_000 });
  // The window 2,500–4,500: half of the second `run` sample, the idle one left out, half of the first `tokenize`.
  const cut = jsSelfTime(workerTrace(), PID, 2_500, 4_500).get(WORKER)!;
  assert.deepEqual(Object.fromEntries(cut), { 'run highlight.worker-abc.js:10': 500, 'tokenize highlight.worker-abc.js:10': 500 });
});

test('summarizeTrace: the sampled functions of a thread are listed under its activities', () => {
  const events = workerTrace();
  // The thread must have timeline events in the window to be listed at all.
  events.push({ ph: 'X', name: 'RunTask', pid: PID, tid: WORKER, ts: 2_000, dur: 4_000 });
  events.push({ ph: 'X', name: 'RunMicrotasks', pid: PID, tid: WORKER, ts: 2_000, dur: 4_000 });
  const lines = summarizeTrace(events, 'start', 'end');
  const at = lines.findIndex((l) => l.includes('JavaScript, sampled (self time):'));
  assert.ok(at > 0, lines.join('\n'));
  assert.match(lines[at + 1]!, /^\s+2\.0 ms {2}tokenize highlight\.worker-abc\.js:10$/);
  assert.match(lines[at + 2]!, /^\s+1\.0 ms {2}run highlight\.worker-abc\.js:10$/);
});
