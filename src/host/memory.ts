/**
 * An in-memory workspace: the host for stories, tests and static demos. It
 * applies the same path rules and deny list as the Node file endpoint, cuts
 * big files the same way and refuses binary content the same way, so what
 * works against it works against the real server.
 */
import { raceAbort, sleep, throwIfAborted } from './abort.js';
import { textLooksBinary, utf8Excerpt } from '../workspace/bytes.js';
import type { QaDenyRule } from '../workspace/deny.js';
import { mimeForPath } from '../workspace/languages.js';
import { linkCandidates } from '../workspace/links.js';
import { checkReadablePath, checkWorkspacePath } from '../workspace/paths.js';
import { QaHostError, type QaFileContent, type QaHostErrorCode, type QaReadFileRequest, type QaResolveLinkRequest, type QaSourcesHost } from './types.js';

/** A file of the memory workspace: its text, or a function that loads it (called once, on first read). */
export type QaMemoryFile = string | (() => Promise<string>);

/** Options of `createMemoryHost`. */
export interface QaMemoryHostOptions {
  /** Delay before every answer, in ms (or per path), to show loading states. */
  latencyMs?: number | ((path: string) => number);
  /** Paths that fail with the given error code, or a function naming the code (null: no failure). */
  fail?: Record<string, QaHostErrorCode> | ((path: string) => QaHostErrorCode | null | undefined);
  /**
   * Relative links: `true` (default) resolves them like the endpoint (see
   * `linkCandidates`) to files of this workspace; `false` refuses every
   * link; a function decides itself (its answer still has to pass the path
   * rules).
   */
  resolveLink?: boolean | ((req: QaResolveLinkRequest) => string | null | Promise<string | null>);
  /** Longest content served, in UTF-8 bytes; longer files come back as an excerpt with `truncated: true`. */
  maxBytes?: number;
  /** More deny rules on top of the default list. */
  deny?: QaDenyRule[];
}

/** A memory host: a `QaSourcesHost` over a fixed set of files. */
export interface QaMemoryHost extends QaSourcesHost {
  resolveLink(req: QaResolveLinkRequest): Promise<string | null>;
  /** The normalised paths of the workspace. */
  readonly paths: readonly string[];
}

/** Creates an in-memory workspace host over `files` (workspace-relative path → text or loader). */
export function createMemoryHost(files: Record<string, QaMemoryFile>, options: QaMemoryHostOptions = {}): QaMemoryHost {
  const entries = new Map<string, QaMemoryFile>();
  const deny = options.deny ?? [];
  for (const key of Object.keys(files)) {
    const check = checkWorkspacePath(key);
    if (!check.ok) continue;
    entries.set(check.path, files[key]!);
    // Runs the default deny list once now, so that the first read does not pay for compiling its patterns.
    checkReadablePath(check.path);
  }
  const loaded = new Map<string, Promise<string>>();
  // The size of a file is counted once (a 2 MB file costs milliseconds to count), not on every read.
  const excerpts = new Map<string, { source: string; limit: number; excerpt: ReturnType<typeof utf8Excerpt> }>();
  const excerptOf = (key: string, text: string, limit: number) => {
    const hit = excerpts.get(key);
    if (hit && hit.source === text && hit.limit === limit) return hit.excerpt;
    const excerpt = utf8Excerpt(text, limit);
    excerpts.set(key, { source: text, limit, excerpt });
    return excerpt;
  };

  const latency = (path: string): number => {
    const l = typeof options.latencyMs === 'function' ? options.latencyMs(path) : options.latencyMs;
    return typeof l === 'number' && l > 0 ? l : 0;
  };

  const failure = (path: string): QaHostErrorCode | null => {
    const f = options.fail;
    if (!f) return null;
    if (typeof f === 'function') return f(path) ?? null;
    return Object.prototype.hasOwnProperty.call(f, path) ? f[path]! : null;
  };

  /** The stored key for `path`, also when it differs only in Unicode normalisation (NFC vs NFD). */
  const find = (path: string): string | null => {
    for (const candidate of [path, path.normalize('NFC'), path.normalize('NFD')]) if (entries.has(candidate)) return candidate;
    return null;
  };

  const load = (path: string): Promise<string> => {
    const file = entries.get(path)!;
    if (typeof file === 'string') return Promise.resolve(file);
    let pending = loaded.get(path);
    if (!pending) {
      pending = Promise.resolve()
        .then(file)
        .then((text) => {
          if (typeof text !== 'string') throw new QaHostError('unsupported');
          return text;
        });
      // A failed load is retried on the next read.
      pending.catch(() => loaded.delete(path));
      loaded.set(path, pending);
    }
    return pending;
  };

  const readable = (path: string): string | null => {
    const check = checkReadablePath(path, deny);
    if (!check.ok || failure(check.path)) return null;
    return find(check.path);
  };

  return {
    paths: [...entries.keys()],

    async readFile(req: QaReadFileRequest): Promise<QaFileContent> {
      throwIfAborted(req.signal);
      await sleep(latency(String(req.path)), req.signal);
      const check = checkReadablePath(req.path, deny);
      if (!check.ok) throw new QaHostError('forbidden');
      const code = failure(check.path);
      if (code) throw new QaHostError(code);
      const key = find(check.path);
      if (key === null) throw new QaHostError('not-found');
      let text: string;
      try {
        text = await raceAbort(load(key), req.signal);
      } catch (e) {
        if (e instanceof QaHostError) throw e;
        throw new QaHostError('network');
      }
      if (textLooksBinary(text)) throw new QaHostError('unsupported');
      const limit = Math.min(positive(options.maxBytes), positive(req.maxBytes));
      const excerpt = excerptOf(key, text, limit);
      return { path: key, content: excerpt.text, size: excerpt.size, truncated: excerpt.truncated, mime: mimeForPath(key) };
    },

    async resolveLink(req: QaResolveLinkRequest): Promise<string | null> {
      await sleep(latency(String(req.fromPath)));
      const mode = options.resolveLink ?? true;
      if (mode === false) return null;
      if (typeof mode === 'function') {
        const answer = await mode(req);
        if (answer === null || answer === undefined) return null;
        const check = checkReadablePath(answer, deny);
        return check.ok ? check.path : null;
      }
      for (const candidate of linkCandidates(req.fromPath, req.href)) {
        const key = readable(candidate);
        if (key !== null) return key;
      }
      return null;
    },
  };
}

function positive(n: number | undefined): number {
  return typeof n === 'number' && n >= 0 ? n : Infinity;
}
