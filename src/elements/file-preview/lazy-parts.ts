/**
 * Parts of the preview that come as lazy chunks of their own: the raw view
 * (virtualized rows, line selection, wrapping, the overview ruler) and find
 * (the bar, the search over the whole text, the marks). A page that shows
 * only the panel and the footer never downloads them; a preview fetches them
 * once the page is idle after it is connected, or when they are first
 * needed, if that comes sooner.
 */
import { lazyModule, type LazyModule } from '../../render/lazy.js';

export type RawViewModule = typeof import('./raw-view.js');
export type FindModule = typeof import('./find-bar.js');

export const rawViewPart: LazyModule<RawViewModule> = lazyModule(() => import('./raw-view.js'));
export const findPart: LazyModule<FindModule> = lazyModule(() => import('./find-bar.js'));
