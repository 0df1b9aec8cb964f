/**
 * Baseline: markdown-it + DOMPurify + insert, all at once, on the main thread
 * (the naive way to show a Markdown file safely), with markdown-it as it is
 * published (the kit's builds rewrite its class fields: scripts/plain-fields.mjs).
 * Its `entities` module is the page's one, built as the kit ships it (the HTML
 * table unpacked on first use: scripts/entity-table.mjs); that is outside what
 * this row times, as the modules load before its timer starts and the
 * workloads have no named character references.
 */
import MarkdownIt from 'markdown-it?as-published';
import DOMPurify from 'dompurify?as-published';
import { countElements, longestTask, mark, measure, painted, profileEnd, profileStart, stage, workload } from '../measure.js';
import type { Metrics } from '../types.js';

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const { text } = await workload(String(params.w));
  const box = stage();
  const doc = document.createElement('div');
  doc.className = 'doc';
  box.append(doc);
  await painted();

  const t0 = performance.now();
  profileStart('whole');
  mark('baseline-start');
  const md = new MarkdownIt({ linkify: true });
  const frag = DOMPurify.sanitize(md.render(text), { RETURN_DOM_FRAGMENT: true });
  doc.replaceChildren(frag);
  await painted();
  mark('baseline-painted');
  profileEnd('whole');
  return {
    painted: measure('baseline', 'baseline-start', 'baseline-painted'),
    longestTask: await longestTask(t0),
    dom: countElements(doc),
  };
}
