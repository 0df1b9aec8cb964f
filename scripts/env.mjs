// Shared helpers of the project's scripts: dependency install on a fresh
// clone, and finding (or, as root on Debian, installing) Chromium.
// Only Node built-ins here: this runs before `npm install`.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Flags every headless Chromium launch of the project uses. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

function run(cmd, args, opts = {}) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...opts });
  return r.status === 0;
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Installs npm dependencies when node_modules is missing or older than the
 * lock file. Runs started at the same time (two terminals, a test run beside
 * a benchmark) take turns: one installs, the others wait for it and then find
 * node_modules fresh. Two `npm ci` at once would delete each other's files.
 */
export function ensureDependencies() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const fresh = () => existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh()) return;
  const turn = path.join(tmpdir(), `qa-sources-kit-install-${createHash('sha256').update(root).digest('hex').slice(0, 12)}.lock`);
  for (const start = Date.now(); ; sleep(1000)) {
    try {
      mkdirSync(turn);
      break;
    } catch {
      // Another run is installing; a turn held for 15 minutes was left by a run that died.
      if (Date.now() - start > 15 * 60_000 || (existsSync(turn) && Date.now() - statSync(turn).mtimeMs > 15 * 60_000))
        rmSync(turn, { recursive: true, force: true });
    }
  }
  try {
    if (fresh()) return;
    console.log('Installing dependencies (first run)…');
    const args = existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
    if (!run('npm', args)) {
      console.error('npm could not install the dependencies; see the messages above.');
      process.exit(1);
    }
  } finally {
    rmSync(turn, { recursive: true, force: true });
  }
}

const candidates = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
];

/** Returns a Chromium executable path, installing Debian's package as root when none exists. */
export function findChromium({ install = true } = {}) {
  const fromEnv = process.env.CHROME_PATH;
  if (fromEnv) {
    if (existsSync(fromEnv)) return fromEnv;
    console.error(`CHROME_PATH points at ${fromEnv}, which does not exist; set it to a Chromium or Chrome executable.`);
    process.exit(1);
  }
  const found = candidates.find((c) => existsSync(c));
  if (found) return found;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (install && isRoot && existsSync('/etc/debian_version')) {
    console.log("Chromium is missing: installing Debian's chromium package…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    if (run('apt-get', ['update'], { env }) && run('apt-get', ['install', '-y', 'chromium'], { env }) && existsSync('/usr/bin/chromium')) {
      return '/usr/bin/chromium';
    }
  }
  console.error('No Chromium found: install Chromium (on Debian: apt-get install chromium) or set CHROME_PATH to a Chromium or Chrome executable.');
  process.exit(1);
}
