// Where the time goes: a Chromium trace of one run, summarized per thread
// (main thread and workers) between two performance marks of the scenario.

/** Trace categories: the DevTools timeline (tasks, scripts, style, layout, paint, GC), V8 and user timing. */
export const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'blink.user_timing',
  'blink',
  'loading',
  // JS samples (about one per millisecond per thread), for attributing long tasks to functions.
  'disabled-by-default-v8.cpu_profiler',
];

const short = (url) => (url ? url.replace(/^.*\/(assets\/)?/, '').replace(/\?.*$/, '') : '');

/** A readable name for a timeline event (script URLs and function names where known). */
function label(e) {
  const d = e.args?.data ?? e.args?.beginData ?? {};
  switch (e.name) {
    case 'FunctionCall':
      return `JS ${d.functionName || '(anonymous)'} ${short(d.url)}${d.lineNumber !== undefined ? `:${d.lineNumber}` : ''}`;
    case 'EvaluateScript':
    case 'v8.evaluateModule':
      return `evaluate ${short(d.url ?? e.args?.url)}`;
    case 'v8.compile':
    case 'v8.compileModule':
    case 'V8.CompileCode':
      return `compile ${short(d.url ?? e.args?.fileName)}`;
    case 'TimerFire':
      return 'timer';
    case 'EventDispatch':
      return `event ${d.type ?? ''}`;
    case 'FireAnimationFrame':
      return 'requestAnimationFrame';
    case 'UpdateLayoutTree':
    case 'RecalculateStyles':
      return 'style recalculation';
    case 'Layout':
      return 'layout';
    case 'MinorGC':
    case 'MajorGC':
    case 'V8.GC_SCAVENGER':
    case 'V8.GCScavenger':
    case 'BlinkGC.AtomicPhase':
      return 'garbage collection';
    default:
      return e.name;
  }
}

/**
 * Self time of JavaScript functions per thread between `t0` and `t1` (trace
 * clock, µs), from the V8 sampling profiler's chunks in the trace
 * (`disabled-by-default-v8.cpu_profiler`): what a worker's script time is
 * spent on, which the timeline events name only by their entry function.
 * Each sample counts until the next one of its thread; idle samples are
 * left out. Returns a Map of thread id → Map of function label → µs.
 */
export function jsSelfTime(events, pid, t0, t1) {
  const profiles = new Map();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === 'Profile') profiles.set(e.id, { tid: e.tid, time: e.args?.data?.startTime ?? 0, nodes: new Map(), samples: [], deltas: [] });
    else if (e.name === 'ProfileChunk') {
      const p = profiles.get(e.id);
      if (!p) continue;
      for (const n of e.args?.data?.cpuProfile?.nodes ?? []) p.nodes.set(n.id, n);
      p.samples.push(...(e.args?.data?.cpuProfile?.samples ?? []));
      p.deltas.push(...(e.args?.data?.timeDeltas ?? []));
    }
  }
  const out = new Map();
  for (const p of profiles.values()) {
    const self = out.get(p.tid) ?? new Map();
    out.set(p.tid, self);
    let t = p.time;
    for (let i = 0; i < p.samples.length; i++) {
      t += p.deltas[i] ?? 0;
      const next = t + (p.deltas[i + 1] ?? 0);
      const clipped = Math.min(next, t1) - Math.max(t, t0);
      if (clipped <= 0) continue;
      const f = p.nodes.get(p.samples[i])?.callFrame ?? {};
      if (f.functionName === '(idle)' || f.functionName === '(root)') continue;
      const name = (f.functionName || '(anonymous)').slice(0, 60);
      const k = f.url ? `${name} ${short(f.url)}:${(f.lineNumber ?? 0) + 1}` : name;
      self.set(k, (self.get(k) ?? 0) + clipped);
    }
  }
  return out;
}

/**
 * Summarizes `events` (a Chromium trace) between marks `from` and `to`:
 * per thread, busy time and self time by activity, largest first, the main
 * thread's long tasks, and the JavaScript functions the sampling profiler
 * saw most.
 */
