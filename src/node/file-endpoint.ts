/**
 * The reference read-only file endpoint: serves the text files of one
 * directory to `createFetchHost`, and nothing else.
 *
 * A Node `(req, res, next?)` handler, so it mounts the same way on
 * `node:http`, Connect/Express and Vite's dev server:
 *
 * ```ts
 * import { createFileEndpoint } from 'qa-sources-kit/node';
 * server.middlewares.use('/__qa/files', createFileEndpoint({ root: '/srv/workspace' }));
 * ```
 *
 * - `GET ?path=<workspace path>[&sessionId=…][&maxBytes=N]` →
 *   `{ path, content, size, truncated, mime }`.
 * - `GET ?resolve=<href>&from=<workspace path>` → `{ path }`: the workspace
 *   path a relative link in `from` points at when it is inside and
 *   readable, else `{ path: null }`.
 * - `HEAD` answers the same headers without a body; every other method is
 *   405. Nothing is ever written.
 *
 * A path is decoded once (by the query string), checked by the shared
 * rules (`checkWorkspacePath`: no absolute paths, drive letters, `..`,
 * backslashes, NUL or leftover escapes), matched against the deny list,
 * resolved with `realpath` and must stay inside `realpath(root)` — so
 * symlinks inside the workspace work and symlinks out of it do not. Only
 * regular files are opened (never directories, FIFOs, sockets or devices),
 * without following a last-moment symlink and without blocking. Errors are
 * `{ error: { code, message } }` with fixed messages: they never echo a
 * host path.
 */
import { Buffer } from 'node:buffer';
import { constants, promises as fs } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { looksBinary, SNIFF_BYTES, utf8Boundary } from '../workspace/bytes.js';
import { isDeniedPath, type QaDenyRule } from '../workspace/deny.js';
import { mimeForPath } from '../workspace/languages.js';
import { linkCandidates } from '../workspace/links.js';
import { checkReadablePath } from '../workspace/paths.js';

/** Default cap on the content served, in bytes (the preview's own limit). */
export const DEFAULT_ENDPOINT_MAX_BYTES = 2_000_000;
/** Longest `sessionId` accepted. */
const MAX_SESSION_ID = 256;

/** What `allow` is told about a request. */
export interface QaFileEndpointRequest {
  /** The `sessionId` the client sent, or null. */
  sessionId: string | null;
  /** The normalised workspace path about to be served. */
  path: string;
  req: IncomingMessage;
}

/** Options of `createFileEndpoint`. */
export interface QaFileEndpointOptions {
  /** The workspace directory. Only files inside its real path are served. */
  root: string;
  /** Longest content served, in bytes; longer files come back as an excerpt with `truncated: true`. Default 2,000,000. */
  maxBytes?: number;
  /** More deny rules on top of the default list (`.git/`, `.env*`, `*.pem`, `*.key`, `id_rsa*`, …). */
  deny?: QaDenyRule[];
  /** The embedder's own check (e.g. that `sessionId` may read this workspace); false answers 403. */
  allow?: (request: QaFileEndpointRequest) => boolean | Promise<boolean>;
}

/** The endpoint's request handler. */
export type QaFileEndpointHandler = (req: IncomingMessage, res: ServerResponse, next?: (err?: unknown) => void) => Promise<void>;

/** The endpoint's error codes and the HTTP status of each. */
const STATUS = {
  'bad-request': 400,
  forbidden: 403,
  'not-found': 404,
  'method-not-allowed': 405,
  unsupported: 415,
  internal: 500,
} as const;
type EndpointErrorCode = keyof typeof STATUS;

const MESSAGES: Record<EndpointErrorCode, string> = {
  'bad-request': 'The request is not understood.',
  forbidden: 'This path is not allowed.',
  'not-found': 'No such file in the workspace.',
  'method-not-allowed': 'This endpoint is read-only: GET and HEAD only.',
  unsupported: 'The file is not text.',
  internal: 'The file could not be read.',
};

class EndpointError extends Error {
  constructor(readonly code: EndpointErrorCode) {
    super(MESSAGES[code]);
  }
}

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Type': 'application/json; charset=utf-8',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'; sandbox",
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Referrer-Policy': 'no-referrer',
};

