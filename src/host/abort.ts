/** Cancellation helpers shared by the hosts. Pure: no DOM and no Node APIs beyond AbortSignal and timers. */
import { QaHostError } from './types.js';

/** Throws `QaHostError('aborted')` when `signal` is already aborted. */
export function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw new QaHostError('aborted');
}

/** Resolves after `ms`; rejects with `QaHostError('aborted')` as soon as `signal` aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (!(ms > 0)) {
    throwIfAborted(signal);
    return Promise.resolve();
  }
  return raceAbort(new Promise<void>((resolve) => setTimeout(resolve, ms)), signal);
}

/** Settles like `work`, unless `signal` aborts first: then rejects with `QaHostError('aborted')`. */
export function raceAbort<T>(work: Promise<T>, signal?: AbortSignal): Promise<T> {
  if (!signal) return work;
  if (signal.aborted) return Promise.reject(new QaHostError('aborted'));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new QaHostError('aborted'));
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(
      (v) => {
        signal.removeEventListener('abort', onAbort);
        resolve(v);
      },
      (e: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(e);
      },
    );
  });
}
