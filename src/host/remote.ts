/**
 * The tiny adapter for hosts that expose a workspace-file call shaped like
 * DSH's: `read(sessionId, { segments }, signal)` answering
 * `{ kind: 'text', … }` or `{ kind: 'unavailable', reason, … }`.
 *
 * ```ts
 * const host = createRemoteHost((sessionId, req, signal) => ctx.remote.workspace.read(sessionId, req, signal));
 * ```
 */
import { raceAbort, throwIfAborted } from './abort.js';
import { utf8ByteLength, utf8Excerpt } from '../workspace/bytes.js';
import type { QaDenyRule } from '../workspace/deny.js';
import { mimeForPath } from '../workspace/languages.js';
import { linkCandidates } from '../workspace/links.js';
import { checkReadablePath } from '../workspace/paths.js';
import { QaHostError, type QaFileContent, type QaHostErrorCode, type QaReadFileRequest, type QaResolveLinkRequest, type QaSourcesHost } from './types.js';

/** A text answer of the remote call. */
export interface QaRemoteTextResult {
  kind: 'text';
  file?: unknown;
  name?: string;
  content: string;
  byteLength?: number;
  version?: unknown;
}

/** A refusal of the remote call. */
export interface QaRemoteUnavailableResult {
  kind: 'unavailable';
  file?: unknown;
  name?: string;
  reason: 'too-large' | 'not-text' | 'not-file' | (string & {});
  maxBytes?: number;
  byteLength?: number;
}

/** The remote workspace-file call. */
export type QaRemoteRead = (sessionId: string, req: { segments: string[] }, signal?: AbortSignal) => Promise<QaRemoteTextResult | QaRemoteUnavailableResult>;

/** Options of `createRemoteHost`. */
export interface QaRemoteHostOptions {
  /**
   * How relative links are checked: `probe` (default) reads the candidate
   * through the remote call and accepts it when it is text; `lexical`
   * accepts any candidate that passes the path rules without asking;
   * `none` refuses every link.
   */
  resolveLinks?: 'probe' | 'lexical' | 'none';
  /** More deny rules on top of the default list, checked before the remote is asked. */
  deny?: QaDenyRule[];
}

/** The error code for an `unavailable` reason. */
export function codeForUnavailable(reason: unknown): QaHostErrorCode {
  if (reason === 'too-large') return 'too-large';
  if (reason === 'not-text') return 'unsupported';
  if (reason === 'not-file') return 'forbidden';
  return 'not-found';
}

/** Adapts a DSH-style `read(sessionId, { segments }, signal)` call to `QaSourcesHost`. */
export function createRemoteHost(
  read: QaRemoteRead,
  options: QaRemoteHostOptions = {},
): QaSourcesHost & { resolveLink(req: QaResolveLinkRequest): Promise<string | null> } {
  const deny = options.deny ?? [];
  const probes = new Map<string, Promise<boolean>>();

  async function call(sessionId: string, segments: string[], signal?: AbortSignal): Promise<QaRemoteTextResult | QaRemoteUnavailableResult> {
    throwIfAborted(signal);
    let result: unknown;
    try {
      result = await raceAbort(
        Promise.resolve().then(() => read(sessionId, { segments: [...segments] }, signal)),
        signal,
      );
    } catch (e) {
      if (e instanceof QaHostError) throw e;
      const name = typeof e === 'object' && e !== null ? (e as { name?: unknown }).name : undefined;
      if (signal?.aborted || name === 'AbortError') throw new QaHostError('aborted');
      if (name === 'TimeoutError') throw new QaHostError('timeout');
      throw new QaHostError('network');
    }
    if (typeof result !== 'object' || result === null) throw new QaHostError('network', 'The host sent an answer the kit cannot read.');
    const r = result as { kind?: unknown; content?: unknown; reason?: unknown };
    if (r.kind === 'text' && typeof r.content === 'string') return result as QaRemoteTextResult;
    if (r.kind === 'unavailable') return result as QaRemoteUnavailableResult;
    throw new QaHostError('network', 'The host sent an answer the kit cannot read.');
  }

  return {
    async readFile(req: QaReadFileRequest): Promise<QaFileContent> {
      throwIfAborted(req.signal);
      const check = checkReadablePath(req.path, deny);
      if (!check.ok) throw new QaHostError('forbidden');
      const result = await call(req.sessionId, check.segments, req.signal);
      if (result.kind === 'unavailable') {
        const details: QaHostError['details'] = {};
        if (typeof result.byteLength === 'number' && Number.isFinite(result.byteLength)) details.size = result.byteLength;
        if (typeof result.maxBytes === 'number' && Number.isFinite(result.maxBytes)) details.maxBytes = result.maxBytes;
        throw new QaHostError(codeForUnavailable(result.reason), undefined, details);
      }
      const limit = typeof req.maxBytes === 'number' && req.maxBytes >= 0 ? req.maxBytes : Infinity;
      const excerpt = utf8Excerpt(result.content, limit);
      const declared = typeof result.byteLength === 'number' && Number.isSafeInteger(result.byteLength) && result.byteLength >= 0 ? result.byteLength : null;
      const size = Math.max(declared ?? 0, excerpt.size);
      // The remote's own `file` may be an absolute host path: the kit keeps the workspace path it asked for.
      return {
        path: check.path,
        content: excerpt.text,
        size,
        truncated: excerpt.truncated || (declared !== null && declared > utf8ByteLength(result.content)),
        mime: mimeForPath(check.path),
      };
    },

    async resolveLink(req: QaResolveLinkRequest): Promise<string | null> {
      const mode = options.resolveLinks ?? 'probe';
      if (mode === 'none') return null;
      for (const candidate of linkCandidates(req.fromPath, req.href)) {
        const check = checkReadablePath(candidate, deny);
        if (!check.ok) continue;
        if (mode === 'lexical') return check.path;
        const key = `${req.sessionId}\u0000${check.path}`;
        let probe = probes.get(key);
        if (!probe) {
          probe = call(req.sessionId, check.segments).then(
            (r) => r.kind === 'text',
            () => false,
          );
          probes.set(key, probe);
          if (probes.size > 1000) probes.delete(probes.keys().next().value!);
        }
        if (await probe) return check.path;
      }
      return null;
    },
  };
}
