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
 * Summarizes `events` (a Chromium trace) between marks `from` and `to`:
 * per thread, busy time and self time by activity, largest first, plus the
 * main thread's long tasks.
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
    const top = [...self.entries()].filter(([, v]) => v > 500).sort((a, b) => b[1] - a[1]).slice(0, limit);
    lines.push(`  ${t.name}: busy ${(busy / 1000).toFixed(1)} ms${longTasks.length ? `, long tasks: ${longTasks.map((l) => `${(l.dur / 1000).toFixed(0)} ms at ${l.ts < t0 ? '−' : '+'}${(Math.abs(l.ts - t0) / 1000).toFixed(0)}`).join(', ')}` : ''}`);
    for (const [k, v] of top) lines.push(`    ${(v / 1000).toFixed(1).padStart(8)} ms  ${k}`);
  }
  return lines;
}
