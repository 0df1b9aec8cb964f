/**
 * Waiting in browser tests: on a condition, never on time. The limit is one
 * that only a hang reaches — a crowded machine may take many times longer
 * than an idle one, and a test must pass on both.
 */

/** How long a wait may take before the test fails. */
export const WAIT_MS = 120_000;

/**
 * Polls `read` until it returns a truthy value and resolves with it; throws
 * `timed out waiting for <what>` after `ms`.
 */
export async function until<T>(read: () => T | null | undefined | false, what = 'a condition', ms = WAIT_MS): Promise<T> {
  const start = performance.now();
  for (;;) {
    const value = read();
    if (value) return value;
    if (performance.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 16));
  }
}
