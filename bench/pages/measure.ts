/**
 * Measuring helpers of the benchmark pages: marks and measures, "painted"
 * (two animation frames after a DOM change), long tasks, DOM counts across
 * shadow roots, and waiting for conditions inside shadow trees.
 */

/** Long tasks of this page, collected from its start (buffered). */
const longTasks: PerformanceEntry[] = [];
let observer: PerformanceObserver | null = null;

/** Starts collecting long tasks; called once when the page starts. */
export function observeLongTasks(): void {
  if (observer) return;
  observer = new PerformanceObserver((list) => {
    longTasks.push(...list.getEntries());
  });
  observer.observe({ type: 'longtask', buffered: true });
}

/** Resolves after two animation frames: the change made before it has been painted. */
export function painted(): Promise<number> {
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve(performance.now()))));
}

/**
 * Makes `change` at the start of a frame (in an animation-frame callback) and resolves with the
 * milliseconds from then until that same frame has been rendered with it (its microtasks, style,
 * layout and paint): what a change costs before it can be on screen, without the wait for a later
 * frame that `painted()` adds (at least one frame interval, 16.7 ms at 60 Hz, whatever the work).
 */
export function renderedInFrame(change: () => void): Promise<number> {
  return new Promise((resolve) =>
    requestAnimationFrame(() => {
      const start = performance.now();
      change();
      // A task posted now runs once this frame's rendering is done.
      const ch = new MessageChannel();
      ch.port1.onmessage = () => resolve(performance.now() - start);
      ch.port2.postMessage(0);
    }),
  );
}

/** Resolves after the current task and the ones queued before it (a macrotask boundary). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve();
    ch.port2.postMessage(0);
  });
}

/** `performance.mark` under a name unique to this page. */
export function mark(name: string): void {
  performance.mark(name);
}

/** `performance.measure` between two marks, in milliseconds. */
export function measure(name: string, start: string, end: string): number {
  return performance.measure(name, start, end).duration;
}

/** Longest main-thread task (ms) that started within [from, to]; 0 when none reached 50 ms. */
export async function longestTask(from: number, to: number = performance.now()): Promise<number> {
  // Long-task entries are delivered asynchronously: let the queued ones arrive.
  await nextTask();
  if (observer) longTasks.push(...observer.takeRecords());
  let max = 0;
  for (const t of longTasks) {
    const end = t.startTime + t.duration;
    if (end >= from && t.startTime <= to) max = Math.max(max, t.duration);
  }
  return Math.round(max);
}

/** Total duration (ms) of long tasks within [from, to]. */
export async function longTaskTotal(from: number, to: number = performance.now()): Promise<number> {
  await nextTask();
  if (observer) longTasks.push(...observer.takeRecords());
  return Math.round(longTasks.filter((t) => t.startTime + t.duration >= from && t.startTime <= to).reduce((s, t) => s + t.duration, 0));
}

/** Counts elements under `root` (itself included when an element), descending into open shadow roots. */
export function countElements(root: Element | ShadowRoot | Document): number {
  let n = root instanceof Element ? 1 : 0;
  if (root instanceof Element && root.shadowRoot) n += countElements(root.shadowRoot);
  for (const el of Array.from(root.querySelectorAll('*'))) {
    n += 1;
    if (el.shadowRoot) n += countElements(el.shadowRoot);
  }
  return n;
}

/** Every element matching `selector` under `root`, across open shadow roots. */
export function deepQueryAll<T extends Element = HTMLElement>(root: Element | ShadowRoot | Document, selector: string): T[] {
  const out: T[] = [];
  const visit = (r: Element | ShadowRoot | Document) => {
    if (r instanceof Element && r.shadowRoot) visit(r.shadowRoot);
    for (const el of Array.from(r.querySelectorAll('*'))) {
      if (el.matches(selector)) out.push(el as T);
      if (el.shadowRoot) visit(el.shadowRoot);
    }
  };
  visit(root);
  return out;
}

/** The first element matching `selector` under `root`, across open shadow roots. */
export function deepQuery<T extends Element = HTMLElement>(root: Element | ShadowRoot | Document, selector: string): T | null {
  if (root instanceof Element && root.shadowRoot) {
    const inner = deepQuery<T>(root.shadowRoot, selector);
    if (inner) return inner;
  }
  const direct = root.querySelector(selector);
  if (direct) return direct as unknown as T;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    if (el.shadowRoot) {
      const inner = deepQuery<T>(el.shadowRoot, selector);
      if (inner) return inner;
    }
  }
  return null;
}

