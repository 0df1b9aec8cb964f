// Shared helpers of the project's scripts: dependency install on a fresh
// clone, and finding (or, as root on Debian, installing) Chromium.
// Only Node built-ins here: this runs before `npm install`.
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
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

/** True when `p` exists and is a symbolic link (to anything, even nothing). */
function isLink(p) {
  try {
    return lstatSync(p).isSymbolicLink();
  } catch {
    return false;
  }
}

const sleep = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/**
 * Installs npm dependencies when node_modules is missing or older than the
 * lock file. Runs started at the same time (two terminals, a test run beside
 * a benchmark) take turns: one installs, the others wait for it and then find
 * node_modules fresh. Two `npm ci` at once would delete each other's files.
 * A node_modules that is a link to another folder (a second checkout sharing
 * the first one's packages) is never installed into: `npm ci` would empty
 * the folder it points to. `dir`: the project's folder (tests give another).
 */
export function ensureDependencies(dir = root) {
  const modules = path.join(dir, 'node_modules');
  const marker = path.join(modules, '.package-lock.json');
  const lock = path.join(dir, 'package-lock.json');
  const fresh = () => existsSync(marker) && (!existsSync(lock) || statSync(marker).mtimeMs >= statSync(lock).mtimeMs);
  if (fresh()) return;
  if (isLink(modules)) {
    console.warn(
      `node_modules here is a link (to ${readlinkSync(modules)}) and its packages are missing or older than package-lock.json. ` +
        'Not installing through the link, as npm ci would empty the folder it points to: install there, or give this folder a node_modules of its own.',
    );
    return;
  }
  const turn = path.join(tmpdir(), `qa-sources-kit-install-${createHash('sha256').update(dir).digest('hex').slice(0, 12)}.lock`);
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
    if (!run('npm', args, { cwd: dir })) {
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
