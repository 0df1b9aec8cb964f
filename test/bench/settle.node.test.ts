// The benchmark waits between runs until the browser's processes are quiet
// (bench/settle.mjs): checked on real processes, a busy grandchild and an
// idle one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { canReadProcesses, quietWaiter, treeCpuMs } from '../../bench/settle.mjs';

const linux = canReadProcesses();

/** A shell whose child runs `script` in Node (so the work is a grandchild of the pid returned), in a process group of its own. */
function shellRunning(script: string): ChildProcess {
  return spawn('sh', ['-c', `"${process.execPath}" -e '${script}'; :`], { stdio: 'ignore', detached: true });
}

/** Kills the shell and its child together (their process group), so that the child is never left running. */
async function stop(p: ChildProcess): Promise<void> {
  const exited = p.exitCode !== null || p.signalCode !== null ? null : once(p, 'exit');
  try {
    process.kill(-p.pid!, 'SIGKILL');
  } catch {
    // The group is gone already.
  }
  await exited;
}

const waiter = (pid: number) => quietWaiter(pid, { windowMs: 100, maxCpuMs: 5, timeoutMs: 600 });

test('the CPU time of a process tree counts its grandchildren', { skip: !linux && 'no /proc here' }, async (t) => {
  const shell = shellRunning('for (;;);');
  t.after(() => stop(shell));
  const start = treeCpuMs(shell.pid!);
  // Wait on the condition (the spinner got 100 ms of CPU), however busy the machine is; a minute bounds a tree that counts nothing.
  const until = Date.now() + 60_000;
  while (treeCpuMs(shell.pid!) - start < 100 && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
  assert.ok(treeCpuMs(shell.pid!) - start >= 100, "the shell's tree counts its spinning child");
  // The shell itself waits: that time is its child's, and the test process holds the whole tree.
  assert.ok(treeCpuMs(process.pid) >= treeCpuMs(shell.pid!), 'the test process counts its grandchild too');
});

test('the wait gives up while a descendant keeps a core busy, and ends at once over idle processes', { skip: !linux && 'no /proc here' }, async (t) => {
  const busy = shellRunning('for (;;);');
  const idle = shellRunning('setTimeout(() => {}, 60000)');
  t.after(() => Promise.all([stop(busy), stop(idle)]));
  // Node's own start-up is work too: wait until the idle one has settled into its timer.
  let idleWait = await waiter(idle.pid!)();
  for (let tries = 1; idleWait < 0 && tries < 100; tries++) idleWait = await waiter(idle.pid!)();
  assert.ok(idleWait > 0, 'the idle one settles');
  const busyWait = await waiter(busy.pid!)();
  assert.ok(busyWait < 0, `gave up on the spinning one (${busyWait} ms)`);
  assert.ok(-busyWait >= 600, 'after its timeout');
  const again = await waiter(idle.pid!)();
  assert.ok(again > 0 && again < 600, `the idle one is quiet within one or a few windows (${again} ms)`);
});
