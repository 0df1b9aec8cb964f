/**
 * Helpers of the example-app tests: install the packed kit into
 * `examples/apps/` the way an application installs it, build each app in
 * production mode, serve a build on 127.0.0.1 (optionally broken on purpose),
 * and read what a page did in Chromium.
 *
 * Installs and builds are cached under `examples/apps/`: the apps' own
 * dependencies are installed again only when their lock file changes, and an
 * app is rebuilt only when the packed files (the README aside) or the app's
 * sources changed. Stale builds run side by side.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'puppeteer-core';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const appsDir = path.join(root, 'examples', 'apps');

/** The example apps, each built into `<name>/dist/`. */
export const APPS = ['vite-react', 'webpack-react', 'esbuild', 'rollup', 'no-bundler'] as const;
export type AppName = (typeof APPS)[number];

const BUILD: Record<AppName, string[]> = {
  'vite-react': ['node_modules/vite/bin/vite.js', 'build', 'vite-react', '--logLevel', 'error'],
  'webpack-react': ['webpack-react/build.mjs'],
  esbuild: ['esbuild/build.mjs'],
  rollup: ['rollup/build.mjs'],
  'no-bundler': ['no-bundler/build.mjs'],
};

const ENV = { ...process.env, npm_config_loglevel: 'error', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };

function run(cmd: string, args: string[], cwd: string): string {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', env: ENV });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status}):\n${r.stdout}\n${r.stderr}`);
  return `${r.stdout}${r.stderr}`;
}

