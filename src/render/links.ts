/**
 * What rendered documents say next to an external link so its destination
 * cannot be disguised: the host its text claims and the real one. What an
 * `href` stands for is `classifyHref` in `src/workspace/links.ts`. Pure; no DOM.
 */
import { describeHost } from '../model/url.js';

// Invisible characters (controls, zero-width and direction marks, soft hyphens), which a URL in the
// text cannot show. Whitespace stays: text with a space or a line break inside is prose, not an address.
const URL_NOISE = /[\u0000-\u0008\u000E-\u001F\u007F-\u009F\u00AD\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g;

// A host name whose last label has two characters or more, or an IPv4 address (its last part may be one digit).
const URL_LIKE = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:[^\s/?#@]+@)?((?:[\p{L}\p{N}-]+\.)+[\p{L}\p{N}-]{2,}|\d{1,3}(?:\.\d{1,3}){3})\.?(?::\d+)?(?:[/?#]\S*)?$/iu;

const COMMON_TLDS = new Set([
  'com',
  'org',
  'net',
  'io',
  'dev',
  'app',
  'ai',
  'co',
  'edu',
  'gov',
  'info',
  'biz',
  'me',
  'tech',
  'xyz',
  'ru',
  'cn',
  'uk',
  'de',
  'fr',
  'jp',
  'il',
  'us',
  'eu',
]);

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
