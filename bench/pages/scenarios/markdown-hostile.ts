/**
 * Documents built to cost time (formatting reconstruction, deep nesting):
 * open one in `<qa-file-preview>` (Rendered asked for) and measure the time
 * to its final state (`qa-rendered`, whichever mode it settles in: over the
 * work budget it is Raw) and the longest main-thread task meanwhile.
 */
import { loadKit, newPreview } from '../kit.js';
import { countElements, longestTask, mark, measure, painted, stage, whenEvent, workload } from '../measure.js';
import type { Metrics } from '../types.js';

export async function prepare(): Promise<string[]> {
  return loadKit(['qa-file-preview']);
}

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const { path, text } = await workload(String(params.w));
  const el = await newPreview(stage(), { [path]: text });
  const t0 = performance.now();
  mark('hostile-start');
  const rendered = whenEvent<CustomEvent<{ mode: string }>>(el, 'qa-rendered', 60_000);
  el.path = path;
  const event = await rendered;
  await painted();
  mark('hostile-final');
  return {
    final: measure('hostile', 'hostile-start', 'hostile-final'),
    longestTask: await longestTask(t0),
    mode: event.detail.mode,
    dom: countElements(el),
  };
}
