/**
 * Byte-level text helpers shared by the hosts and the file endpoint: UTF-8
 * sizes, excerpts cut on a character boundary, and the text/binary test.
 * Pure: no DOM and no Node APIs.
 */

/** How many leading bytes the text/binary test looks at. */
export const SNIFF_BYTES = 1024;

const encoder = new TextEncoder();

const NON_ASCII = /[^\x00-\x7F]/;

/** Size of `text` in UTF-8 bytes (a lone surrogate counts as the 3 bytes of U+FFFD, as `TextEncoder` writes it). */
export function utf8ByteLength(text: string): number {
  // Files are mostly ASCII: the first other character is found natively (a
  // 2 MB source file in about a millisecond) and only the rest is counted here.
  const first = text.search(NON_ASCII);
  if (first < 0) return text.length;
  let n = first;
  for (let i = first; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/**
 * The largest `end <= limit` such that `bytes[0..end)` ends on a whole UTF-8
 * character: a cut never splits a multi-byte sequence.
 */
export function utf8Boundary(bytes: Uint8Array, limit: number): number {
  let end = Math.max(0, Math.min(limit, bytes.length));
  if (end === bytes.length) return end;
  // Step back over continuation bytes (10xxxxxx) to the lead byte of the character that straddles the cut.
  let i = end;
  while (i > 0 && i > end - 4 && (bytes[i]! & 0xc0) === 0x80) i--;
  return i;
}

/** The start of `text` that fits in `maxBytes` UTF-8 bytes, cut on a character boundary. */
export function utf8Excerpt(text: string, maxBytes: number): { text: string; truncated: boolean; size: number } {
  const size = utf8ByteLength(text);
  if (size <= maxBytes) return { text, truncated: false, size };
  const bytes = encoder.encode(text);
  const end = utf8Boundary(bytes, maxBytes);
  return { text: new TextDecoder().decode(bytes.subarray(0, end)), truncated: true, size };
}

/**
 * True when the first `SNIFF_BYTES` of a file look binary: a NUL byte, or
 * bytes that are not UTF-8 (an incomplete character at the very end of the
 * sample is fine: the sample may cut one).
 */
export function looksBinary(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, Math.min(bytes.length, SNIFF_BYTES));
  if (sample.includes(0)) return true;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(sample, { stream: true });
    return false;
  } catch {
    return true;
  }
}

/** The string counterpart of `looksBinary`, for hosts that hold text already: a NUL in the first `SNIFF_BYTES` characters. */
export function textLooksBinary(text: string): boolean {
  return text.slice(0, SNIFF_BYTES).includes('\0');
}

const MIME_BY_EXTENSION: Record<string, string> = {
  md: 'text/markdown',
  markdown: 'text/markdown',
  mdx: 'text/markdown',
  txt: 'text/plain',
  json: 'application/json',
  jsonc: 'application/json',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  ts: 'text/typescript',
  mts: 'text/typescript',
  cts: 'text/typescript',
  tsx: 'text/tsx',
  jsx: 'text/jsx',
  css: 'text/css',
  html: 'text/html',
  htm: 'text/html',
  xml: 'application/xml',
  svg: 'image/svg+xml',
  yaml: 'application/yaml',
  yml: 'application/yaml',
  toml: 'application/toml',
  csv: 'text/csv',
  py: 'text/x-python',
  cs: 'text/x-csharp',
  java: 'text/x-java',
  go: 'text/x-go',
  rs: 'text/x-rust',
  sh: 'text/x-shellscript',
  sql: 'application/sql',
};

/**
 * The media type of a text file by its extension (`text/plain` when
 * unknown). Informational only: the kit never renders content by its type
 * other than choosing Markdown vs raw.
 */
export function mimeForPath(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  const ext = dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
  return Object.prototype.hasOwnProperty.call(MIME_BY_EXTENSION, ext) ? MIME_BY_EXTENSION[ext]! : 'text/plain';
}
