/**
 * The deny list every host applies after the path rules: secrets that are
 * never served, whatever the embedder allows, plus the embedder's own rules.
 *
 * Pure: no DOM and no Node APIs.
 */

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

function globToRegExp(glob: string): RegExp {
  let out = '';
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i]!;
    if (c === '*' && glob[i + 1] === '*') {
      // `**/` after a slash (or first) also stands for no directory: `docs/**/x.md` denies `docs/x.md`.
      if (glob[i + 2] === '/' && (i === 0 || glob[i - 1] === '/')) {
        out += '(?:.*/)?';
        i += 2;
      } else {
        out += '.*';
        i++;
      }
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
    re = globToRegExp(glob.normalize('NFC'));
    if (globCache.size > 500) globCache.clear();
    globCache.set(glob, re);
  }
  return re;
}

/**
 * True when a normalised path matches one deny pattern. Case-insensitive
 * (a `.ENV` on a case-insensitive disk is still an environment file), and
 * blind to Unicode normalisation (hosts find a file under its NFC and its NFD
 * name alike, so `données/` denies both spellings).
 * - `name/` (trailing slash): any directory segment named so, and the
 *   directory itself: `.git/` denies `.git/config` and `sub/.git/HEAD`.
 * - `*.pem` (no slash): any segment, so a file or a directory of that name.
 * - `config/secrets.json`, `private/**`, `config/secrets/` (a slash inside):
 *   the whole path from the workspace root; `*` stays inside a segment, `**`
 *   crosses them (a segment that is only `**` stands for any number of
 *   segments, none included); a trailing slash names the directory and
 *   everything in it.
 */
export function matchesDenyPattern(path: string, pattern: string): boolean {
  path = path.normalize('NFC');
  const segments = path.split('/');
  if (pattern.endsWith('/') && !pattern.slice(0, -1).includes('/')) {
    const re = compiled(pattern.slice(0, -1));
    return segments.some((s) => re.test(s));
  }
  if (!pattern.includes('/')) {
    const re = compiled(pattern);
    return segments.some((s) => re.test(s));
  }
  if (pattern.endsWith('/')) {
    const re = compiled(pattern.slice(0, -1));
    for (let n = 1; n <= segments.length; n++) if (re.test(segments.slice(0, n).join('/'))) return true;
    return false;
  }
  return compiled(pattern).test(path);
}

/** True when the normalised `path` is on the default deny list or matches one of `extra`. */
export function isDeniedPath(path: string, extra: readonly QaDenyRule[] = []): boolean {
  for (const rule of DEFAULT_DENY) if (matchesDenyPattern(path, rule)) return true;
  if (extra.length === 0) return false;
  // Expressions and predicates see the path as given and in both Unicode forms: any of them may be the one on disk.
  const forms = [...new Set([path, path.normalize('NFC'), path.normalize('NFD')])];
  for (const rule of extra) {
    if (typeof rule === 'string') {
      if (matchesDenyPattern(path, rule)) return true;
    } else if (forms.some((form) => (rule instanceof RegExp ? safeTest(rule, form) : safeCall(rule, form)))) return true;
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
