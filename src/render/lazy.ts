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
  /** A load is under way (its outcome is what `load()` gives now). */
  loading(): boolean;
}

/** The module `importer` imports (a literal `import()`, so bundlers see it), loaded once. */
export function lazyModule<T>(importer: () => Promise<T>): LazyModule<T> {
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
    loading: () => pending !== null && module === null,
  };
}
