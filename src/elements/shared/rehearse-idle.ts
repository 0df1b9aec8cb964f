/**
 * Where panel and footer ask for their rehearsal (rehearse.ts), a lazy
 * chunk of its own, so the initial load carries only this: fetched when
 * they are defined (0.7 KB), run once the page is idle. A chunk that
 * cannot be loaded leaves the first render as it would be without a
 * rehearsal.
 */
import { whenIdle } from '../../render/tasks.js';

/** Rehearses the first render of `tag` once the page is idle. */
export function rehearseWhenIdle(tag: string): void {
  const part = import('./rehearse.js').catch(() => undefined);
  whenIdle(() => part.then((m) => m?.rehearse(tag)));
}
