/**
 * Parts of the preview that come as lazy chunks of their own: the raw view
 * (virtualized rows, line selection, wrapping, the overview ruler) and find
 * (the bar, the search over the whole text, the marks). The raw view, which
 * the first rows of every file wait for, loads once the page is idle after
 * the preview is defined (a few KB), and at once when a preview is
 * connected before that. Find loads once the page is idle after a preview
 * is connected, or when it is first needed, if that comes sooner: a page
 * that shows only the panel and the footer never downloads it. Each part's
 * styles come with it and go into the part's sheet as it arrives.
 */
import { lazyModule, type LazyModule } from '../../render/lazy.js';
import { fillPartSheet, type PreviewPart } from './part-sheets.js';

export type RawViewModule = typeof import('./raw-view.js');
export type FindModule = typeof import('./find-bar.js');

/** A part whose module brings its styles: they go into the part's sheet as the module arrives. */
function styledPart<T>(part: PreviewPart, importer: () => Promise<T>, css: (module: T) => string): LazyModule<T> {
  return lazyModule(() =>
    importer().then((module) => {
      fillPartSheet(part, css(module));
      return module;
    }),
  );
}

export const rawViewPart: LazyModule<RawViewModule> = styledPart(
  'raw',
  () => import('./raw-view.js'),
  (m) => m.rawViewCss,
);
export const findPart: LazyModule<FindModule> = styledPart(
  'find',
  () => import('./find-bar.js'),
  (m) => m.findCss,
);
