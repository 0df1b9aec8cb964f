// Waiting for a browser to go quiet between benchmark runs: the CPU time of
// a process and all its descendants, read from Linux's /proc (as the
// runner's `--sched` reads its counters, from the processes listed here).
import { existsSync, readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per ms in `/proc/<pid>/stat` (USER_HZ: 100 on Linux). */
const TICKS_PER_MS = 0.1;

/** True where processes' CPU times can be read (Linux). */
export function canReadProcesses() {
  return existsSync('/proc/self/stat');
}

/** The ids of the running processes, from `/proc` (none where it cannot be read). */
export function processIds() {
  try {
    return readdirSync('/proc').filter((p) => /^\d+$/.test(p));
  } catch {
    return [];
  }
}

/** CPU time in ms (user and system, at clock-tick resolution) of process `pid` and every process below it. */
export function treeCpuMs(pid) {
  const parent = new Map();
  const ticks = new Map();
  for (const p of processIds()) {
    try {
      // Fields after the command's closing parenthesis: state, ppid, …, utime (12th), stime (13th).
      const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ').pop().split(' ');
      parent.set(Number(p), Number(f[1]));
      ticks.set(Number(p), Number(f[11]) + Number(f[12]));
    } catch {
      // A process that ended meanwhile.
    }
  }
  let sum = 0;
  for (const [p, t] of ticks) {
    let q = p;
    for (let hops = 0; q && q !== pid && hops < 32; hops++) q = parent.get(q);
    if (q === pid) sum += t;
  }
  return sum / TICKS_PER_MS;
}

/**
 * A function that waits until process `pid` and its descendants used at most
 * `maxCpuMs` of CPU time over `windowMs`, checking window after window for at
 * most `timeoutMs`. It resolves to the time waited in ms, negated when it
 * gave up.
 */
export function quietWaiter(pid, { windowMs, maxCpuMs, timeoutMs }) {
  return async () => {
    const start = performance.now();
    let last = treeCpuMs(pid);
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, windowMs));
      const now = treeCpuMs(pid);
      const waited = performance.now() - start;
      if (now - last <= maxCpuMs) return waited;
      if (waited >= timeoutMs) return -waited;
      last = now;
    }
  };
}
