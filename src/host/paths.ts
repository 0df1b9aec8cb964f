/**
 * Workspace path rules shared by every host: the in-memory host, the remote
 * adapter and the Node file endpoint apply exactly these checks, so a path
 * refused in a story is refused by the real server too.
 *
 * Pure: no DOM and no Node APIs.
 */

/** Longest workspace path accepted, in UTF-16 units. */
export const MAX_PATH_LENGTH = 4096;
/** Most segments a workspace path may have. */
export const MAX_PATH_SEGMENTS = 256;

/**
 * Paths never served, whatever the embedder adds: version-control internals,
 * environment files, private keys and credential files. Patterns as in
 * `matchesDenyPattern`.
 */
export const DEFAULT_DENY: readonly string[] = Object.freeze([
  '.git/',
  '.env*',
  '*.pem',
  '*.key',
  'id_rsa*',
  'id_dsa*',
  'id_ecdsa*',
  'id_ed25519*',
  '.ssh/',
  '*.p12',
  '*.pfx',
  '.npmrc',
  '.netrc',
  '.htpasswd',
]);

/** One entry of a deny list: a glob-like pattern, a regular expression over the path, or a predicate. */
export type QaDenyRule = string | RegExp | ((path: string) => boolean);

/** Why a path was refused. */
export type QaPathRejection =
  | 'empty'
  | 'too-long'
  | 'nul'
  | 'control'
  | 'backslash'
  | 'absolute'
  | 'drive'
  | 'stream'
  | 'encoded'
  | 'traversal'
  | 'denied';

/** The outcome of checking a workspace path. */
export type QaPathCheck =
  | { ok: true; /** Normalised: `/`-separated, no empty, `.` or `..` segments. */ path: string; segments: string[] }
  | { ok: false; reason: QaPathRejection };

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

function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      out += '.*';
      i++;
    } else if (c === '*') out += '[^/]*';
    else if (c === '?') out += '[^/]';
    else out += c.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${out}$`, 'i');
}

const globCache = new Map<string, RegExp>();
function compiled(glob: string): RegExp {
  let re = globCache.get(glob);
  if (!re) {
    re = globToRegExp(glob);
    if (globCache.size > 500) globCache.clear();
    globCache.set(glob, re);
  }
  return re;
}

/**
 * True when a normalised path matches one deny pattern. Case-insensitive
 * (a `.ENV` on a case-insensitive disk is still an environment file).
 * - `name/` (trailing slash): any directory segment named so, and the
 *   directory itself: `.git/` denies `.git/config` and `sub/.git/HEAD`.
 * - `*.pem` (no slash): any segment, so a file or a directory of that name.
 * - `config/secrets.json`, `private/**` (a slash inside): the whole path
 *   from the workspace root; `*` stays inside a segment, `**` crosses them.
 */
export function matchesDenyPattern(path: string, pattern: string): boolean {
  const segments = path.split('/');
  if (pattern.endsWith('/') && !pattern.slice(0, -1).includes('/')) {
    const re = compiled(pattern.slice(0, -1));
    return segments.some((s) => re.test(s));
  }
  if (!pattern.includes('/')) {
    const re = compiled(pattern);
    return segments.some((s) => re.test(s));
  }
  const re = compiled(pattern.replace(/\/$/, '/**'));
  return re.test(path);
}

/** True when the normalised `path` is on the default deny list or matches one of `extra`. */
export function isDeniedPath(path: string, extra: readonly QaDenyRule[] = []): boolean {
  for (const rule of DEFAULT_DENY) if (matchesDenyPattern(path, rule)) return true;
  for (const rule of extra) {
    if (typeof rule === 'string' ? matchesDenyPattern(path, rule) : rule instanceof RegExp ? safeTest(rule, path) : safeCall(rule, path)) return true;
  }
  return false;
}

function safeTest(re: RegExp, path: string): boolean {
  re.lastIndex = 0;
  return re.test(path);
}

function safeCall(fn: (path: string) => boolean, path: string): boolean {
  try {
    return fn(path) === true;
  } catch {
    // A failing rule denies: refusing is the safe side.
    return true;
  }
}

/** `checkWorkspacePath` plus the deny list: the full rule every host applies before touching a file. */
export function checkReadablePath(input: unknown, deny: readonly QaDenyRule[] = []): QaPathCheck {
  const check = checkWorkspacePath(input);
  if (check.ok && isDeniedPath(check.path, deny)) return { ok: false, reason: 'denied' };
  return check;
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Workspace paths a link found in the document at `fromPath` may point at,
 * most likely first; `[]` when it cannot point inside the workspace.
 *
 * `href` is either a workspace path already resolved against the document
 * (what `<qa-file-preview>` passes: its Markdown renderer resolves links
 * first) or the link as written (percent-encoded, possibly with `?query`
 * and `#fragment`, which are dropped). So:
 * - a clean path (no `.`/`..` segments: `docs/api.md`) is first taken as it
 *   stands, then relative to the directory of `fromPath`;
 * - `./x`, `../x` are relative to the directory of `fromPath` only;
 * - `/x` is relative to the workspace root (as on code-hosting sites).
 * URLs with a scheme, protocol-relative `//host` links, backslashes and
 * links that climb above the root give none. Every candidate passes
 * `checkWorkspacePath`; the deny list and existence are the host's to check.
 */
export function linkCandidates(fromPath: string, href: string): string[] {
  const from = checkWorkspacePath(fromPath);
  if (!from.ok || typeof href !== 'string') return [];
  const bare = href.trim().replace(/[?#].*$/s, '');
  if (bare === '' || SCHEME.test(bare) || bare.startsWith('//') || bare.includes('\\')) return [];
  let decoded: string;
  try {
    decoded = decodeURIComponent(bare);
  } catch {
    return [];
  }
  const out: string[] = [];
  const add = (p: string | null) => {
    if (p === null) return;
    const c = checkWorkspacePath(p);
    if (c.ok && !out.includes(c.path)) out.push(c.path);
  };
  if (decoded.startsWith('/')) {
    add(joinLexically([], decoded.slice(1)));
    return out;
  }
  const plain = decoded.split('/').every((s) => s !== '' && s !== '.' && s !== '..');
  if (plain) add(decoded);
  add(joinLexically(from.segments.slice(0, -1), decoded));
  return out;
}

/** Applies `relative` to `base` segments with `.`/`..` resolved; null when it climbs above the root. */
function joinLexically(base: string[], relative: string): string | null {
  const out = [...base];
  for (const segment of relative.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (out.length === 0) return null;
      out.pop();
    } else out.push(segment);
  }
  return out.length ? out.join('/') : null;
}
