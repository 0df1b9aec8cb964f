/**
 * Parts of the preview that come as lazy chunks of their own: the raw view
 * (virtualized rows, line selection, wrapping, the overview ruler) and find
 * (the bar, the search over the whole text, the marks). A page that shows
 * only the panel and the footer never downloads them; a preview fetches them
 * once the page is idle after it is connected, or when they are first
 * needed, if that comes sooner.
 */
export type RawViewModule = typeof import('./raw-view.js');
export type FindModule = typeof import('./find-bar.js');

/** A module loaded once; a failed load (a missing chunk, a dropped connection) is tried again on the next call. */
export interface LazyPart<T> {
  load(): Promise<T>;
  /** The module once it is loaded, else null. */
  loaded(): T | null;
}

function lazyPart<T>(importer: () => Promise<T>): LazyPart<T> {
  let pending: Promise<T> | null = null;
  let module: T | null = null;
  return {
    load() {
      pending ??= importer().then(
        (m) => (module = m),
        (error: unknown) => {
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    loaded: () => module,
  };
}

export const rawViewPart: LazyPart<RawViewModule> = lazyPart(() => import('./raw-view.js'));
export const findPart: LazyPart<FindModule> = lazyPart(() => import('./find-bar.js'));
