/**
 * `<qa-source-footer>` given a generated payload: render (DOM updated) and
 * painted, DOM size — first for the first footer on a fresh page (one-time
 * costs included), then for a second one with another payload of the same
 * size (a later answer: code warm, the payload new).
 */
import { generatedPayload } from '../../../stories/fixtures/payloads.js';
import { loadKit, sourcesElement } from '../kit.js';
import { countElements, longestTask, mark, measure, painted, profileEnd, profileStart, stage } from '../measure.js';
import type { Metrics } from '../types.js';

export function prepare(): Promise<string[]> {
  return loadKit(['qa-source-footer']);
}

async function once(box: HTMLElement, json: string, label: string): Promise<Metrics> {
  const payload: unknown = JSON.parse(json);
  const t0 = performance.now();
  profileStart(label);
  mark(`${label}-start`);
  const el = sourcesElement('qa-source-footer', payload);
  box.replaceChildren(el);
  await el.updateComplete;
  mark(`${label}-ready`);
  profileEnd(label);
  await painted();
  mark(`${label}-painted`);
  return {
    render: measure(`${label}-render`, `${label}-start`, `${label}-ready`),
    painted: measure(label, `${label}-start`, `${label}-painted`),
    longestTask: await longestTask(t0),
    dom: countElements(el),
  };
}

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const json = JSON.stringify(generatedPayload(Number(params.n)));
  const box = stage(720, 200);
  await painted();
  const first = await once(box, json, 'first');
  const later = await once(box, json, 'later');
  return { ...first, warmRender: later.render, warmPainted: later.painted, warmLongestTask: later.longestTask };
}