/** `run`, without blocking: several builds can share the machine. */
function runAsync(cmd: string, args: string[], cwd: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd, env: ENV, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}):\n${out}`))));
  });
}

function hashOf(...parts: Array<string | Buffer>): string {
  const h = createHash('sha256');
  for (const p of parts) h.update(p);
  return h.digest('hex');
}

/** Hash of every file under `dir` (paths and contents), skipping build output and dependencies. */
function treeHash(dir: string): string {
  const h = createHash('sha256');
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (entry.name === 'dist' || entry.name === 'node_modules') continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else h.update(path.relative(dir, full)).update(readFileSync(full));
    }
  };
  walk(dir);
  return h.digest('hex');
}

/**
 * Installs the apps' own dependencies (bundlers, React), pinned by their lock
 * file, unless the installed ones come from that same lock. Needs nothing of
 * the kit, so `npm test` runs it while the kit builds. True when it installed.
 */
export function installAppDependencies(): boolean {
  const lockHash = hashOf(readFileSync(path.join(appsDir, 'package-lock.json')));
  const lockStamp = path.join(appsDir, 'node_modules', '.qa-lock-hash');
  if (existsSync(lockStamp) && readFileSync(lockStamp, 'utf8') === lockHash) return false;
  run('npm', ['ci', '--no-audit', '--no-fund', '--prefer-offline'], appsDir);
  writeFileSync(lockStamp, lockHash);
  return true;
}

/** What `prepareApps` did, for the test log. */
export interface Prepared {
  tarball: string;
  installedDependencies: boolean;
  built: AppName[];
  /** Output of each build that ran (warnings included). */
  logs: Partial<Record<AppName, string>>;
  /** How long each step took (ms): pack, install, each build that ran. */
  times: Record<string, number>;
}

/** Files of the package that no app reads: a change to them alone neither reinstalls nor rebuilds. */
const UNREAD = new Set(['README.md', 'LICENSE']);

/**
 * Packs the kit (its build must be current: `npm test` builds first), installs
 * the tarball into `examples/apps/` with npm, and builds every app whose
 * inputs changed, the builds side by side.
 */
export async function prepareApps(): Promise<Prepared> {
  const times: Record<string, number> = {};
  const timed = <T>(name: string, start: number, value: T): T => ((times[name] = Date.now() - start), value);
  let start = Date.now();
  const packDir = path.join(root, '.pack');
  rmSync(packDir, { recursive: true, force: true });
  mkdirSync(packDir, { recursive: true });
  const [info] = JSON.parse(run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', packDir], root)) as Array<{
    filename: string;
    files: Array<{ path: string }>;
  }>;
  const tarball = path.join(packDir, info!.filename);
  // What the apps install: every packed file but the prose (the README changes often, the apps never read it).
  const packed = info!.files
    .map((f) => f.path)
    .filter((f) => !UNREAD.has(f))
    .sort();
  const tarHash = hashOf(...packed.flatMap((f) => [f, readFileSync(path.join(root, f))]));
  timed('pack', start, null);

  start = Date.now();
  const installedDependencies = installAppDependencies();
  if (installedDependencies) timed('npm ci', start, null);

  // The kit itself, from the tarball, as `npm install ./qa-sources-kit-x.tgz` installs it.
  const kitStamp = path.join(appsDir, 'node_modules', '.qa-kit-hash');
  if (installedDependencies || !existsSync(kitStamp) || readFileSync(kitStamp, 'utf8') !== tarHash) {
    start = Date.now();
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefer-offline', tarball], appsDir);
    writeFileSync(kitStamp, tarHash);
    timed('kit install', start, null);
  }

  // Each build writes only its own dist/ and reads only node_modules, so they run side by side.
  const shared = treeHash(path.join(appsDir, 'shared'));
  const logs: Prepared['logs'] = {};
  const stale = APPS.map((app) => ({
    app,
    stamp: path.join(appsDir, app, 'dist', '.qa-build-hash'),
    want: hashOf(tarHash, shared, treeHash(path.join(appsDir, app))),
  })).filter(({ stamp, want }) => !existsSync(stamp) || readFileSync(stamp, 'utf8') !== want);
  await Promise.all(
    stale.map(async ({ app, stamp, want }) => {
      const begin = Date.now();
      logs[app] = await runAsync(process.execPath, BUILD[app], appsDir);
      writeFileSync(stamp, want);
      timed(`build ${app}`, begin, null);
    }),
  );
  return { tarball, installedDependencies, built: stale.map((s) => s.app), logs, times };
}

/** Every file of an app's build, relative to its `dist/`, `/`-separated. */
export function buildFiles(app: AppName): string[] {
  const dist = path.join(appsDir, app, 'dist');
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.startsWith('.')) out.push(path.relative(dist, full).split(path.sep).join('/'));
    }
  };
  walk(dist);
  return out.sort();
}

/** Build files whose contents match `pattern` (for finding a chunk by what it holds, whatever its hashed name). */
export function filesContaining(app: AppName, pattern: RegExp, among = buildFiles(app).filter((f) => f.endsWith('.js'))): string[] {
  const dist = path.join(appsDir, app, 'dist');
  return among.filter((f) => pattern.test(readFileSync(path.join(dist, f), 'utf8')));
}

/** Size of a build file in bytes. */
export function sizeOf(app: AppName, file: string): number {
  return statSync(path.join(appsDir, app, 'dist', file)).size;
}

/** How a served file is broken on purpose (`until`: the response waits for the promise, as on a slow network). */
export type Breakage = { status: number } | { contentType: string } | { body: string } | { until: Promise<void> };

/** Options of `serve`. */
export interface ServeOptions {
  /** The URL path the build is served under (default `/`), as behind a CDN prefix or a sub-path. */
  prefix?: string;
  /** Headers of HTML responses (a CSP, say). */
  htmlHeaders?: Record<string, string>;
  /** Breaks the files (paths relative to `dist/`) this returns something for. */
  breaks?: (file: string) => Breakage | null;
  /** Answer every request with `Access-Control-Allow-Origin: *` (a CDN serving another origin's pages). */
  cors?: boolean;
  /** Rewrites HTML files as served (pointing a page at another origin's assets, say). */
  rewriteHtml?: (html: string) => string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/** Serves an app's build read-only on 127.0.0.1; resolves once it listens. */
export async function serve(app: AppName, options: ServeOptions = {}): Promise<{ url: string; close(): Promise<void> }> {
  const dist = path.join(appsDir, app, 'dist');
  const prefix = options.prefix ?? '/';
  const server = http.createServer((req, res) => {
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://127.0.0.1').pathname);
    if (!pathname.startsWith(prefix)) return void res.writeHead(404).end();
    let file = pathname.slice(prefix.length) || 'index.html';
    if (file.endsWith('/')) file += 'index.html';
    const full = path.join(dist, file);
    if (path.relative(dist, full).startsWith('..') || !existsSync(full) || !statSync(full).isFile()) return void res.writeHead(404).end();
    const broken = options.breaks?.(file) ?? null;
    if (broken && 'status' in broken) return void res.writeHead(broken.status).end();
    const type = broken && 'contentType' in broken ? broken.contentType : (TYPES[path.extname(file)] ?? 'application/octet-stream');
    const headers: Record<string, string> = { 'content-type': type, 'x-content-type-options': 'nosniff', 'cache-control': 'no-store' };
    if (file.endsWith('.html')) Object.assign(headers, options.htmlHeaders);
    if (options.cors) headers['access-control-allow-origin'] = '*';
    let body: string | Buffer = broken && 'body' in broken ? broken.body : readFileSync(full);
    if (options.rewriteHtml && file.endsWith('.html')) body = options.rewriteHtml(body.toString());
    if (broken && 'until' in broken) void broken.until.then(() => res.writeHead(200, headers).end(body));
    else res.writeHead(200, headers).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The strict policy of the README's security section, with Trusted Types enforced. */
export const STRICT_CSP =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; " +
  "require-trusted-types-for 'script'; trusted-types qa-sources-kit lit-html dompurify";

/** Chromium as the tests launch it (Debian's, never a downloaded one). */
export async function launchChromium(): Promise<Browser> {
  // The CommonJS entry, as the test runner itself loads puppeteer (one copy of it in memory).
  const puppeteer = createRequire(import.meta.url)('puppeteer-core') as typeof import('puppeteer-core').default;
  return puppeteer.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Resolves once a token span inside `selector` of the page's preview has a colour of its own (polled within `wait`). */
export async function waitForColours(page: Page, selector: string, wait: { timeout: number; polling: number }): Promise<void> {
  await page.waitForFunction(
    (sel) => {
      const root = document.querySelector('qa-file-preview')?.shadowRoot;
      const box = root?.querySelector<HTMLElement>(sel);
      const token = box?.querySelector<HTMLElement>('span[class^="qa-tk-"]:not(.qa-tk-0)');
      return !!token && getComputedStyle(token).color !== getComputedStyle(box!).color;
    },
    wait,
    selector,
  );
}

/** What a page did while a test drove it. */
export interface PageLog {
  /** Requests that failed or answered ≥ 400: `status path`. */
  failed: string[];
  errors: string[];
  warnings: string[];
  /** URLs (paths) of the workers the page started. */
  workers: string[];
}

/** Opens `url` in a fresh browser context and records failures, console messages and workers. */
export async function openPage(browser: Browser, url: string): Promise<{ page: Page; log: PageLog; close(): Promise<void> }> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport({ width: 1200, height: 900 });
  const log: PageLog = { failed: [], errors: [], warnings: [], workers: [] };
  const pathOf = (u: string) => {
    try {
      return new URL(u).pathname;
    } catch {
      return u;
    }
  };
  page.on('requestfailed', (r) => log.failed.push(`failed ${pathOf(r.url())}`));
  page.on('response', (r) => {
    if (r.status() >= 400) log.failed.push(`${r.status()} ${pathOf(r.url())}`);
  });
  page.on('pageerror', (e) => log.errors.push(`page error: ${e instanceof Error ? e.message : String(e)}`));
  page.on('console', (m) => {
    if (m.type() === 'error') log.errors.push(`console error: ${m.text()}`);
    else if (m.type() === 'warn') log.warnings.push(m.text());
  });
  page.on('workercreated', (w) => log.workers.push(pathOf(w.url())));
  await page.goto(url, { waitUntil: 'load' });
  return { page, log, close: () => context.close() };
}

/** A shipped file and its gzip size (level 9, as the size budget measures). */
export interface ShippedFile {
  file: string;
  gzip: number;
}

/** What a consumer's production build ships for the kit: the initial load, the workers, each grammar. */
export interface Shipped {
  /** The entry and every chunk it imports statically (the application's own code included). */
  initial: ShippedFile[];
  workers: ShippedFile[];
  /** One per grammar file, named by the languages it registers (`+`-joined when a bundler merged several); `initial` says it loads with the page. */
  grammars: Array<ShippedFile & { lang: string; initial: boolean }>;
}

const GRAMMAR_NAME = /displayName\\?"?:\s*\\?["`][^"`\\]*\\?["`],(?:[^{}]{0,160}?,)?\s*\\?"?name\\?"?:\s*\\?["`]([\w+#.-]+)\\?["`]/g;
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["'](\.\.?\/[^"']+)["']/g;

/** Sizes of an app's build as its users download them; `entry` is the page's script (relative to `dist/`). */
export async function shippedSizes(app: AppName, entry: string): Promise<Shipped> {
  const { gzipSync } = await import('node:zlib');
  const dist = path.join(appsDir, app, 'dist');
  const code = (file: string) => readFileSync(path.join(dist, file));
  const gz = (file: string) => gzipSync(code(file), { level: 9 }).length;
  const closure = (start: string, skip: Set<string> = new Set()): string[] => {
    const seen = new Set<string>([start]);
    const queue = [start];
    while (queue.length) {
      const file = queue.shift()!;
      for (const m of code(file).toString('utf8').matchAll(STATIC_IMPORT)) {
        const dep = path.posix.normalize(path.posix.join(path.posix.dirname(file), m[1]!));
        if (!seen.has(dep) && !skip.has(dep) && existsSync(path.join(dist, dep))) {
          seen.add(dep);
          queue.push(dep);
        }
      }
    }
    return [...seen];
  };
  const files = buildFiles(app).filter((f) => f.endsWith('.js'));
  const initial = closure(entry);
  const initialSet = new Set(initial);
  const workers = files.filter((f) => /(^|\/)(highlight|parse)\.worker([-.][^/]*)?\.js$/.test(f));
  const grammars = files
    .filter((f) => !workers.includes(f))
    .map((file) => {
      // The languages a chunk registers (`displayName: …, name: 'ts'`), whatever the file is called.
      const names = [...new Set([...code(file).toString('utf8').matchAll(GRAMMAR_NAME)].map((m) => m[1]!))];
      return { lang: names.join('+'), file, gzip: names.length ? gz(file) : 0, initial: initialSet.has(file) };
    })
    .filter((g) => g.lang !== '');
  return { initial: initial.map((file) => ({ file, gzip: gz(file) })), workers: workers.map((file) => ({ file, gzip: gz(file) })), grammars };
}
