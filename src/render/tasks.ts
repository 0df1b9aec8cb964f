/**
 * Yielding between pieces of long work, on the page and in workers, and a
 * clock of how long the current piece has run.
 */

let resumedAt = typeof performance === 'undefined' ? 0 : performance.now();

function resumed(): void {
  resumedAt = performance.now();
}

/**
 * Milliseconds since work last resumed after `nextTask` or `yieldToMain`:
 * about how long the current task has run when the work yields only
 * through them (more when something else started the task: never less).
 */
export function sinceYield(): number {
  return performance.now() - resumedAt;
}

/** Resolves in a new task, without the minimum delay of `setTimeout` (works in workers too). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      // Closed once used: an open port would keep a Node process (a test, a server-side render) alive.
      channel.port1.close();
      resumed();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

/**
 * Lets the browser handle input before the work goes on: `scheduler.yield()`
 * where there is one, a new task elsewhere. A yield's continuation runs ahead
 * of other tasks and of rendering too, until Chromium has waited about 100 ms
 * for a frame: work that should be seen as it goes (a document, a file's
 * colours) waits with `nextTask` or `afterNextPaint` instead.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield().then(resumed) : nextTask();
}

/** Runs `fn` once the page is idle (`requestIdleCallback`, at the latest after `timeoutMs`), or after a plain timeout where there is no such thing. */
export function whenIdle(fn: () => void, timeoutMs = 2_000): void {
  const idle = (globalThis as { requestIdleCallback?: (cb: () => void, options: { timeout: number }) => number }).requestIdleCallback;
  if (idle) idle(fn, { timeout: timeoutMs });
  else setTimeout(fn, 0);
}

/** Waiting longer than this for a frame means the page stopped rendering (hidden): go on without one. */
const FRAME_TIMEOUT_MS = 100;

function pageVisible(): boolean {
  return typeof document === 'undefined' || document.visibilityState === 'visible';
}

/**
 * Resolves in a new task once the browser rendered a frame, so what was
 * inserted before is on screen; in a hidden page (or one that stops
 * rendering meanwhile), after a plain turn of the event loop instead.
 */
export function afterNextPaint(): Promise<void> {
  // A hidden page renders no frames: a plain turn of the event loop instead.
  if (!pageVisible()) return yieldToMain();
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, FRAME_TIMEOUT_MS);
    requestAnimationFrame(
      () =>
        void nextTask().then(() => {
          clearTimeout(fallback);
          resolve();
        }),
    );
  });
}
