/**
 * The raw view (virtualized rows, line selection, wrapping, the overview
 * ruler) is a lazy chunk of its own: a page that shows only the panel and
 * the footer never downloads it, and a preview fetches it once the page is
 * idle after the preview is connected (or with its first file, if that
 * comes sooner).
 */
export type RawViewModule = typeof import('./raw-view.js');

let pending: Promise<RawViewModule> | null = null;
let loaded: RawViewModule | null = null;

/** Loads the raw view once; a failed load (a missing chunk, a dropped connection) is tried again on the next call. */
export function loadRawView(): Promise<RawViewModule> {
  pending ??= import('./raw-view.js').then(
    (m) => (loaded = m),
    (error: unknown) => {
      pending = null;
      throw error;
    },
  );
  return pending;
}

/** The raw view's module once it is loaded, else null. */
export function loadedRawView(): RawViewModule | null {
  return loaded;
}