/** Every open shadow root under `root` (itself included when it is one). */
function shadowRoots(root: Element | ShadowRoot): ShadowRoot[] {
  const out: ShadowRoot[] = [];
  const visit = (r: Element | ShadowRoot) => {
    if (r instanceof ShadowRoot) out.push(r);
    if (r instanceof Element && r.shadowRoot) visit(r.shadowRoot);
    for (const el of Array.from(r.querySelectorAll('*'))) if (el.shadowRoot) visit(el.shadowRoot);
  };
  visit(root);
  return out;
}

/**
 * Resolves with `performance.now()` at the first DOM mutation (inside `el`
 * and its shadow trees, also ones created later) after which `check()` is
 * true — checked right after each mutation batch, so the time is when the
 * DOM changed, not the next frame. `added`, when given, says which added
 * elements can make the check true: batches without one are not checked
 * (keeps the observer's own cost out of the measurement). Rejects after
 * `timeoutMs`.
 */
export function whenDom(el: Element, check: () => boolean, timeoutMs = 30_000, added?: (el: Element) => boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    if (check()) {
      resolve(performance.now());
      return;
    }
    const observed = new WeakSet<Node>();
    let done = false;
    const finish = (ok: boolean) => {
      done = true;
      mo.disconnect();
      clearTimeout(timer);
      if (ok) resolve(performance.now());
      else reject(new Error(`timed out after ${timeoutMs} ms waiting for the DOM`));
    };
    const watch = (roots: Array<Element | ShadowRoot>) => {
      for (const r of roots) {
        if (observed.has(r)) continue;
        observed.add(r);
        mo.observe(r, { childList: true, subtree: true, attributes: true, characterData: true });
      }
    };
    const mo = new MutationObserver((records) => {
      if (done) return;
      const relevant = !added || records.some((rec) => Array.from(rec.addedNodes).some((n) => n instanceof Element && added(n)));
      if (relevant && check()) {
        finish(true);
        return;
      }
      // Follow shadow roots that arrived with the added nodes (sub-elements of the element).
      for (const rec of records) {
        for (const node of Array.from(rec.addedNodes)) {
          if (node instanceof Element) watch(shadowRoots(node));
        }
      }
    });
    const timer = setTimeout(() => !done && finish(false), timeoutMs);
    watch([el, ...shadowRoots(el)]);
  });
}

/** Resolves with `performance.now()` when attribute `name` appears on `el`. */
export function whenAttribute(el: Element, name: string, timeoutMs = 60_000): Promise<number> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for [${name}]`)), timeoutMs);
    const mo = new MutationObserver(() => {
      if (!el.hasAttribute(name)) return;
      mo.disconnect();
      clearTimeout(timer);
      resolve(performance.now());
    });
    mo.observe(el, { attributes: true, attributeFilter: [name] });
  });
}

/** Resolves when `check()` becomes true, polled once per animation frame; rejects after `timeoutMs`. */
export function whenFrame(check: () => boolean, timeoutMs = 60_000): Promise<number> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const tick = () => {
      if (check()) resolve(performance.now());
      else if (performance.now() - start > timeoutMs) reject(new Error(`timed out after ${timeoutMs} ms`));
      else requestAnimationFrame(tick);
    };
    tick();
  });
}

/** Resolves with the event when `target` fires `type`; rejects after `timeoutMs`. */
export function whenEvent<E extends Event = Event>(target: EventTarget, type: string, timeoutMs = 60_000): Promise<E> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`timed out waiting for ${type}`)), timeoutMs);
    target.addEventListener(
      type,
      (e) => {
        clearTimeout(timer);
        resolve(e as E);
      },
      { once: true },
    );
  });
}

/** Fetches a workload generated by the runner. */
export async function workload(name: string): Promise<{ path: string; text: string }> {
  const res = await fetch(`/workloads/${name}.json`);
  if (!res.ok) throw new Error(`workload ${name}: HTTP ${res.status}`);
  return (await res.json()) as { path: string; text: string };
}

/** A short Markdown document, rendered before the measured one by the `second` scenarios. */
export const SHORT_MARKDOWN = '# Notes\n\nA *short* document with `code`, a [link](https://example.com) and a list:\n\n- one\n- two\n';

/** A fixed-size box the measured element is put in, like a side panel. */
export function stage(width = 900, height = 700): HTMLElement {
  const box = document.createElement('div');
  box.id = 'stage';
  box.style.cssText = `inline-size:${width}px;block-size:${height}px;display:flex;flex-direction:column;overflow:hidden;`;
  document.body.append(box);
  return box;
}

/** Set by the runner for a profiling run: windows of interest become separate CPU profiles. */
const profiling = (globalThis as { __benchProfile?: boolean }).__benchProfile === true;

/** Starts a named CPU profile (DevTools protocol `console.profile`) when the runner asked for profiles. */
export function profileStart(name: string): void {
  if (profiling) console.profile(name);
}

/** Ends the named CPU profile. */
export function profileEnd(name: string): void {
  if (profiling) console.profileEnd(name);
}
