/**
 * For pages that check what loads when: the paths the page fetched, and the
 * page's idle callbacks held back until the test lets them run. Imports
 * nothing of the kit, so a test that holds idle time before it imports the
 * kit sees everything the kit does from its definition on.
 */

// The page loads hundreds of modules in a test run: past the default 250 entries, resource timing keeps none.
performance.setResourceTimingBufferSize(100_000);

/** The paths of every resource the page fetched so far. */
export const fetched = (): string[] => performance.getEntriesByType('resource').map((e) => new URL(e.name).pathname);

/** Holds `requestIdleCallback` callbacks from now on; `release` puts the real one back and runs them as idle time would. */
export function holdIdle(): { held: IdleRequestCallback[]; restore(): void; release(): void } {
  const held: IdleRequestCallback[] = [];
  const realIdle = window.requestIdleCallback;
  window.requestIdleCallback = (cb: IdleRequestCallback) => held.push(cb);
  const restore = () => {
    window.requestIdleCallback = realIdle;
  };
  return {
    held,
    restore,
    release() {
      restore();
      const deadline = { didTimeout: false, timeRemaining: () => 50 };
      for (const cb of held.splice(0)) cb(deadline);
    },
  };
}
