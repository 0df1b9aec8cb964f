/**
 * A lazy chunk of the kit's own code (the Markdown renderer and the page's
 * copy of its parser, the highlighter's client, the preview's raw view and
 * find): imported once, on first use; a failed import (a missing chunk, a
 * dropped connection) is tried again on the next call.
 */
export interface LazyModule<T> {
  load(): Promise<T>;
  /** The module once it is loaded, else null. */
  loaded(): T | null;
}

/**
 * The module `importer` imports (a literal `import()`, so bundlers see it),
 * loaded once. A call that joins a load already under way, which then fails,
 * gets one attempt of its own: a load begun earlier (an idle preload made
 * while the chunk could not be had) does not answer a later call, such as a
 * Retry made once the chunk is back.
 */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
  let pending: Promise<T> | null = null;
  let module: T | null = null;
  const start = (): Promise<T> =>
    (pending = importer().then(
      (m) => (module = m),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  return {
    load() {
      if (!pending) return start();
      if (module !== null) return pending;
      const joined = pending;
      // Another call may have begun the next attempt by then: that one is joined instead.
      return joined.catch(() => pending ?? start());
    },
    loaded: () => module,
  };
}