export function summarizeTrace(events, from, to, { limit = 12 } = {}) {
  const mark = (name) => events.find((e) => e.cat?.includes('blink.user_timing') && e.name === name);
  const start = mark(from);
  const end = mark(to);
  if (!start || !end) return [`(marks ${from} / ${to} not found in the trace)`];
  const t0 = start.ts;
  const t1 = end.ts;
  const renderer = start.pid;
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.pid === renderer) names.set(e.tid, e.args.name);

  const js = jsSelfTime(events, renderer, t0, t1);
  const byThread = new Map();
  for (const e of events) {
    if (e.pid !== renderer || e.ph !== 'X' || typeof e.dur !== 'number') continue;
    if (e.ts + e.dur < t0 || e.ts > t1) continue;
    if (!byThread.has(e.tid)) byThread.set(e.tid, []);
    byThread.get(e.tid).push(e);
  }
  const lines = [`window ${from} → ${to}: ${((t1 - t0) / 1000).toFixed(1)} ms`];
  const threads = [...byThread.entries()]
    .map(([tid, list]) => ({ tid, name: names.get(tid) ?? `thread ${tid}`, list }))
    .filter((t) => /CrRendererMain|DedicatedWorker/i.test(t.name));
  for (const t of threads) {
    t.list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    // Self time per activity: nested events take their time out of their parent.
    const self = new Map();
    const stack = [];
    let busy = 0;
    const longTasks = [];
    for (const e of t.list) {
      while (stack.length && stack[stack.length - 1].ts + stack[stack.length - 1].dur <= e.ts) stack.pop();
      const clipped = Math.min(e.ts + e.dur, t1) - Math.max(e.ts, t0);
      if (stack.length === 0) {
        if (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') {
          busy += clipped;
          if (e.dur >= 50_000) longTasks.push(e);
        }
      } else {
        const parent = stack[stack.length - 1];
        const k = label(parent);
        self.set(k, (self.get(k) ?? 0) - clipped);
      }
      const k = label(e);
      self.set(k, (self.get(k) ?? 0) + clipped);
      stack.push(e);
    }
    self.delete('RunTask');
    self.delete('ThreadControllerImpl::RunTask');
    const top = [...self.entries()]
      .filter(([, v]) => v > 500)
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit);
    lines.push(
      `  ${t.name}: busy ${(busy / 1000).toFixed(1)} ms${longTasks.length ? `, long tasks: ${longTasks.map((l) => `${(l.dur / 1000).toFixed(0)} ms at ${l.ts < t0 ? '−' : '+'}${(Math.abs(l.ts - t0) / 1000).toFixed(0)}`).join(', ')}` : ''}`,
    );
    for (const [k, v] of top) lines.push(`    ${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`);
    const functions = [...(js.get(t.tid) ?? [])]
      .filter(([, v]) => v > 500)
      .sort((a, b) => b[1] - a[1])
      .slice(0, Math.ceil(limit / 2));
    if (functions.length) lines.push('    JavaScript, sampled (self time):');
    for (const [k, v] of functions) lines.push(`    ${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`);
  }
  return lines;
}

/** Trace categories of a run measured with `--cpu`: tasks with their thread (CPU) time, and the scenario's marks. */
export const CPU_CATEGORIES = ['toplevel', 'blink.user_timing'];

/**
 * CPU time of the page's main thread and of its workers between marks
 * `from` and `to` of a trace (thread time of their tasks, a task cut by the
 * window counted in proportion), and the main thread's longest task in CPU
 * time: numbers that other work on the machine leaves alone (it only
 * lengthens wall time). Null when the marks are not in the trace.
 */
export function cpuOfTrace(events, from, to) {
  const mark = (name) => events.find((e) => e.cat?.includes('blink.user_timing') && e.name === name);
  const start = mark(from);
  const end = mark(to);
  if (!start || !end) return null;
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name' && e.pid === start.pid) names.set(e.tid, e.args.name);
  const tasks = new Map();
  for (const e of events) {
    if (e.pid !== start.pid || e.ph !== 'X' || typeof e.dur !== 'number' || typeof e.tdur !== 'number') continue;
    if (e.name !== 'RunTask' && e.name !== 'ThreadControllerImpl::RunTask') continue;
    if (e.ts + e.dur < start.ts || e.ts > end.ts) continue;
    if (!tasks.has(e.tid)) tasks.set(e.tid, []);
    tasks.get(e.tid).push(e);
  }
  let main = 0;
  let workers = 0;
  let longest = 0;
  for (const [tid, list] of tasks) {
    const name = names.get(tid) ?? '';
    const isMain = /CrRendererMain/.test(name);
    if (!isMain && !/DedicatedWorker/.test(name)) continue;
    list.sort((a, b) => a.ts - b.ts || b.dur - a.dur);
    let until = -Infinity;
    for (const e of list) {
      // Tasks nest (a task runner's task inside the scheduler's): count the outer one.
      if (e.ts < until) continue;
      until = e.ts + e.dur;
      const inside = e.dur > 0 ? (Math.min(e.ts + e.dur, end.ts) - Math.max(e.ts, start.ts)) / e.dur : 1;
      const cpu = (e.tdur * Math.max(0, inside)) / 1000;
      if (isMain) {
        main += cpu;
        longest = Math.max(longest, e.tdur / 1000);
      } else workers += cpu;
    }
  }
  const r = (v) => Math.round(v * 10) / 10;
  return { mainCpu: r(main), workerCpu: r(workers), longestTaskCpu: r(longest) };
}
