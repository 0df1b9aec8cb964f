/**
 * Where panel and footer ask for their rehearsal (rehearse.ts): once the
 * page is idle after their definition, from a lazy chunk of its own, so
 * the initial load carries only this. A chunk that cannot be loaded leaves
 * the first render as it would be without a rehearsal.
 */
import { whenIdle } from '../../render/tasks.js';

/** Rehearses the first render of `tag` once the page is idle. */
export function rehearseWhenIdle(tag: string): void {
  whenIdle(() => void import('./rehearse.js').then((m) => m.rehearse(tag)).catch(() => undefined));
}
