/** Test fixtures for the Markdown renderer: a shadow-root container styled like the preview's. */
import { base, tokens } from '../../../src/elements/shared/styles.js';
import { markdownStyles, renderMarkdown, type MarkdownRenderOptions, type MarkdownRenderResult } from '../../../src/render/markdown/index.js';
import { until } from '../../wait.js';

export const ID_PREFIX = 'qa1-';

export interface Mounted {
  host: HTMLElement;
  container: HTMLElement;
  remove(): void;
}

/** A host element with an open shadow root holding a `.qa-markdown` container (part `markdown`). */
export function mount(lang = 'en'): Mounted {
  const host = document.createElement('div');
  host.lang = lang;
  host.style.cssText = 'display:block;inline-size:720px;block-size:600px;overflow:auto';
  const root = host.attachShadow({ mode: 'open' });
  root.adoptedStyleSheets = [tokens.styleSheet!, base.styleSheet!, markdownStyles.styleSheet!];
  const container = document.createElement('div');
  container.className = 'qa-markdown';
  container.setAttribute('part', 'markdown');
  root.append(container);
  document.body.prepend(host);
  return { host, container, remove: () => host.remove() };
}

/** Renders into a fresh mount. */
export async function render(source: string, options: Partial<MarkdownRenderOptions> = {}): Promise<Mounted & { result: MarkdownRenderResult }> {
  const m = mount();
  const result = await renderMarkdown(m.container, source, { path: 'docs/guide/readme.md', idPrefix: ID_PREFIX, ...options });
  return { ...m, result };
}

/** Waits until `check` holds (see test/wait.ts). */
export async function waitFor(check: () => boolean, what = 'a condition'): Promise<void> {
  await until(check, what);
}

const corpusCache = new Map<string, string>();

/** A corpus document, fetched from the test server. */
export async function corpus(name: string): Promise<string> {
  let text = corpusCache.get(name);
  if (text === undefined) {
    const res = await fetch(`/stories/fixtures/corpus/${name}`);
    if (!res.ok) throw new Error(`corpus file ${name}: HTTP ${res.status}`);
    text = await res.text();
    corpusCache.set(name, text);
  }
  return text;
}

/** The corpus file names, read from its SOURCES.md table. */
export async function corpusNames(): Promise<string[]> {
  const sources = await (await fetch('/stories/fixtures/corpus/SOURCES.md')).text();
  return [...sources.matchAll(/^\| `([^`]+\.md)` \|/gm)].map((m) => m[1]!);
}

/** A synthetic Markdown document of about `bytes` characters mixing every common block type. */
export function syntheticMarkdown(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const section = `## Section ${i}

Paragraph ${i} with **bold**, _emphasis_, \`inline code\`, a [link](https://example.com/${i}) and a [relative link](../other-${i % 7}.md).
Second line of the paragraph with some more words to make it wrap across the preview at narrow widths.

- item one ${i}
- item two with \`code\`
  - nested item
- [ ] a task

| column a | column b | column c |
|---|:-:|--:|
| ${i} | b${i} | c${i} |
| x | y | z |

\`\`\`ts
export function f${i}(a: number): number {
  return a * ${i};
}
\`\`\`

> A quote ${i} that goes on for a while.

`;
    parts.push(section);
    size += section.length;
  }
  return parts.join('');
}
