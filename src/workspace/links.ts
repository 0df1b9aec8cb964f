/**
 * Links written in workspace documents: what an `href` stands for, and the
 * workspace path a relative one points at. The renderer and every host read
 * links through these functions, so a link the renderer offers is the link a
 * host checks.
 *
 * - `http:`, `https:`, `mailto:` → external (opens in a new tab);
 * - `#fragment` → an anchor inside the same document;
 * - a relative path → a workspace path resolved against the document's
 *   directory; a root-relative `/docs/x.md` against the workspace root, as on
 *   code-hosting sites;
 * - anything else (other schemes, `//host` references, backslashes, paths
 *   that climb above the workspace root or that no host would read) → not a
 *   link at all.
 *
 * Pure: no DOM and no Node APIs.
 */
import { toOpenableUrl } from '../model/url.js';
import { checkWorkspacePath, dirname } from './paths.js';

/** What an `href` in a document stands for. */
export type LinkTarget =
  { kind: 'external'; href: string } | { kind: 'anchor'; fragment: string } | { kind: 'workspace'; path: string; fragment: string } | { kind: 'none' };

// What a browser's URL parser drops from an `href`: C0 controls and spaces at either end, tabs and
// line breaks anywhere. A space inside stays (and is sent as `%20`), as do other characters; the
// invisible ones (format characters, other controls) are dropped too, so they cannot disguise a target.
const URL_EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_INNER_NOISE = /[\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]/g;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// `C:/x`, also once decoded (`C%3A/x`): a Windows drive, never a workspace file.
const DRIVE = /^[a-z]:/i;

function decode(s: string): string | null {
  try {
    return decodeURIComponent(s);
  } catch {
    return null;
  }
}

/**
 * Resolves a relative reference (percent-encoded, as written; no `?query` or
 * `#fragment`) against the directory `fromDir`, or a root-relative one
 * against the workspace root. Decodes it once, applies `.` and `..`, and
 * returns the normalised workspace path, or null when it climbs above the
 * root, names another host (`//host`) or fails `checkWorkspacePath`.
 */
export function resolveWorkspacePath(fromDir: string, relative: string): string | null {
  const decoded = decode(relative);
  if (decoded === null || decoded.startsWith('//') || decoded.includes('\\') || DRIVE.test(decoded)) return null;
  const parts = decoded.startsWith('/') ? [] : fromDir.split('/').filter((p) => p !== '' && p !== '.');
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else parts.push(segment);
  }
  const check = checkWorkspacePath(parts.join('/'));
  return check.ok ? check.path : null;
}

/** Classifies an `href` written in the document at workspace path `docPath`. */
export function classifyHref(href: string, docPath: string): LinkTarget {
  const raw = href.replace(URL_EDGES, '').replace(URL_INNER_NOISE, '');
  if (raw === '') return { kind: 'none' };
  if (raw.startsWith('#')) {
    const fragment = decode(raw.slice(1)) ?? raw.slice(1);
    return fragment ? { kind: 'anchor', fragment } : { kind: 'none' };
  }
  if (HAS_SCHEME.test(raw)) {
    const url = toOpenableUrl(raw);
    return url ? { kind: 'external', href: url } : { kind: 'none' };
  }
  if (raw.startsWith('//')) return { kind: 'none' };
  const hashAt = raw.indexOf('#');
  const beforeHash = hashAt < 0 ? raw : raw.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : (decode(raw.slice(hashAt + 1)) ?? raw.slice(hashAt + 1));
  const pathPart = beforeHash.split('?')[0]!;
  if (pathPart === '') return fragment ? { kind: 'anchor', fragment } : { kind: 'none' };
  const path = resolveWorkspacePath(dirname(docPath), pathPart);
  return path ? { kind: 'workspace', path, fragment } : { kind: 'none' };
}

/**
 * Workspace paths a host tries for the link `href` written in the document
 * at `fromPath`: `[]` when it cannot point inside the workspace, else the one
 * path `classifyHref` resolves it to. The preview asks with the root-relative
 * form of the path it resolved (`/docs/api.md`, see `rootRelative`), which
 * reads the same from any document. Every candidate passes
 * `checkWorkspacePath`; the deny list and existence are the host's to check.
 */
export function linkCandidates(fromPath: string, href: string): string[] {
  const from = checkWorkspacePath(fromPath);
  if (!from.ok || typeof href !== 'string') return [];
  const target = classifyHref(href, from.path);
  return target.kind === 'workspace' ? [target.path] : [];
}

/** The root-relative link to a workspace path (`docs/a b.md` → `/docs/a%20b.md`): it resolves to that path from any document. */
export function rootRelative(path: string): string {
  return '/' + path.split('/').map(encodeURIComponent).join('/');
}
