/**
 * Koa middleware the browser test server mounts (web-test-runner.config.mjs):
 * real endpoints the browser tests talk to on 127.0.0.1.
 *
 * - `/__qa/files`: the real read-only file endpoint over a temporary
 *   workspace created when the server starts (test/server/workspace.ts),
 *   removed when it exits.
 * - `/__qa/test/*`: misbehaving servers for the fetch host's error paths.
 * - `/__qa/csp/*`: strict-CSP pages of the security tests (test/server/csp.ts).
 */
import { rmSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createFileEndpoint } from '../../src/node/file-endpoint.js';
import { createTestWorkspace } from './workspace.js';
import { cspMiddleware } from './csp.js';
import type { Context } from 'koa';

type Middleware = (ctx: Context, next: () => Promise<unknown>) => unknown;

/** Where the browser tests find the file endpoint. */
export const TEST_FILE_ENDPOINT = '/__qa/files';
/** The content limit of the test endpoint. */
export const TEST_ENDPOINT_MAX_BYTES = 100_000;

const workspace = await createTestWorkspace('qa-wtr-');
process.once('exit', () => rmSync(workspace.dir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    rmSync(workspace.dir, { recursive: true, force: true });
    process.kill(process.pid, signal);
  });
}

const fileEndpoint = createFileEndpoint({ root: workspace.root, maxBytes: TEST_ENDPOINT_MAX_BYTES });

/** Hand a request to a plain Node handler. */
function raw(ctx: Context, handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<unknown> {
  ctx.respond = false;
  return Promise.resolve(handler(ctx.req, ctx.res));
}

/** Resolves when the client goes away (so a never-answering route does not leak). */
function untilClosed(req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => req.once('close', () => resolve()));
}

const WRONG_SHAPES: unknown[] = [
  { path: 'README.md', content: 42, size: 2, truncated: false },
  { path: 'README.md', content: 'x', size: '1', truncated: false },
  { path: 'README.md', content: 'x', size: 1 },
  { path: '../etc/passwd', content: 'x', size: 1, truncated: false },
  { path: 'README.md', content: 'x', size: -1, truncated: false },
  [1, 2, 3],
  null,
  'a string',
  { error: null },
];

const testRoutes: Record<string, (ctx: Context) => unknown> = {
  '/__qa/test/garbage': (ctx) =>
    raw(ctx, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end('{"path": "README.md", "content": "unterminated');
    }),
  '/__qa/test/html': (ctx) =>
    raw(ctx, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      res.end('<!doctype html><title>Login</title><p>secret-body-text</p>');
    }),
  '/__qa/test/wrong-shape': (ctx) =>
    raw(ctx, (req, res) => {
      const v = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('v') ?? 0);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(WRONG_SHAPES[v] ?? null));
    }),
  '/__qa/test/wrong-shape-count': (ctx) => {
    ctx.body = { count: WRONG_SHAPES.length };
  },
  '/__qa/test/status': (ctx) =>
    raw(ctx, (req, res) => {
      const q = new URL(req.url ?? '/', 'http://x').searchParams;
      res.writeHead(Number(q.get('status') ?? 500), { 'Content-Type': 'application/json' });
      const code = q.get('code');
      res.end(JSON.stringify({ error: { code: code ?? 'weird', message: 'secret-body-text at /home/user/workspace/secret.ts:12' } }));
    }),
  '/__qa/test/hang': (ctx) => raw(ctx, (req) => untilClosed(req)),
  '/__qa/test/hang-body': (ctx) =>
    raw(ctx, (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.write('{"path": "README.md", ');
      return untilClosed(req);
    }),
  '/__qa/test/redirect': (ctx) =>
    raw(ctx, (_req, res) => {
      res.writeHead(302, { Location: `${TEST_FILE_ENDPOINT}?path=README.md` });
      res.end();
    }),
  // A valid file whose content is the request headers the endpoint received.
  '/__qa/test/echo-headers': (ctx) =>
    raw(ctx, (req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      const content = JSON.stringify({ token: req.headers['x-qa-token'] ?? null, accept: req.headers.accept ?? null, url: req.url });
      res.end(JSON.stringify({ path: 'echo.json', content, size: content.length, truncated: false, mime: 'application/json' }));
    }),
  '/__qa/test/oversized': (ctx) =>
    raw(ctx, (_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ path: 'README.md', content: 'x'.repeat(200_000), size: 200_000, truncated: false }));
    }),
};

export const testServerMiddleware: Middleware[] = [
  // Strict-CSP pages of the security tests, and the repository endpoint of the live stories.
  cspMiddleware,
  async (ctx, next) => {
    if (ctx.path === TEST_FILE_ENDPOINT) return raw(ctx, fileEndpoint);
    const route = testRoutes[ctx.path as string];
    if (route) return route(ctx);
    return next();
  },
];
