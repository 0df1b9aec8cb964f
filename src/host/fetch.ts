/**
 * A host over HTTP: talks to a read-only file endpoint such as
 * `createFileEndpoint` from `qa-sources-kit/node`.
 *
 * Requests: `GET <endpoint>?path=<p>&sessionId=<s>[&maxBytes=<n>]` answers
 * `{ path, content, size, truncated, mime }`; `GET
 * <endpoint>?resolve=<href>&from=<p>&sessionId=<s>` answers `{ path }` with
 * a workspace path or null. Errors are `{ error: { code, message } }` with
 * an HTTP status. Nothing from a response body ever reaches an error
 * message: messages are the kit's own.
 */
import { checkWorkspacePath } from '../workspace/paths.js';
import { readFileAnswer } from './answer.js';
import { QaHostError, type QaFileContent, type QaHostErrorCode, type QaReadFileRequest, type QaResolveLinkRequest, type QaSourcesHost } from './types.js';

/** Default time a request may take, in ms. */
export const DEFAULT_FETCH_TIMEOUT_MS = 15_000;
/** Largest response accepted when the request names no `maxBytes` (JSON escaping can grow text up to six times). */
const DEFAULT_RESPONSE_CAP = 16 * 1024 * 1024;

/** Options of `createFetchHost`. */
export interface QaFetchHostOptions {
  /** URL of the endpoint, absolute or relative to the page (`/__qa/files`). */
  endpoint: string;
  /** Extra request headers (e.g. an authorization token). */
  headers?: Record<string, string>;
  /** Time a request may take before it fails with `timeout` (default 15 s). */
  timeoutMs?: number;
  /** Credentials mode of the requests (default `same-origin`). */
  credentials?: RequestCredentials;
}

const KNOWN_CODES = new Set<QaHostErrorCode>(['not-found', 'forbidden', 'too-large', 'unsupported', 'timeout', 'network', 'aborted']);

/** The error code an HTTP status stands for. */
export function codeForStatus(status: number): QaHostErrorCode {
  if (status === 400 || status === 401 || status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not-found';
  if (status === 408 || status === 504) return 'timeout';
  if (status === 413) return 'too-large';
  if (status === 415) return 'unsupported';
  return 'network';
}

/** Creates a host that reads files through the HTTP endpoint at `options.endpoint`. */
export function createFetchHost(options: QaFetchHostOptions): QaSourcesHost & { resolveLink(req: QaResolveLinkRequest): Promise<string | null> } {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;

  const url = (params: Record<string, string | undefined>): string => {
    const base = (globalThis as { location?: { href: string } }).location?.href;
    const u = base ? new URL(options.endpoint, base) : new URL(options.endpoint);
    for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
    return u.href;
  };

  /** GETs `href` and returns the parsed JSON body of a 2xx answer; every failure becomes a `QaHostError`. */
  async function getJson(href: string, signal: AbortSignal | undefined, cap: number): Promise<unknown> {
    if (signal?.aborted) throw new QaHostError('aborted');
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const fail = (fallback: QaHostErrorCode, details?: QaHostError['details']): QaHostError =>
      timedOut ? new QaHostError('timeout') : signal?.aborted ? new QaHostError('aborted') : new QaHostError(fallback, undefined, details);
    try {
      let res: Response;
      try {
        res = await fetch(href, {
          method: 'GET',
          headers: { Accept: 'application/json', ...options.headers },
          credentials: options.credentials ?? 'same-origin',
          cache: 'no-store',
          redirect: 'error',
          referrerPolicy: 'no-referrer',
          signal: controller.signal,
        });
      } catch {
        throw fail('network');
      }
      let text: string;
      try {
        text = await readCapped(res, cap);
      } catch (e) {
        throw e instanceof QaHostError && !timedOut && !signal?.aborted ? e : fail('network');
      }
      let body: unknown = undefined;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      if (!res.ok) {
        const err = errorOf(body);
        const code = err?.code && KNOWN_CODES.has(err.code as QaHostErrorCode) ? (err.code as QaHostErrorCode) : codeForStatus(res.status);
        throw new QaHostError(code, undefined, err?.details ?? {});
      }
      if (body === undefined) throw new QaHostError('network', 'The host sent an answer the kit cannot read.');
      return body;
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
  }

  return {
    async readFile(req: QaReadFileRequest): Promise<QaFileContent> {
      const check = checkWorkspacePath(req.path);
      if (!check.ok) throw new QaHostError('forbidden');
      const maxBytes = typeof req.maxBytes === 'number' && req.maxBytes >= 0 ? Math.floor(req.maxBytes) : undefined;
      const href = url({ path: check.path, sessionId: req.sessionId, maxBytes: maxBytes === undefined ? undefined : String(maxBytes) });
      const cap = maxBytes === undefined ? DEFAULT_RESPONSE_CAP : maxBytes * 6 + 64 * 1024;
      const body = await getJson(href, req.signal, cap);
      const file = readFileAnswer(body, { wire: true });
      if (!file) throw new QaHostError('network', 'The host sent an answer the kit cannot read.');
      // The answer is for the path asked for: where the server found it (a symlink's target,
      // another Unicode form of the name) is its own business, and the preview shows only
      // answers that name the file it asked for.
      return { ...file, path: check.path };
    },

    async resolveLink(req: QaResolveLinkRequest): Promise<string | null> {
      const from = checkWorkspacePath(req.fromPath);
      if (!from.ok || typeof req.href !== 'string') return null;
      let body: unknown;
      try {
        body = await getJson(url({ resolve: req.href, from: from.path, sessionId: req.sessionId }), undefined, 64 * 1024);
      } catch {
        // A link the host cannot vouch for is not clickable.
        return null;
      }
      if (typeof body !== 'object' || body === null) return null;
      const p = (body as { path?: unknown }).path;
      if (typeof p !== 'string') return null;
      const check = checkWorkspacePath(p);
      return check.ok ? check.path : null;
    },
  };
}

/** Reads the body as text, refusing more than `cap` bytes. */
async function readCapped(res: Response, cap: number): Promise<string> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > cap) throw new QaHostError('too-large');
  if (!res.body) return res.text();
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let received = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > cap) {
      await reader.cancel().catch(() => undefined);
      throw new QaHostError('too-large');
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

/** `{ error: { code, size?, maxBytes? } }` of an error answer, when it has that shape. */
function errorOf(body: unknown): { code?: string; details?: QaHostError['details'] } | null {
  if (typeof body !== 'object' || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error !== 'object' || error === null) return null;
  const e = error as { code?: unknown; size?: unknown; maxBytes?: unknown };
  const details: QaHostError['details'] = {};
  if (typeof e.size === 'number' && Number.isFinite(e.size) && e.size >= 0) details.size = e.size;
  if (typeof e.maxBytes === 'number' && Number.isFinite(e.maxBytes) && e.maxBytes >= 0) details.maxBytes = e.maxBytes;
  return { code: typeof e.code === 'string' ? e.code : undefined, details };
}
