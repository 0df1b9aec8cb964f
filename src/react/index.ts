/**
 * `qa-sources-kit/react`: React components for the kit's elements, with
 * typed props (each element's public properties, objects included) and
 * typed event props. Importing this module registers the elements.
 *
 * ```tsx
 * import { QaSourcesPanel, QaFilePreview } from 'qa-sources-kit/react';
 *
 * <QaSourcesPanel sources={payload} onQaSourceOpen={(e) => open(e.detail.path)} />
 * <QaFilePreview host={host} sessionId={id} path={path} onQaClose={close} />
 * ```
 *
 * React is an optional peer dependency: only this entry imports it.
 */
import * as React from 'react';
import { createComponent, type EventName } from '@lit/react';
import type { LitElement } from 'lit';
import { QaSourcesPanel as PanelElement } from '../elements/sources-panel/define.js';
import { QaSourceFooter as FooterElement } from '../elements/source-footer/define.js';
import { QaFilePreview as PreviewElement } from '../elements/file-preview/define.js';
import { QaCitation as CitationElement } from '../elements/citation/define.js';
import type {
  QaCloseEvent,
  QaGroupOpenEvent,
  QaModeChangeEvent,
  QaRenderedEvent,
  QaSourceHighlightEvent,
  QaSourceOpenEvent,
  QaToggleEvent,
} from '../events.js';

type IfEqual<A, B, Yes, No> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? Yes : No;

/** Keys of `T` that can be assigned (not getters without a setter). */
type WritableKeys<T> = {
  [K in keyof T]-?: IfEqual<{ [Q in K]: T[K] }, { -readonly [Q in K]: T[K] }, K, never>;
}[keyof T];

/** Keys of `T` that hold data, not methods. */
type DataKeys<T> = {
  [K in keyof T]-?: T[K] extends (...args: never[]) => unknown ? never : K;
}[keyof T];

/**
 * The public properties of an element class, all optional: what it declares
 * beyond `LitElement` that holds data and can be set (`sources`, `host`,
 * `ranges`, `locale`, …). The wrappers set them as properties, so objects and
 * functions arrive as they are, not as attribute strings.
 */
export type QaElementProps<I extends HTMLElement> = Partial<Pick<I, Exclude<WritableKeys<I> & DataKeys<I>, keyof LitElement>>>;

/** A React component for a kit element: its properties, its event props, React's HTML attributes and a `ref` to the element. */
export type QaReactComponent<I extends HTMLElement, P> = React.ForwardRefExoticComponent<P & Omit<React.HTMLAttributes<I>, keyof P> & React.RefAttributes<I>>;

/** Event props of `<QaSourcesPanel>`. */
export interface QaSourcesPanelEvents {
  /** `qa-source-open`: a card was activated. Call `preventDefault()` to handle it yourself. */
  onQaSourceOpen?: (event: QaSourceOpenEvent) => void;
  /** `qa-close`: the close button was pressed, or Escape. */
  onQaClose?: (event: QaCloseEvent) => void;
}

/** Event props of `<QaSourceFooter>`. */
export interface QaSourceFooterEvents {
  /** `qa-source-open`: an entry of the expanded list was activated. */
  onQaSourceOpen?: (event: QaSourceOpenEvent) => void;
  /** `qa-group-open`: a group chip was pressed. */
  onQaGroupOpen?: (event: QaGroupOpenEvent) => void;
  /** `qa-toggle`: the list was expanded or collapsed. */
  onQaToggle?: (event: QaToggleEvent) => void;
}

/** Event props of `<QaFilePreview>`. */
export interface QaFilePreviewEvents {
  /** `qa-source-open`: a relative link in the document was activated. */
  onQaSourceOpen?: (event: QaSourceOpenEvent) => void;
  /** `qa-close`: Close or Escape. */
  onQaClose?: (event: QaCloseEvent) => void;
  /** `qa-mode-change`: Rendered / Raw switched by the user. */
  onQaModeChange?: (event: QaModeChangeEvent) => void;
  /** `qa-rendered`: a document finished rendering. */
  onQaRendered?: (event: QaRenderedEvent) => void;
}

/** Event props of `<QaCitation>`. */
export interface QaCitationEvents {
  /** `qa-source-open`: the chip or its card's Open was activated. Call `preventDefault()` to handle it yourself. */
  onQaSourceOpen?: (event: QaSourceOpenEvent) => void;
  /** `qa-source-highlight`: the chip was pointed at or focused (`id`), or left (`id: null`). */
  onQaSourceHighlight?: (event: QaSourceHighlightEvent) => void;
}

/** Props of `<QaCitation>`. */
export type QaCitationProps = QaElementProps<CitationElement> & QaCitationEvents;

/** Props of `<QaSourcesPanel>`. */
export type QaSourcesPanelProps = QaElementProps<PanelElement> & QaSourcesPanelEvents;
/** Props of `<QaSourceFooter>`. */
export type QaSourceFooterProps = QaElementProps<FooterElement> & QaSourceFooterEvents;
/** Props of `<QaFilePreview>`. */
export type QaFilePreviewProps = QaElementProps<PreviewElement> & QaFilePreviewEvents;

const sourceOpen = 'qa-source-open' as EventName<QaSourceOpenEvent>;
const close = 'qa-close' as EventName<QaCloseEvent>;

/** `<qa-sources-panel>` for React. */
export const QaSourcesPanel: QaReactComponent<PanelElement, QaSourcesPanelProps> = createComponent({
  react: React,
  tagName: 'qa-sources-panel',
  elementClass: PanelElement,
  displayName: 'QaSourcesPanel',
  events: { onQaSourceOpen: sourceOpen, onQaClose: close },
});

/** `<qa-source-footer>` for React. */
export const QaSourceFooter: QaReactComponent<FooterElement, QaSourceFooterProps> = createComponent({
  react: React,
  tagName: 'qa-source-footer',
  elementClass: FooterElement,
  displayName: 'QaSourceFooter',
  events: {
    onQaSourceOpen: sourceOpen,
    onQaGroupOpen: 'qa-group-open' as EventName<QaGroupOpenEvent>,
    onQaToggle: 'qa-toggle' as EventName<QaToggleEvent>,
  },
});

/** `<qa-file-preview>` for React. */
export const QaFilePreview: QaReactComponent<PreviewElement, QaFilePreviewProps> = createComponent({
  react: React,
  tagName: 'qa-file-preview',
  elementClass: PreviewElement,
  displayName: 'QaFilePreview',
  events: {
    onQaSourceOpen: sourceOpen,
    onQaClose: close,
    onQaModeChange: 'qa-mode-change' as EventName<QaModeChangeEvent>,
    onQaRendered: 'qa-rendered' as EventName<QaRenderedEvent>,
  },
});

/** `<qa-citation>` for React: a chip for hosts that render citations themselves (`<QaCitation sourceId="file:a.md" lines="10-20" number={1} sources={payload} />`). */
export const QaCitation: QaReactComponent<CitationElement, QaCitationProps> = createComponent({
  react: React,
  tagName: 'qa-citation',
  elementClass: CitationElement,
  displayName: 'QaCitation',
  events: {
    onQaSourceOpen: sourceOpen,
    onQaSourceHighlight: 'qa-source-highlight' as EventName<QaSourceHighlightEvent>,
  },
});
