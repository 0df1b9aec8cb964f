/**
 * URL policy and host display: which URIs may ever be clicked, and how a
 * host name is shown so that look-alike (homograph) hosts are recognisable.
 * Pure; no DOM.
 */
import { codePointLength, revealHidden, truncate } from './text.js';

/** The only URL schemes the kit ever makes clickable. */
export const OPENABLE_PROTOCOLS: ReadonlySet<string> = new Set(['http:', 'https:', 'mailto:']);

/** URIs longer than this are never made clickable. */
export const MAX_URL_LENGTH = 8192;

// Whitespace, controls and invisible characters around a URI (` \u200Bhttps://…`). The URL
// parser itself strips leading/trailing C0 controls and spaces and removes tabs and line
// breaks anywhere (`java\tscript:`), exactly as a browser does for `href`.
const URL_EDGES =
  /^[\u0000-\u0020\u007F-\u00A0\u00AD\u061C\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]+|[\u0000-\u0020\u007F-\u00A0\u00AD\u061C\u180E\u2000-\u200F\u2028-\u202F\u205F-\u206F\u3000\uFEFF]+$/g;

/** A URI read once: the parsed URL (any scheme) and, when it may be opened, its normalised `href`. */
export interface QaReadUrl {
  url: URL | null;
  /** The normalised URL when it is an absolute http/https/mailto URL, otherwise null. */
  href: string | null;
}

/**
 * Parses an untrusted URI the way a browser would for `href` (after trimming
 * invisible characters around it). Character references such as `&#58;` are
 * not decoded: they are not part of a URL.
 */
export function readUrl(uri: unknown): QaReadUrl {
  if (typeof uri !== 'string' || uri.length > MAX_URL_LENGTH) return { url: null, href: null };
  const cleaned = uri.replace(URL_EDGES, '');
  if (cleaned === '') return { url: null, href: null };
  let url: URL;
  try {
    url = new URL(cleaned);
  } catch {
    return { url: null, href: null };
  }
  const openable = OPENABLE_PROTOCOLS.has(url.protocol) && (url.protocol === 'mailto:' || url.hostname !== '');
  return { url, href: openable ? url.href : null };
}

/** Returns the normalised URL when `uri` is an absolute http/https/mailto URL, otherwise null. */
export function toOpenableUrl(uri: unknown): string | null {
  return readUrl(uri).href;
}

// --- punycode (RFC 3492), decoding only: the URL API already encodes ---------

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;
const SKEW = 38;
const DAMP = 700;

function adapt(delta: number, numPoints: number, first: boolean): number {
  let d = first ? Math.floor(delta / DAMP) : delta >> 1;
  d += Math.floor(d / numPoints);
  let k = 0;
  while (d > ((BASE - T_MIN) * T_MAX) >> 1) {
    d = Math.floor(d / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * d) / (d + SKEW));
}

function digit(c: number): number {
  if (c >= 48 && c <= 57) return c - 22;
  if (c >= 65 && c <= 90) return c - 65;
  if (c >= 97 && c <= 122) return c - 97;
  return BASE;
}

/** Decodes one punycode label body (without `xn--`); null when malformed. */
export function decodePunycode(input: string): string | null {
  const output: number[] = [];
  const last = input.lastIndexOf('-');
  for (let j = 0; j < Math.max(last, 0); j++) {
    const c = input.charCodeAt(j);
    if (c >= 0x80) return null;
    output.push(c);
  }
  let n = 128;
  let i = 0;
  let bias = 72;
  for (let idx = last > 0 ? last + 1 : 0; idx < input.length;) {
    const oldi = i;
    for (let w = 1, k = BASE; ; k += BASE) {
      if (idx >= input.length) return null;
      const d = digit(input.charCodeAt(idx++));
      if (d >= BASE || d > Math.floor((0x7fffffff - i) / w)) return null;
      i += d * w;
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (d < t) break;
      if (w > Math.floor(0x7fffffff / (BASE - t))) return null;
      w *= BASE - t;
    }
    const len = output.length + 1;
    bias = adapt(i - oldi, len, oldi === 0);
    if (Math.floor(i / len) > 0x10ffff - n) return null;
    n += Math.floor(i / len);
    i %= len;
    output.splice(i++, 0, n);
  }
  try {
    return String.fromCodePoint(...output);
  } catch {
    return null;
  }
}

/** The Unicode form of an ASCII (punycode) host name; labels that do not decode stay as they are. */
export function hostToUnicode(asciiHost: string): string {
  return asciiHost
    .split('.')
    .map((label) => (label.toLowerCase().startsWith('xn--') ? (decodePunycode(label.slice(4)) ?? label) : label))
    .join('.');
}

