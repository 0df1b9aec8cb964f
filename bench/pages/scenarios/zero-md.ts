/**
 * Peer: `<zero-md>` (v3) with its default features (marked, GFM heading ids,
 * alerts, highlight.js on every fence, no sanitizer). Its loaders normally
 * import libraries from a CDN; here each loader imports the same package
 * from node_modules, and its style sheets are local copies.
 */
import ZeroMd, { STYLES } from 'zero-md';
import markdownCss from 'github-markdown-css/github-markdown.css?url';
import highlightCss from '@highlightjs/cdn-assets/styles/github.min.css?url';
import { countElements, longestTask, mark, measure, painted, stage, whenEvent, workload } from '../measure.js';
import type { Metrics } from '../types.js';

const offline = (name: string) => () => Promise.reject(new Error(`${name} is not available offline in the benchmark`));

class LocalZeroMd extends ZeroMd {
  override async load(): Promise<void> {
    await super.load({
      marked: async () => new (await import('marked')).Marked({ async: true }),
      markedBaseUrl: async () => (await import('marked-base-url')).baseUrl,
      markedHighlight: async () => (await import('marked-highlight')).markedHighlight,
      markedGfmHeadingId: async () => (await import('marked-gfm-heading-id')).gfmHeadingId,
      markedAlert: async () => (await import('marked-alert')).default,
      hljs: async () => (await import('@highlightjs/cdn-assets/es/highlight.min.js')).default,
      mermaid: offline('mermaid'),
      katex: offline('katex'),
    });
    this.template = `${STYLES.HOST}<link rel="stylesheet" href="${markdownCss}"><link rel="stylesheet" href="${highlightCss}">`;
  }
}
customElements.define('zero-md', LocalZeroMd);

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const { text } = await workload(String(params.w));
  const box = stage();
  const el = document.createElement('zero-md');
  el.className = 'doc';
  const script = document.createElement('script');
  script.type = 'text/markdown';
  script.text = text;
  el.append(script);
  await painted();

  const t0 = performance.now();
  mark('zero-md-start');
  const rendered = whenEvent(el, 'zero-md-rendered');
  box.append(el);
  await rendered;
  await painted();
  mark('zero-md-painted');
  return {
    painted: measure('zero-md', 'zero-md-start', 'zero-md-painted'),
    longestTask: await longestTask(t0),
    dom: countElements(el),
  };
}
