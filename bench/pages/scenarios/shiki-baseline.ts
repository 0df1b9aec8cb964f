/**
 * Baseline: shiki on the whole file on the main thread, the same way the kit
 * uses it (fine-grained core, JavaScript regex engine, one grammar and one
 * theme loaded on demand), then the HTML inserted at once.
 */
import { createHighlighterCore } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { countElements, longestTask, mark, measure, painted, stage, workload } from '../measure.js';
import type { Metrics } from '../types.js';

const LANGS: Record<string, () => Promise<unknown>> = {
  ts: () => import('@shikijs/langs/typescript'),
  js: () => import('@shikijs/langs/javascript'),
};

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const { path, text } = await workload(String(params.w));
  const ext = path.endsWith('.ts') ? 'ts' : 'js';
  const box = stage();
  const raw = document.createElement('div');
  raw.className = 'raw';
  box.append(raw);
  await painted();

  const t0 = performance.now();
  mark('shiki-start');
  const highlighter = await createHighlighterCore({
    themes: [import('@shikijs/themes/github-light-default')],
    langs: [LANGS[ext]!() as never],
    engine: createJavaScriptRegexEngine(),
  });
  mark('shiki-ready');
  const html = highlighter.codeToHtml(text, { lang: ext === 'ts' ? 'typescript' : 'javascript', theme: 'github-light-default' });
  mark('shiki-highlighted');
  // The page has no CSP: the plain way, shiki's HTML (with inline colours) inserted at once.
  raw.innerHTML = html;
  await painted();
  mark('shiki-painted');
  return {
    painted: measure('shiki', 'shiki-start', 'shiki-painted'),
    load: measure('shiki-load', 'shiki-start', 'shiki-ready'),
    highlight: measure('shiki-highlight', 'shiki-ready', 'shiki-highlighted'),
    longestTask: await longestTask(t0),
    dom: countElements(raw),
  };
}
