// lazyModule: imported once; a failed import is tried again on the next
// call; a call that joined a load under way, which then fails, gets one
// attempt of its own (and joins one another caller began meanwhile).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { lazyModule } from '../../src/render/lazy.ts';

/** An importer whose imports the test settles one by one. */
function controlled() {
  const calls: Array<{ resolve: (m: { n: number }) => void; reject: (e: Error) => void }> = [];
  const importer = () => new Promise<{ n: number }>((resolve, reject) => calls.push({ resolve, reject }));
  return { calls, importer };
}

test('one import for every call, and the module once it is there', async () => {
  const { calls, importer } = controlled();
  const part = lazyModule(importer);
  const a = part.load();
  const b = part.load();
  assert.equal(part.loaded(), null);
  calls[0]!.resolve({ n: 1 });
  assert.deepEqual(await Promise.all([a, b]), [{ n: 1 }, { n: 1 }]);
  assert.deepEqual(part.loaded(), { n: 1 });
  await part.load();
  assert.equal(calls.length, 1);
});

test('a failed import: the call that began it fails; a call that joined it tries once more, and the next call does too', async () => {
  const { calls, importer } = controlled();
  const part = lazyModule(importer);
  const first = part.load();
  const joined = part.load();
  calls[0]!.reject(new Error('404'));
  await assert.rejects(first, /404/);
  // The joined call's own attempt.
  await new Promise((r) => setImmediate(r));
  assert.equal(calls.length, 2);
  calls[1]!.resolve({ n: 2 });
  assert.deepEqual(await joined, { n: 2 });
  assert.equal(calls.length, 2);

  const again = lazyModule(importer);
  const x = again.load();
  calls[2]!.reject(new Error('gone'));
  await assert.rejects(x, /gone/);
  const y = again.load();
  calls[3]!.resolve({ n: 4 });
  assert.deepEqual(await y, { n: 4 });
});

test('calls that joined a failed import share one new attempt, and fail with it when it fails too', async () => {
  const { calls, importer } = controlled();
  const part = lazyModule(importer);
  void part.load().catch(() => undefined);
  const a = part.load();
  const b = part.load();
  calls[0]!.reject(new Error('first'));
  await new Promise((r) => setImmediate(r));
  assert.equal(calls.length, 2, 'one new attempt for both');
  calls[1]!.reject(new Error('second'));
  await assert.rejects(a, /second/);
  await assert.rejects(b, /second/);
  assert.equal(calls.length, 2, 'no attempt after that');
});
