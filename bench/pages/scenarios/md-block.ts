/**
 * Peer: `<md-block>` with its defaults (marked, Prism when present, no
 * sanitizer unless `untrusted`). It imports marked from a CDN unless a global
 * `marked` exists: the page provides marked 4 (the API md-block is written
 * for) from node_modules, and md-block's own Prism build. With `second`, a
 * short document is rendered (and removed) before the measured one.
 */
import { marked } from 'marked-v4';
import 'md-block/prism.js';
import prismCss from 'md-block/prism.css?url';
import { countElements, longestTask, mark, measure, painted, SHORT_MARKDOWN, stage, whenAttribute, workload } from '../measure.js';
import type { Metrics } from '../types.js';

interface MdBlock extends HTMLElement {
  mdContent: string;
}

export async function prepare(): Promise<string[]> {
  (window as unknown as { marked: unknown }).marked = marked;
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = prismCss;
  document.head.append(link);
  await import('md-block/md-block.js');
  return [];
}

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const { text } = await workload(String(params.w));
  const box = stage();
  if (params.second === true) {
    // A short document rendered first: the page has rendered Markdown once before the measured one.
    const warm = document.createElement('md-block') as MdBlock;
    warm.mdContent = SHORT_MARKDOWN;
    const ready = whenAttribute(warm, 'rendered');
    box.append(warm);
    await ready;
    await painted();
    warm.remove();
  }
  const el = document.createElement('md-block') as MdBlock;
  el.className = 'doc';
  el.mdContent = text;
  await painted();

  const t0 = performance.now();
  mark('md-block-start');
  const rendered = whenAttribute(el, 'rendered');
  box.append(el);
  await rendered;
  await painted();
  mark('md-block-painted');
  return {
    painted: measure('md-block', 'md-block-start', 'md-block-painted'),
    longestTask: await longestTask(t0),
    dom: countElements(el),
  };
}
