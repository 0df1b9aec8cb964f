/**
 * Pure helpers of the file preview: which files render as Markdown, the
 * remembered Rendered/Raw choice, text/binary tests, breadcrumb segments.
 */
import { basename, extensionOf } from '../../model/present.js';
import type { QaSourceReference } from '../../model/types.js';
import { revealHidden } from '../../model/text.js';
import type { QaPreviewMode } from '../shared/events.js';

/** Extensions that open Rendered by default. */
export const MARKDOWN_EXTENSIONS: ReadonlySet<string> = new Set(['md', 'markdown', 'mdown', 'mkd', 'mkdn']);
/** Default `maxBytes`: larger files show the too-large state. */
export const DEFAULT_MAX_BYTES = 2_000_000;
/** Default `maxMarkdownRenderBytes`: larger Markdown opens Raw with a notice. */
export const DEFAULT_MAX_MARKDOWN_RENDER_BYTES = 1_000_000;
/** Breadcrumbs with more segments keep the first one and the last two. */
const MAX_CRUMBS = 4;
const STORAGE_PREFIX = 'qa-sources-kit:preview-mode:';

/** True for a Markdown file (by extension). */
export function isMarkdownPath(path: string): boolean {
  return MARKDOWN_EXTENSIONS.has(extensionOf(path));
}

/** The Rendered/Raw choice remembered for an extension in this browser session, or null. */
export function rememberedMode(extension: string): QaPreviewMode | null {
  try {
    const v = globalThis.sessionStorage?.getItem(STORAGE_PREFIX + extension);
    return v === 'rendered' || v === 'raw' ? v : null;
  } catch {
    return null;
  }
}

/** Remembers a Rendered/Raw choice for an extension (silently skipped where storage is not allowed). */
export function rememberMode(extension: string, mode: QaPreviewMode): void {
  try {
    globalThis.sessionStorage?.setItem(STORAGE_PREFIX + extension, mode);
  } catch {
    // Storage is off (private mode, sandboxed frame): the choice lasts as long as the element.
  }
}

const TEXT_MIME = /^(text\/|application\/(json|ld\+json|xml|javascript|ecmascript|x-javascript|typescript|x-typescript|yaml|x-yaml|toml|x-toml|x-sh|x-shellscript|sql|graphql|x-httpd-php|x-ndjson|csv|manifest\+json|x-www-form-urlencoded)\b|[a-z]+\/[\w.+-]*\+(json|xml)\b|image\/svg\+xml)/i;

/** True when the host's MIME type says the content is not text (images, archives, `application/octet-stream`…). */
export function isBinaryMime(mime: string | undefined): boolean {
  if (!mime) return false;
  const m = mime.trim().toLowerCase();
  if (m === '') return false;
  return !TEXT_MIME.test(m);
}

/** True when text holds NUL characters: decoded binary, not a document. */
export function hasNulBytes(text: string): boolean {
  return text.includes('\u0000');
}

/** One segment of the breadcrumb. */
export interface Crumb {
  text: string;
  /** True for the `…` stand-in of elided middle segments. */
  elided: boolean;
}

/** Path segments for the breadcrumb (hidden characters made visible); long paths keep the first and the last two. */
export function crumbs(path: string, expanded = false): Crumb[] {
  const parts = path
    .split(/[\\/]+/)
    .filter((s) => s !== '' && s !== '.')
    .map((s) => revealHidden(s).text);
  if (expanded || parts.length <= MAX_CRUMBS) return parts.map((text) => ({ text, elided: false }));
  return [{ text: parts[0]!, elided: false }, { text: '…', elided: true }, ...parts.slice(-2).map((text) => ({ text, elided: false }))];
}

/** How long a download's object URL stays valid (the browser has started the download by then). */
const DOWNLOAD_URL_LIFETIME_MS = 30_000;

/** Downloads `text` as a UTF-8 file named `name`, through a Blob and a short-lived anchor inside `root`. */
export function downloadText(root: Node, text: string, name: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.hidden = true;
  root.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), DOWNLOAD_URL_LIFETIME_MS);
}

/** The file source a relative link in a previewed document stands for. */
export function fileSource(path: string): QaSourceReference {
  return { id: `file:${path}`, kind: 'file', title: basename(path), path, locations: [{ path }], evidence: 'read', origins: [], score: 0 };
}
