// Cancellation helpers of the hosts (src/host/abort.ts): an aborted signal
// always ends in QaHostError('aborted'), before or during the work; without
// a signal, or when the work settles first, the work's own outcome stands.
import { expect } from 'chai';
import { raceAbort, sleep, throwIfAborted } from '../../src/host/abort.js';
import { isQaHostError, QaHostError } from '../../src/host/types.js';

/** The rejection of `p` (fails when it resolves). */
async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected a rejection');
}

const aborted = (e: unknown) => isQaHostError(e) && (e as QaHostError).code === 'aborted';

describe('host/abort', () => {
  describe('throwIfAborted', () => {
    it('throws QaHostError("aborted") only for an aborted signal', () => {
      expect(() => throwIfAborted(undefined)).not.to.throw();
      expect(() => throwIfAborted(new AbortController().signal)).not.to.throw();
      const c = new AbortController();
      c.abort();
      let thrown: unknown;
      try {
        throwIfAborted(c.signal);
      } catch (e) {
        thrown = e;
      }
      expect(thrown).to.be.instanceOf(QaHostError);
      expect(aborted(thrown)).to.equal(true);
    });
  });

  describe('sleep', () => {
    it('resolves after the time, with or without a live signal', async () => {
      expect(await sleep(1)).to.equal(undefined);
      expect(await sleep(1, new AbortController().signal)).to.equal(undefined);
    });

    it('no time (0, negative, NaN) resolves at once, unless the signal is already aborted', async () => {
      for (const ms of [0, -5, Number.NaN]) expect(await sleep(ms)).to.equal(undefined);
      const c = new AbortController();
      c.abort();
      expect(() => sleep(0, c.signal), 'thrown synchronously').to.throw(QaHostError);
      expect(aborted(await rejection(sleep(10, c.signal)))).to.equal(true);
    });

    it('rejects as soon as the signal aborts, long before the time is up', async () => {
      const c = new AbortController();
      const slept = sleep(10 * 60_000, c.signal);
      c.abort();
      expect(aborted(await rejection(slept))).to.equal(true);
    });
  });

  describe('raceAbort', () => {
    it('without a signal is the work itself', () => {
      const work = Promise.resolve(1);
      expect(raceAbort(work)).to.equal(work);
    });

    it("passes the work's value and its error through when the signal stays live", async () => {
      const signal = new AbortController().signal;
      expect(await raceAbort(Promise.resolve('text'), signal)).to.equal('text');
      const boom = new Error('boom');
      expect(await rejection(raceAbort(Promise.reject(boom), signal))).to.equal(boom);
    });

    it('rejects with "aborted" when the signal was aborted before, or aborts while the work runs', async () => {
      const before = new AbortController();
      before.abort();
      expect(aborted(await rejection(raceAbort(Promise.resolve(1), before.signal)))).to.equal(true);

      const during = new AbortController();
      const never = new Promise<number>(() => {});
      const raced = raceAbort(never, during.signal);
      during.abort();
      expect(aborted(await rejection(raced))).to.equal(true);
    });

    it('an abort after the work settled changes nothing', async () => {
      const c = new AbortController();
      const raced = raceAbort(Promise.resolve('done'), c.signal);
      expect(await raced).to.equal('done');
      c.abort();
      expect(await raced).to.equal('done');
    });
  });
});
