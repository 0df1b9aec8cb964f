/** Baseline: a raw view with one DOM row per line (line number + text), inserted at once. */
import { countElements, longestTask, mark, measure, painted, stage, workload } from '../measure.js';
import type { Metrics } from '../types.js';

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const { text } = await workload(String(params.w));
  const box = stage();
  const raw = document.createElement('div');
  raw.className = 'raw';
  box.append(raw);
  await painted();

  const t0 = performance.now();
  mark('rows-start');
  const frag = document.createDocumentFragment();
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const row = document.createElement('div');
    const n = document.createElement('span');
    n.className = 'n';
    n.textContent = String(i + 1);
    row.append(n, lines[i]!);
    frag.append(row);
  }
  raw.append(frag);
  await painted();
  mark('rows-painted');
  return {
    painted: measure('rows', 'rows-start', 'rows-painted'),
    longestTask: await longestTask(t0),
    dom: countElements(raw),
  };
}