// O_NOFOLLOW: the last component may not have become a symlink since it was checked.
// O_NONBLOCK: opening a FIFO that slipped in can never hang the server.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** A resolved, checked regular file inside the workspace. */
interface Located {
  real: string;
  rel: string;
  rootReal: string;
  dev: number;
  ino: number;
}

/** Creates the read-only file endpoint over `options.root`. */
export function createFileEndpoint(options: QaFileEndpointOptions): QaFileEndpointHandler {
  if (typeof options?.root !== 'string' || options.root === '') throw new TypeError('createFileEndpoint: `root` must be a directory path');
  const root = path.resolve(options.root);
  const maxBytes = typeof options.maxBytes === 'number' && options.maxBytes >= 0 ? Math.floor(options.maxBytes) : DEFAULT_ENDPOINT_MAX_BYTES;
  const deny = options.deny ?? [];

  /** Resolves a checked workspace path to a regular file inside the root, or throws an `EndpointError`. */
  async function locate(segments: string[]): Promise<Located> {
    let rootReal: string;
    try {
      rootReal = await fs.realpath(root);
    } catch {
      throw new EndpointError('internal');
    }
    let real: string | null = null;
    let lastError: EndpointErrorCode = 'not-found';
    // The name as sent, then its other Unicode normalisations (clients and disks disagree on NFC vs NFD).
    const tried = new Set<string>();
    for (const form of [null, 'NFC', 'NFD'] as const) {
      const joined = path.join(rootReal, ...segments.map((s) => (form ? s.normalize(form) : s)));
      if (tried.has(joined)) continue;
      tried.add(joined);
      try {
        real = await fs.realpath(joined);
        break;
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === 'EACCES' || code === 'EPERM' || code === 'ELOOP') lastError = 'forbidden';
      }
    }
    if (real === null) throw new EndpointError(lastError);
    const rel = insideRelative(rootReal, real);
    if (rel === null) throw new EndpointError('forbidden');
    if (isDeniedPath(rel, deny)) throw new EndpointError('forbidden');
    let st;
    try {
      st = await fs.stat(real);
    } catch {
      throw new EndpointError('not-found');
    }
    // Directories, FIFOs, sockets and devices are refused before anything opens them.
    if (!st.isFile()) throw new EndpointError('forbidden');
    return { real, rel, rootReal, dev: st.dev, ino: st.ino };
  }

  /** Reads at most `limit` bytes of a located file as text. */
  async function read(file: Located, limit: number): Promise<{ path: string; content: string; size: number; truncated: boolean; mime: string }> {
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(file.real, OPEN_FLAGS);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      throw new EndpointError(code === 'ENOENT' ? 'not-found' : 'forbidden');
    }
    try {
      const st = await handle.stat();
      if (!st.isFile() || st.dev !== file.dev || st.ino !== file.ino) throw new EndpointError('forbidden');
      await assertOpenedInside(handle.fd, file.rootReal);
      const size = st.size;
      const want = Math.min(size, Math.max(limit, SNIFF_BYTES));
      const buffer = Buffer.alloc(want);
      let got = 0;
      while (got < want) {
        const { bytesRead } = await handle.read(buffer, got, want - got, got);
        if (bytesRead === 0) break;
        got += bytesRead;
      }
      const bytes = buffer.subarray(0, got);
      if (looksBinary(bytes)) throw new EndpointError('unsupported');
      const truncated = size > limit;
      const end = truncated ? utf8Boundary(bytes, limit) : got;
      const content = new TextDecoder('utf-8').decode(bytes.subarray(0, end));
      return { path: file.rel, content, size, truncated, mime: mimeForPath(file.rel) };
    } finally {
      await handle.close().catch(() => undefined);
    }
  }

  async function allowed(req: IncomingMessage, sessionId: string | null, p: string): Promise<boolean> {
    if (!options.allow) return true;
    try {
      return (await options.allow({ sessionId, path: p, req })) === true;
    } catch {
      return false;
    }
  }

  async function answer(req: IncomingMessage): Promise<unknown> {
    const q = queryOf(req.url);
    const sessionId = single(q, 'sessionId');
    if (sessionId !== null && sessionId.length > MAX_SESSION_ID) throw new EndpointError('bad-request');

    if (q.has('resolve')) {
      const href = single(q, 'resolve');
      const from = single(q, 'from');
      if (href === null || from === null) throw new EndpointError('bad-request');
      const fromCheck = checkReadablePath(from, deny);
      if (!fromCheck.ok) throw new EndpointError('forbidden');
      for (const candidate of linkCandidates(fromCheck.path, href)) {
        const check = checkReadablePath(candidate, deny);
        if (!check.ok) continue;
        try {
          const file = await locate(check.segments);
          if (await allowed(req, sessionId, file.rel)) return { path: file.rel };
        } catch {
          // Not this one; try the next reading of the link.
        }
      }
      return { path: null };
    }

    const requested = single(q, 'path');
    if (requested === null) throw new EndpointError('bad-request');
    let limit = maxBytes;
    const asked = single(q, 'maxBytes');
    if (asked !== null) {
      if (!/^\d{1,15}$/.test(asked)) throw new EndpointError('bad-request');
      limit = Math.min(limit, Number(asked));
    }
    const check = checkReadablePath(requested, deny);
    if (!check.ok) throw new EndpointError('forbidden');
    const file = await locate(check.segments);
    if (!(await allowed(req, sessionId, file.rel))) throw new EndpointError('forbidden');
    return read(file, limit);
  }

  return async function fileEndpoint(req, res) {
    const method = req.method ?? 'GET';
    let status = 200;
    let body: unknown;
    // A request body is never read: discard it so the connection stays usable.
    req.resume();
    if (method !== 'GET' && method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      status = STATUS['method-not-allowed'];
      body = errorBody('method-not-allowed');
    } else {
      try {
        body = await answer(req);
      } catch (e) {
        const code: EndpointErrorCode = e instanceof EndpointError ? e.code : 'internal';
        status = STATUS[code];
        body = errorBody(code);
      }
    }
    if (res.headersSent || res.writableEnded) return;
    const json = Buffer.from(JSON.stringify(body), 'utf8');
    res.statusCode = status;
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) res.setHeader(k, v);
    res.setHeader('Content-Length', String(json.byteLength));
    res.end(method === 'HEAD' ? undefined : json);
  };
}

