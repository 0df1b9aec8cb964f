/**
 * Yielding between pieces of long work, on the page and in workers.
 */

/** Resolves in a new task, without the minimum delay of `setTimeout` (works in workers too). */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}

/** Lets the browser handle input and render before the work goes on: `scheduler.yield()` where there is one, a new task elsewhere. */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : nextTask();
}
