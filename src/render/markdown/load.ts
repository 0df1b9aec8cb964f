/**
 * The Markdown renderer (sanitizer, decoration, the parsing worker's client)
 * is its own lazy chunk: a page that shows only the panel and the footer
 * never downloads it, and a preview fetches it once the page is idle after
 * the preview is connected (or with its first Markdown file, if that comes
 * sooner).
 */
import { lazyModule } from '../lazy.js';

export type MarkdownRenderer = typeof import('./index.js');

const renderer = lazyModule<MarkdownRenderer>(() => import('./index.js'));

/** Loads the renderer once; a failed load (say, a dropped connection) is tried again on the next call. */
export function loadMarkdownRenderer(): Promise<MarkdownRenderer> {
  return renderer.load();
}
