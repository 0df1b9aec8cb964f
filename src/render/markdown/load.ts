/**
 * The Markdown renderer (sanitizer, decoration, the parsing worker's client)
 * is its own lazy chunk: a page that shows only the panel and the footer
 * never downloads it, and a preview fetches it once the page is idle after
 * the preview is connected (or with its first Markdown file, if that comes
 * sooner).
 */
export type MarkdownRenderer = typeof import('./index.js');

let pending: Promise<MarkdownRenderer> | null = null;

/** Loads the renderer once; a failed load (say, a dropped connection) is tried again on the next call. */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer> {
  pending ??= import('./index.js').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}
