/**
 * Link policy of rendered documents: what an `href` written in a document
 * may become. Pure; no DOM.
 *
 * - `http:`, `https:`, `mailto:` → external (opens in a new tab);
 * - `#fragment` → an anchor inside the same document;
 * - a relative path → a workspace path resolved against the document's
 *   directory (a root-relative `/docs/x.md` against the workspace root, as
 *   on code-hosting sites), clickable only once the host accepts it;
 * - anything else (other schemes, `//host` references, paths that climb
 *   above the workspace root) → not a link at all.
 */
import { describeHost, toOpenableUrl } from '../model/url.js';

export type LinkTarget =
  | { kind: 'external'; href: string }
  | { kind: 'anchor'; fragment: string }
  | { kind: 'workspace'; path: string; fragment: string }
  | { kind: 'none' };

// Characters browsers drop or ignore inside URLs.
const URL_NOISE = /[\u0000-\u0020\u007F-\u009F\u00AD\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]/g;
// What a browser's URL parser drops from an `href`: C0 controls and spaces at either end, tabs and
// line breaks anywhere. A space inside stays (and is sent as `%20`), as do other characters; the
// invisible ones (format characters, other controls) are dropped too, so they cannot disguise a target.
const URL_EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const URL_INNER_NOISE = /[\t\n\r\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]/g;
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

function decode(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** The directory part of a workspace path (`docs/api/x.md` → `docs/api`). */
export function dirname(path: string): string {
  const clean = path.replace(/\\/g, '/');
  const i = clean.lastIndexOf('/');
  return i < 0 ? '' : clean.slice(0, i);
}

/**
 * Resolves a relative reference against a workspace directory (a
 * root-relative one, `/docs/x.md`, against the workspace root). Returns the
 * normalised workspace path, or null when it climbs above the root, names
 * another host (`//host`), or contains characters no workspace path has.
 */
export function resolveWorkspacePath(fromDir: string, relative: string): string | null {
  const decoded = decode(relative);
  if (decoded.includes('\0') || decoded.includes('\\') || /^[a-z]:/i.test(decoded)) return null;
  if (decoded.startsWith('//')) return null;
  const parts = fromDir && !decoded.startsWith('/') ? fromDir.split('/').filter((p) => p !== '' && p !== '.') : [];
  for (const segment of decoded.split('/')) {
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (parts.length === 0) return null;
      parts.pop();
    } else {
      parts.push(segment);
    }
  }
  return parts.length ? parts.join('/') : null;
}

/** Classifies an `href` written in the document at workspace path `docPath`. */
export function classifyHref(href: string, docPath: string): LinkTarget {
  const raw = href.replace(URL_EDGES, '').replace(URL_INNER_NOISE, '');
  if (raw === '') return { kind: 'none' };
  if (raw.startsWith('#')) {
    const fragment = decode(raw.slice(1));
    return fragment ? { kind: 'anchor', fragment } : { kind: 'none' };
  }
  if (HAS_SCHEME.test(raw)) {
    const url = toOpenableUrl(raw);
    return url ? { kind: 'external', href: url } : { kind: 'none' };
  }
  if (raw.startsWith('//')) return { kind: 'none' };
  const hashAt = raw.indexOf('#');
  const beforeHash = hashAt < 0 ? raw : raw.slice(0, hashAt);
  const fragment = hashAt < 0 ? '' : decode(raw.slice(hashAt + 1));
  const pathPart = beforeHash.split('?')[0]!;
  if (pathPart === '') return fragment ? { kind: 'anchor', fragment } : { kind: 'none' };
  const path = resolveWorkspacePath(dirname(docPath), pathPart);
  return path ? { kind: 'workspace', path, fragment } : { kind: 'none' };
}

const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^\s/?#@]+@)?((?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,})\.?(?::\d+)?(?:[/?#]\S*)?$/iu;

const COMMON_TLDS = new Set(['com', 'org', 'net', 'io', 'dev', 'app', 'ai', 'co', 'edu', 'gov', 'info', 'biz', 'me', 'tech', 'xyz', 'ru', 'cn', 'uk', 'de', 'fr', 'jp', 'il', 'us', 'eu']);

/** The host a link's visible text claims (`example.com` in `https://example.com/x`), or null when the text does not look like an address. */
export function claimedHost(text: string): string | null {
  const t = text.trim().replace(URL_NOISE, '');
  if (t.length > 2048 || /\s/.test(t)) return null;
  const m = URL_LIKE.exec(t);
  if (!m) return null;
  let host: string;
  try {
    host = new URL(`http://${m[1]}`).hostname;
  } catch {
    return null;
  }
  // Without a scheme, `README.md` or `index.ts` are file names, not addresses.
  const explicit = /^[a-z][a-z0-9+.-]*:\/\//i.test(t) || /^www\./i.test(t);
  return explicit || COMMON_TLDS.has(host.slice(host.lastIndexOf('.') + 1)) ? host : null;
}

const hostCache = new Map<string, ReturnType<typeof describeHost>>();
const HOST_CACHE_SIZE = 500;

// Documents link to the same few hosts over and over: describe each once.
function hostOf(url: URL): ReturnType<typeof describeHost> {
  const key = url.hostname;
  let host = hostCache.get(key);
  if (host === undefined) {
    host = describeHost(url.href);
    if (hostCache.size >= HOST_CACHE_SIZE) hostCache.clear();
    hostCache.set(key, host);
  }
  return host;
}

/**
 * What to show next to an external link so its real destination cannot be
 * disguised: the real host when the text names another one, or the ASCII
 * form of a look-alike host. Null when nothing needs saying.
 */
export function hostNotice(href: string, text: string): { host: string; reason: 'mismatch' | 'lookalike' } | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null;
  }
  if (url.protocol === 'mailto:') return null;
  const host = hostOf(url);
  if (!host) return null;
  const claimed = claimedHost(text);
  const bare = (h: string) => h.replace(/^www\./, '');
  if (claimed && bare(claimed) !== bare(host.ascii)) return { host: host.display, reason: host.confusable ? 'lookalike' : 'mismatch' };
  if (host.confusable) return { host: host.ascii, reason: 'lookalike' };
  return null;
}