const SCRIPTS: Array<[string, RegExp]> = [
  ['Latin', /\p{Script=Latin}/u],
  ['Cyrillic', /\p{Script=Cyrillic}/u],
  ['Greek', /\p{Script=Greek}/u],
  ['Han', /\p{Script=Han}/u],
  ['Hiragana', /\p{Script=Hiragana}/u],
  ['Katakana', /\p{Script=Katakana}/u],
  ['Hangul', /\p{Script=Hangul}/u],
  ['Arabic', /\p{Script=Arabic}/u],
  ['Hebrew', /\p{Script=Hebrew}/u],
  ['Armenian', /\p{Script=Armenian}/u],
  ['Georgian', /\p{Script=Georgian}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Devanagari', /\p{Script=Devanagari}/u],
];

function scriptsOf(label: string): Set<string> {
  const found = new Set<string>();
  for (const c of label) {
    if (/[\p{Script=Common}\p{Script=Inherited}]/u.test(c)) continue;
    const hit = SCRIPTS.find(([, re]) => re.test(c));
    found.add(hit ? hit[0] : 'Other');
  }
  return found;
}

// Script mixes that are normal in real names (Japanese, Korean, Chinese with Latin).
const ALLOWED_MIXES = [new Set(['Latin', 'Han', 'Hiragana', 'Katakana']), new Set(['Latin', 'Han', 'Hangul'])];

// Cyrillic and Greek letters that look like Latin ones: a whole label of them spoofs a Latin name.
const LATIN_LOOKALIKES = /^[аеорсухіјѕԁӏһԛԝвкмнтьѵοαρτνικυχεϲ0-9-]+$/u;

/** True when one host label mixes scripts in a way real names do not, or is made only of Latin look-alikes. */
export function isConfusableLabel(label: string): boolean {
  const scripts = scriptsOf(label);
  if (scripts.size > 1 && !ALLOWED_MIXES.some((ok) => [...scripts].every((s) => ok.has(s)))) return true;
  if ((scripts.has('Cyrillic') || scripts.has('Greek')) && scripts.size === 1 && LATIN_LOOKALIKES.test(label)) return true;
  return false;
}

/** How a URL's host is shown: readable Unicode when safe, ASCII when it could mislead. */
export interface HostDisplay {
  /** What to show. */
  display: string;
  /** The ASCII (punycode) host, always. */
  ascii: string;
  /** The decoded Unicode host. */
  unicode: string;
  /** True when the Unicode form could be mistaken for another host; `display` is then the ASCII form. */
  confusable: boolean;
}

const HOST_CACHE_SIZE = 500;
const hostCache = new Map<string, HostDisplay>();

/** How a host name taken from a parsed URL (`url.hostname`, ASCII) is shown; null for an empty host. */
export function hostDisplay(ascii: string): HostDisplay | null {
  if (!ascii) return null;
  // Only punycode labels can turn into anything but ASCII letters, digits, dots and hyphens.
  if (!/xn--/i.test(ascii)) return { display: ascii, ascii, unicode: ascii, confusable: false };
  const hit = hostCache.get(ascii);
  if (hit) return { ...hit };
  const unicode = hostToUnicode(ascii);
  const revealed = revealHidden(unicode);
  const confusable = revealed.suspicious || unicode !== revealed.text || unicode.split('.').some(isConfusableLabel);
  const result: HostDisplay = { display: confusable ? ascii : unicode, ascii, unicode, confusable };
  if (hostCache.size >= HOST_CACHE_SIZE) hostCache.clear();
  hostCache.set(ascii, result);
  return { ...result };
}

/** Describes the host of an absolute URL, or null when it has none. */
export function describeHost(uri: string | URL): HostDisplay | null {
  const url = typeof uri === 'string' ? readUrl(uri).url : uri;
  return url ? hostDisplay(url.hostname) : null;
}

/** Longest shortened path `shortUrl` keeps, in code points. */
export const SHORT_URL_PATH = 32;

/** `host` + a short path, for a web source with no title: `example.com/docs/…/page`. */
export function shortUrl(uri: string | URL, maxPath = SHORT_URL_PATH): string {
  const url = typeof uri === 'string' ? readUrl(uri).url : uri;
  if (!url) return typeof uri === 'string' ? uri : String(uri);
  const host = hostDisplay(url.hostname)?.display ?? url.host;
  let path = url.pathname === '/' ? '' : decodeSafe(url.pathname).replace(/\/$/, '');
  if (codePointLength(path) > maxPath) {
    const parts = path.split('/').filter(Boolean);
    const last = parts[parts.length - 1] ?? '';
    path = parts.length > 2 && codePointLength(last) < maxPath - 4 ? `/${truncate(parts[0]!, 12)}/…/${last}` : truncate(path, maxPath);
  }
  return host ? host + path : url.href;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
