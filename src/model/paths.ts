/**
 * Workspace path display helpers: basename, extension, a shortened directory
 * for the secondary line. Pure; no DOM.
 */
import { codePointLength, elideMiddle } from './text.js';

/** Directory segments longer than this (in code points) are elided in the middle. */
export const MAX_DIRECTORY_SEGMENT = 32;

/** True for an absolute host path (`/home/…`, `~/…`, `C:\…`, `\\server\…`), as opposed to a workspace-relative one. */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith('/') || p.startsWith('~') || p.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(p);
}

/** The non-empty segments of a path, with `.` segments left out. */
export function pathSegments(p: string): string[] {
  return p.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/** The last segment of a path. */
export function basename(p: string): string {
  const parts = pathSegments(p);
  return parts[parts.length - 1] ?? p;
}

/** File extension in lower case, without the dot (`md`), or '' when none. */
export function extensionOf(p: string): string {
  const base = basename(p);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
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
  if (parts.length <= max) return parts.join(' / ');
  return [parts[0]!, '…', ...parts.slice(-(max - 1))].join(' / ');
}
