/**
 * Pure helpers of the file preview: which files render as Markdown, the
 * remembered Rendered/Raw choice, text/binary tests, breadcrumb segments.
 */
import { checkWorkspacePath } from '../../host/paths.js';
import type { QaFileContent } from '../../host/types.js';
import { basename, extensionOf } from '../../model/present.js';
import type { QaSourceReference } from '../../model/types.js';
import { revealHidden } from '../../model/text.js';
import type { QaPreviewMode } from '../../events.js';

/** Extensions that open Rendered by default. */
export const MARKDOWN_EXTENSIONS: ReadonlySet<string> = new Set(['md', 'markdown', 'mdown', 'mkd', 'mkdn']);
/** Default `maxBytes`: larger files show the too-large state. */
export const DEFAULT_MAX_BYTES = 2_000_000;
/** Default `maxMarkdownRenderBytes`: larger Markdown opens Raw with a notice. */
export const DEFAULT_MAX_MARKDOWN_RENDER_BYTES = 1_000_000;
/** Default `timeoutMs`: a read that takes longer than this shows the timeout state. */
export const DEFAULT_READ_TIMEOUT_MS = 30_000;
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

const WRAP_KEY = 'qa-sources-kit:preview-wrap';

/** The Wrap lines choice remembered in this browser session (off when none was made). */
export function rememberedWrap(): boolean {
  try {
    return globalThis.sessionStorage?.getItem(WRAP_KEY) === 'on';
  } catch {
    return false;
  }
}

/** Remembers the Wrap lines choice for this browser session (silently skipped where storage is not allowed). */
export function rememberWrap(on: boolean): void {
  try {
    globalThis.sessionStorage?.setItem(WRAP_KEY, on ? 'on' : 'off');
  } catch {
    // Storage is off: the choice lasts as long as the element.
  }
}

/** Names of languages whose id does not read as the name (`csharp`, `typescript`), for the header. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  bat: 'Batch', cpp: 'C++', csharp: 'C#', css: 'CSS', dotenv: '.env', fsharp: 'F#', graphql: 'GraphQL', hcl: 'HCL', html: 'HTML',
  http: 'HTTP', ini: 'INI', javascript: 'JavaScript', json: 'JSON', json5: 'JSON5', jsonc: 'JSON with comments', jsonl: 'JSON Lines',
  jsx: 'JSX', latex: 'LaTeX', objc: 'Objective-C', 'objective-c': 'Objective-C', php: 'PHP', powershell: 'PowerShell', scss: 'SCSS',
  shellscript: 'Shell', sql: 'SQL', svelte: 'Svelte', toml: 'TOML', tsx: 'TSX', typescript: 'TypeScript', vue: 'Vue', xml: 'XML', yaml: 'YAML',
};

/** A language id (`typescript`) as people name it (`TypeScript`). */
export function languageName(id: string): string {
  return LANGUAGE_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}

/** Lines of a text as an editor counts them: a final line break does not start another line. */
export function lineCountOf(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n += 1;
  return text.endsWith('\n') ? n - 1 : n;
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

function normalPath(p: string): string | null {
  const check = checkWorkspacePath(p);
  return check.ok ? check.path.normalize('NFC') : null;
}

/**
 * True when a host's answer names the path that was asked for: the same
 * workspace path once `./` and doubled slashes are dropped and both are in
 * the same Unicode form. A path that is not a workspace path (absolute, with
 * `..`, a URL) only matches itself.
 */
export function samePath(answered: string, requested: string): boolean {
  const a = normalPath(answered);
  const r = normalPath(requested);
  if (a !== null && r !== null) return a === r;
  return a === null && r === null && answered.normalize('NFC') === requested.normalize('NFC');
}

/**
 * A host's answer to a read, as a file: null unless it has the documented
 * shape and is for the path asked for (see `samePath`). Never throws, reads
 * each field once (a getter cannot answer twice), and never trusts the
 * declared size below the content's own length; content longer than
 * `maxBytes` is cut and marked truncated, so a host that under-declares
 * cannot make the preview lay out more than that.
 */
export function readAnswer(answer: unknown, requested: string, maxBytes: number): QaFileContent | null {
  try {
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return null;
    const { path, content, size, truncated, mime } = answer as Record<string, unknown>;
    if (typeof path !== 'string' || typeof content !== 'string' || !samePath(path, requested)) return null;
    const declared = typeof size === 'number' && Number.isFinite(size) && size >= 0 ? size : 0;
    let text = content;
    let cut = truncated === true;
    if (maxBytes >= 0 && text.length > maxBytes) {
      const end = Math.floor(maxBytes);
      // Never end on the first half of a surrogate pair.
      text = text.slice(0, end > 0 && /[\uD800-\uDBFF]/.test(text[end - 1]!) ? end - 1 : end);
      cut = true;
    }
    return { path, content: text, size: Math.max(declared, content.length), truncated: cut, mime: typeof mime === 'string' ? mime : undefined };
  } catch {
    return null;
  }
}
