/**
 * Workspace paths: their parts (segments, basename, extension, directory),
 * the shortened forms the elements show, and the rules every host applies
 * before touching a file. The in-memory host, the remote adapter and the Node
 * file endpoint apply exactly these checks, so a path refused in a story is
 * refused by the real server too.
 *
 * Pure: no DOM and no Node APIs.
 */
import { codePointLength, elideMiddle } from '../model/text.js';
import { isDeniedPath, type QaDenyRule } from './deny.js';

/** Longest workspace path accepted, in UTF-16 units. */
export const MAX_PATH_LENGTH = 4096;
/** Most segments a workspace path may have. */
export const MAX_PATH_SEGMENTS = 256;

/** Directory segments longer than this (in code points) are elided in the middle. */
export const MAX_DIRECTORY_SEGMENT = 32;

/** True for an absolute host path (`/home/…`, `~/…`, `C:\…`, `\\server\…`), as opposed to a workspace-relative one. */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || p.startsWith('~') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);
}

/** The non-empty segments of a path (`/` or `\` separated), with `.` segments left out. */
export function pathSegments(p: string): string[] {
  return p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/** The last segment of a path (the path itself when it has none). */
export function basename(p: string): string {
  const parts = pathSegments(p);
  return parts[parts.length - 1] ?? p;
}

/** File extension in lower case, without the dot (`md`), or '' when none (`.env` has none). */
export function extensionOf(p: string): string {
  const base = basename(p);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The directory part of a path, `/`-separated (`docs/api/x.md` → `docs/api`), '' at the root. */
export function dirname(p: string): string {
  return pathSegments(p).slice(0, -1).join('/');
}

/**
 * `parts` with the middle left out when there are more than `limit`: the
 * first one, `null` standing for the elided ones, then the last `tail`.
 */
export function elideSegments(parts: readonly string[], limit: number, tail: number): Array<string | null> {
  if (parts.length <= limit) return [...parts];
  return [parts[0]!, null, ...parts.slice(-tail)];
}

function shortSegment(s: string): string {
  return s.length > MAX_DIRECTORY_SEGMENT && codePointLength(s) > MAX_DIRECTORY_SEGMENT ? elideMiddle(s, MAX_DIRECTORY_SEGMENT) : s;
}

/**
 * The directory of a path, shortened for a secondary line: at most
 * `maxSegments` segments, the middle ones elided (`docs / … / EAM / Diagnostics`),
 * very long segments elided in their middle. An absolute path keeps only its
 * last two directories (`… / project / docs`), never the whole host path.
 */
export function shortDirectory(p: string, maxSegments = 3): string {
  const parts = pathSegments(p).slice(0, -1).map(shortSegment);
  if (parts.length === 0) return '';
  if (isAbsolutePath(p)) return parts.length > 2 ? ['…', ...parts.slice(-2)].join(' / ') : parts.join(' / ');
  const max = Math.max(2, Math.floor(maxSegments));
  return elideSegments(parts, max, max - 1)
    .map((s) => s ?? '…')
    .join(' / ');
}

/** Why a path was refused. */
export type QaPathRejection = 'empty' | 'too-long' | 'nul' | 'control' | 'backslash' | 'absolute' | 'drive' | 'stream' | 'encoded' | 'traversal' | 'denied';

/** The outcome of checking a workspace path. */
export type QaPathCheck =
  { ok: true; /** Normalised: `/`-separated, no empty, `.` or `..` segments. */ path: string; segments: string[] } | { ok: false; reason: QaPathRejection };

// `file:///…`, `https://…`: a URL is not a workspace path.
const URL_LIKE = /^[a-z][a-z0-9+.-]*:\//i;
// C0 controls and DEL. NUL is reported separately.
const CONTROL = /[\u0001-\u001f\u007f]/;
// A percent escape left after the one decode the transport did: double encoding.
const ENCODED = /%[0-9a-f]{2}/i;
// `C:`, `c:foo`: a Windows drive, absolute or drive-relative.
const DRIVE = /^[a-z]:/i;
// A segment of dots and spaces only (`..`, `...`, `.. `): Windows folds these into `..`.
const DOTS = /^[. ]+$/;

/**
 * Checks and normalises a workspace-relative path as received (already
 * decoded once by the transport; it is never decoded again). Refuses empty
 * and over-long paths, NUL and control characters, backslashes, absolute
 * paths and URLs, drive letters, alternate data streams, leftover percent escapes
 * (double encoding) and any `..` segment. `.` and empty segments are dropped.
 * The deny list is separate: see `isDeniedPath`.
 */
export function checkWorkspacePath(input: unknown): QaPathCheck {
  if (typeof input !== 'string' || input.length === 0) return { ok: false, reason: 'empty' };
  if (input.length > MAX_PATH_LENGTH) return { ok: false, reason: 'too-long' };
  if (input.includes('\0')) return { ok: false, reason: 'nul' };
  if (CONTROL.test(input)) return { ok: false, reason: 'control' };
  if (input.includes('\\')) return { ok: false, reason: 'backslash' };
  if (DRIVE.test(input)) return { ok: false, reason: 'drive' };
  if (input.startsWith('/') || URL_LIKE.test(input)) return { ok: false, reason: 'absolute' };
  if (input.includes('::') || input.includes(':$')) return { ok: false, reason: 'stream' };
  if (ENCODED.test(input)) return { ok: false, reason: 'encoded' };
  const segments: string[] = [];
  for (const segment of input.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (DOTS.test(segment)) return { ok: false, reason: 'traversal' };
    segments.push(segment);
  }
  if (segments.length === 0) return { ok: false, reason: 'empty' };
  if (segments.length > MAX_PATH_SEGMENTS) return { ok: false, reason: 'too-long' };
  return { ok: true, path: segments.join('/'), segments };
}

/** `checkWorkspacePath` plus the deny list: the full rule every host applies before touching a file. */
export function checkReadablePath(input: unknown, deny: readonly QaDenyRule[] = []): QaPathCheck {
  const check = checkWorkspacePath(input);
  if (check.ok && isDeniedPath(check.path, deny)) return { ok: false, reason: 'denied' };
  return check;
}

function normalPath(p: string): string | null {
  const check = checkWorkspacePath(p);
  return check.ok ? check.path.normalize('NFC') : null;
}

/**
 * True when two paths name the same workspace file: the same workspace path
 * once `./` and doubled slashes are dropped and both are in the same Unicode
 * form. A path that is not a workspace path (absolute, with `..`, a URL) only
 * matches itself.
 */
export function samePath(a: string, b: string): boolean {
  const x = normalPath(a);
  const y = normalPath(b);
  if (x !== null && y !== null) return x === y;
  return x === null && y === null && a.normalize('NFC') === b.normalize('NFC');
}
