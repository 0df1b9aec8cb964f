/**
 * Type-level tests, checked by `tsc -p tsconfig.json` (the build's type
 * check): the DOM knows the kit's tags and events, and the React wrappers
 * type their props and event props. Nothing here runs; a wrong type fails
 * the build, and each `@ts-expect-error` fails it when the error goes away.
 */
import * as React from 'react';
import type { QaFileContent, QaSourceReference, QaSourcesHost, QaTurnSources } from '../../src/index.js';
import { QaFilePreview, QaSourceFooter, QaSourcesPanel, type QaFilePreviewProps, type QaSourcesPanelProps } from '../../src/react/index.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
function expectType<T extends true>(_: T): void {}

// --- HTMLElementTagNameMap: querySelector / createElement know the elements.
const preview = document.querySelector('qa-file-preview')!;
expectType<Equal<typeof preview.path, string | null>>(true);
expectType<Equal<typeof preview.host, QaSourcesHost | null>>(true);
const panel = document.createElement('qa-sources-panel');
panel.threshold = 60;
void panel.openGroup('jira');
// @ts-expect-error threshold is a number
panel.threshold = 'high';
const footer = document.querySelector('qa-source-footer');
expectType<Equal<typeof footer, import('../../src/index.js').QaSourceFooter | null>>(true);

// --- GlobalEventHandlersEventMap: listeners get the kit's event classes.
document.addEventListener('qa-source-open', (e) => {
  const id: string = e.detail.source.id;
  const path: string | null = e.detail.path;
  const first: number | undefined = e.detail.ranges[0]?.lineStart;
  e.preventDefault();
  void [id, path, first];
});
panel.addEventListener('qa-close', (e) => expectType<Equal<typeof e.detail, Record<string, never>>>(true));
footer?.addEventListener('qa-group-open', (e) => expectType<Equal<typeof e.detail.kind, QaSourceReference['kind']>>(true));
footer?.addEventListener('qa-toggle', (e) => expectType<Equal<typeof e.detail.expanded, boolean>>(true));
preview.addEventListener('qa-mode-change', (e) => expectType<Equal<typeof e.detail.mode, 'rendered' | 'raw'>>(true));
preview.addEventListener('qa-rendered', (e) => expectType<Equal<typeof e.detail.path, string>>(true));
// @ts-expect-error the detail of qa-toggle has no `kind`
footer?.addEventListener('qa-toggle', (e) => e.detail.kind);

// --- React: typed props and event props.
declare const payload: QaTurnSources;
declare const host: QaSourcesHost;
const panelProps: QaSourcesPanelProps = {
  sources: payload,
  threshold: 40,
  debug: true,
  onQaSourceOpen: (e) => void e.detail.source.id,
  onQaClose: (e) => void e.type,
};
void panelProps;
React.createElement(QaSourcesPanel, { sources: payload, locale: 'ru', className: 'sources', onQaSourceOpen: (e) => e.preventDefault() });
React.createElement(QaSourceFooter, {
  sources: payload,
  expanded: true,
  onQaGroupOpen: (e) => void e.detail.kind,
  onQaToggle: (e) => void (e.detail.expanded satisfies boolean),
});
React.createElement(QaFilePreview, {
  host,
  sessionId: 's1',
  path: 'docs/guide.md',
  ranges: [{ lineStart: 3, lineEnd: 9 }],
  onQaModeChange: (e) => void (e.detail.mode satisfies 'rendered' | 'raw'),
  onQaRendered: (e) => void (e.detail.path satisfies string),
  ref: (el: import('../../src/index.js').QaFilePreview | null) => void el?.retry(),
});
const previewProps: QaFilePreviewProps = { host: { readFile: async (): Promise<QaFileContent> => ({ path: 'a', content: '', size: 0, truncated: false }) } };
void previewProps;
// @ts-expect-error `sources` is not a prop of the preview
React.createElement(QaFilePreview, { sources: payload });
// @ts-expect-error `threshold` is a number
React.createElement(QaSourcesPanel, { threshold: 'high' });
// @ts-expect-error the footer fires no qa-close
React.createElement(QaSourceFooter, { onQaClose: () => undefined });
// @ts-expect-error a read-only getter is not a prop
React.createElement(QaFilePreview, { currentMode: 'raw' });
// @ts-expect-error methods are not props
React.createElement(QaSourcesPanel, { openGroup: () => Promise.resolve() });
// @ts-expect-error the event prop's argument is the kit's event class
React.createElement(QaSourcesPanel, { onQaSourceOpen: (e: CustomEvent<{ other: 1 }>) => e.detail.other });