function errorBody(code: EndpointErrorCode): { error: { code: EndpointErrorCode; message: string } } {
  return { error: { code, message: MESSAGES[code] } };
}

/** The query of a request target, decoded once by URLSearchParams. */
function queryOf(url: string | undefined): URLSearchParams {
  const target = url ?? '';
  const at = target.indexOf('?');
  return new URLSearchParams(at >= 0 ? target.slice(at + 1) : '');
}

/** One value of a parameter; a repeated parameter is refused (it is ambiguous which one a proxy checked). */
function single(q: URLSearchParams, name: string): string | null {
  const all = q.getAll(name);
  if (all.length > 1) throw new EndpointError('bad-request');
  return all.length === 1 ? all[0]! : null;
}

/** `target` relative to `rootReal` as a `/` path when strictly inside it, else null. */
function insideRelative(rootReal: string, target: string): string | null {
  const rel = path.relative(rootReal, target);
  if (rel === '' || path.isAbsolute(rel)) return null;
  const parts = rel.split(path.sep);
  if (parts[0] === '..') return null;
  return parts.join('/');
}

/**
 * Where the kernel says an open descriptor points (Linux `/proc/self/fd`),
 * checked against the root: closes the window between `realpath` and `open`
 * in which a directory on the way could have been swapped for a symlink.
 * Silent where `/proc` does not exist.
 */
async function assertOpenedInside(fd: number, rootReal: string): Promise<void> {
  let target: string;
  try {
    target = await fs.readlink(`/proc/self/fd/${fd}`);
  } catch {
    return;
  }
  if (!path.isAbsolute(target)) return;
  if (insideRelative(rootReal, target) === null) throw new EndpointError('forbidden');
}
