/**
 * Strict-policy pages for the security tests (test/security/), served by the
 * browser test server with a `Content-Security-Policy` response header:
 *
 * - `/__qa/csp/<name>.html`: an empty page that runs
 *   `/test/security/pages/first.js` (a classic script that records policy
 *   violations, errors, unhandled rejections and Trusted Types policies before
 *   anything else runs), the gallery's style sheet, then the module
 *   `/test/security/pages/<name>.ts`.
 * - `/__qa/csp/gallery.html`: the real gallery page (`index.html`) with the
 *   same first script, under the same policy.
 * - `/__qa/files` for the sessions of the gallery's live stories: the
 *   read-only file endpoint over this repository, as `npm start` mounts it.
 *   A file endpoint serves one workspace per session; every other session
 *   (the host tests) gets the temporary test workspace (test/server/index.ts).
 * - `/__qa/fuzz-config`: how the fuzz tests run, from the environment of the
 *   test run (`QA_FUZZ_RUNS`, `QA_FUZZ_SEED`, `QA_FUZZ_PATH`; see
 *   scripts/fuzz.mjs). Without them the fuzz tests use their own run counts
 *   and fixed seed.
 */
import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createFileEndpoint } from '../../src/node/file-endpoint.js';
import { refusedPayload, repositoryPayload } from '../../stories/fixtures/workspace.js';
import { KIT_POLICY_NAMES, STRICT_CSP } from '../security/policy.js';
import type { Context } from 'koa';

type Middleware = (ctx: Context, next: () => Promise<unknown>) => unknown;

export { KIT_POLICY_NAMES, STRICT_CSP };

/** Where the strict pages live. */
export const CSP_PAGE_PREFIX = '/__qa/csp/';
/** The first script of every strict page. */
export const FIRST_SCRIPT = '/test/security/pages/first.js';

const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url));
const PAGE_NAME = /^[a-z][a-z0-9-]{0,40}$/;
/** Sessions of the live stories: their files come from this repository. */
const REPOSITORY_SESSIONS = new Set([repositoryPayload.sessionId, refusedPayload.sessionId]);
const repositoryEndpoint = createFileEndpoint({ root: repositoryRoot, deny: ['node_modules/', 'dist/'] });

function page(name: string): string {
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>qa-sources-kit · strict page · ${name}</title>
    <script src="${FIRST_SCRIPT}"></script>
    <link rel="stylesheet" href="/stories/gallery.css" />
    <script type="module" src="/test/security/pages/${name}.ts"></script>
  </head>
  <body></body>
</html>
`;
}

function galleryPage(): string {
  const index = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
  return index.replace('<head>', `<head>\n    <script src="${FIRST_SCRIPT}"></script>`);
}

function sendPage(ctx: Context, body: string): void {
  ctx.set('Content-Security-Policy', STRICT_CSP);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = body;
}

function raw(ctx: Context, handler: (req: IncomingMessage, res: ServerResponse) => unknown): Promise<unknown> {
  ctx.respond = false;
  return Promise.resolve(handler(ctx.req, ctx.res));
}

/** The fuzz settings of this test run (numbers or null). */
export function fuzzConfig(env: NodeJS.ProcessEnv = process.env): { runs: number | null; seed: number | null; path: string | null } {
  const runs = Number(env.QA_FUZZ_RUNS);
  const seed = Number(env.QA_FUZZ_SEED);
  return {
    runs: Number.isSafeInteger(runs) && runs > 0 ? runs : null,
    seed: env.QA_FUZZ_SEED && Number.isSafeInteger(seed) ? seed : null,
    path: env.QA_FUZZ_PATH && /^[0-9:]+$/.test(env.QA_FUZZ_PATH) ? env.QA_FUZZ_PATH : null,
  };
}

/** Mount before the test routes (it takes some `/__qa/files` requests). */
export const cspMiddleware: Middleware = async (ctx, next) => {
  const p = ctx.path as string;
  if (p === '/__qa/fuzz-config') {
    ctx.set('Cache-Control', 'no-store');
    ctx.body = fuzzConfig();
    return;
  }
  if (p === '/__qa/files' && REPOSITORY_SESSIONS.has(String(ctx.query?.sessionId ?? ''))) return raw(ctx, repositoryEndpoint);
  if (!p.startsWith(CSP_PAGE_PREFIX)) return next();
  const name = p.slice(CSP_PAGE_PREFIX.length).replace(/\.html$/, '');
  if (name === 'gallery') return sendPage(ctx, galleryPage());
  if (!PAGE_NAME.test(name)) return next();
  return sendPage(ctx, page(name));
};
