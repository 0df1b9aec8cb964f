/**
 * `parseTurnSources` + `presentSources` on a generated payload: the first
 * call on a fresh page (what a payload arriving once costs) and the median
 * of further calls (warmed up).
 */
import { parseTurnSources, presentSources } from '../../../src/model/index.js';
import { generatedPayload } from '../../../stories/fixtures/payloads.js';
import { mark, measure, nextTask, profileEnd, profileStart } from '../measure.js';
import type { Metrics } from '../types.js';

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const n = Number(params.n);
  // Payloads arrive as JSON from the host: measure on a freshly parsed object each time.
  const json = JSON.stringify(generatedPayload(n));
  const once = (label: string) => {
    const input: unknown = JSON.parse(json);
    mark(`${label}-start`);
    const { value } = parseTurnSources(input);
    mark(`${label}-parsed`);
    const view = presentSources(value, { threshold: 50 });
    mark(`${label}-end`);
    return {
      total: measure(label, `${label}-start`, `${label}-end`),
      parse: measure(`${label}-parse`, `${label}-start`, `${label}-parsed`),
      count: view.count,
    };
  };
  profileStart('first-call');
  const cold = once('model-cold');
  profileEnd('first-call');
  // Lets the finished profile reach the runner before the page answers (no effect on the measured calls).
  await nextTask();
  const warm: number[] = [];
  for (let i = 0; i < 15; i++) warm.push(once(`model-warm-${i}`).total);
  warm.sort((a, b) => a - b);
  return { cold: cold.total, coldParse: cold.parse, warm: warm[7]!, count: cold.count };
}
