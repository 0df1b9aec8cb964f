/**
 * Small helpers of the file preview: its limits, the remembered Rendered/Raw
 * and Wrap choices, line counts, breadcrumb segments, downloads. What a
 * file's name says (language, Markdown) is in `src/workspace/languages.ts`.
 */
import type { QaSourceReference } from '../../model/types.js';
import { revealHidden } from '../../model/text.js';
import { basename, elideSegments, pathSegments } from '../../workspace/paths.js';
import type { QaPreviewMode } from '../../events.js';

/** Default `maxBytes`: larger files show the too-large state. */
export const DEFAULT_MAX_BYTES = 2_000_000;
/** Default `maxMarkdownRenderBytes`: larger Markdown opens Raw with a notice. */
export const DEFAULT_MAX_MARKDOWN_RENDER_BYTES = 1_000_000;
/** Default `timeoutMs`: a read that takes longer than this shows the timeout state. */
export const DEFAULT_READ_TIMEOUT_MS = 30_000;
/** Breadcrumbs with more segments keep the first one and the last two. */
const MAX_CRUMBS = 4;
const STORAGE_PREFIX = 'qa-sources-kit:preview-mode:';

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

/** Lines of a text as an editor counts them: a final line break does not start another line. */
export function lineCountOf(text: string): number {
  if (text === '') return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n += 1;
  return text.endsWith('\n') ? n - 1 : n;
}

/** A file name as the preview shows it (labels, download name): hidden and direction-changing characters as visible markers. */
export function shownName(path: string): string {
  return revealHidden(basename(path)).text;
}

/** One segment of the breadcrumb. */
export interface Crumb {
  text: string;
  /** True for the `…` stand-in of elided middle segments. */
  elided: boolean;
}

/** Path segments for the breadcrumb (hidden characters made visible); long paths keep the first and the last two. */
export function crumbs(path: string, expanded = false): Crumb[] {
  const parts = pathSegments(path).map((s) => revealHidden(s).text);
  return elideSegments(parts, expanded ? Infinity : MAX_CRUMBS, 2).map((text) => (text === null ? { text: '…', elided: true } : { text, elided: false }));
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

/** The focused element inside `root`, through nested shadow roots. */
export function activeIn(root: Document | ShadowRoot | null): HTMLElement | null {
  let el = root?.activeElement ?? null;
  while (el?.shadowRoot?.activeElement) el = el.shadowRoot.activeElement;
  return el instanceof HTMLElement ? el : null;
}
