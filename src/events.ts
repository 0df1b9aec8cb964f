/**
 * Every event the kit fires: `qa-` names, one typed class each, `bubbles` and
 * `composed` so they cross shadow roots. Fired for user actions and async
 * results only, never because the owner set a property.
 */
import type { QaSourceKind, QaSourceLocation, QaSourceReference } from './model/types.js';
import type { QaLineRange } from './model/display.js';

/** Detail of `qa-source-open`. */
export interface QaSourceOpenDetail {
  /** The (merged) source that was activated. */
  source: QaSourceReference;
  /** Its first location, or the one that was activated. */
  location: QaSourceLocation | null;
  /** Workspace path to preview, for local sources. */
  path: string | null;
  /** Line ranges to highlight in the preview. */
  ranges: QaLineRange[];
  /** Openable URL of a remote source (http/https/mailto), else null. */
  href: string | null;
}

/**
 * A source was activated (card, footer entry, or a relative link in a
 * preview). Cancelable: a host that calls `preventDefault()` takes over, and a
 * remote link is then not followed.
 */
export class QaSourceOpenEvent extends CustomEvent<QaSourceOpenDetail> {
  static readonly eventName = 'qa-source-open';
  constructor(detail: QaSourceOpenDetail) {
    super(QaSourceOpenEvent.eventName, { detail, bubbles: true, composed: true, cancelable: true });
  }
}

/** The user asked to close the panel or the preview (close button or Escape). */
export class QaCloseEvent extends CustomEvent<Record<string, never>> {
  static readonly eventName = 'qa-close';
  constructor() {
    super(QaCloseEvent.eventName, { detail: {}, bubbles: true, composed: true });
  }
}

/** Detail of `qa-group-open`. */
export interface QaGroupOpenDetail {
  kind: QaSourceKind;
}

/** A footer chip asked to show one group (the wiring opens it in the panel). */
export class QaGroupOpenEvent extends CustomEvent<QaGroupOpenDetail> {
  static readonly eventName = 'qa-group-open';
  constructor(detail: QaGroupOpenDetail) {
    super(QaGroupOpenEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

/** Detail of `qa-toggle`. */
export interface QaToggleDetail {
  expanded: boolean;
}

/** The user expanded or collapsed the footer's list. */
export class QaToggleEvent extends CustomEvent<QaToggleDetail> {
  static readonly eventName = 'qa-toggle';
  constructor(detail: QaToggleDetail) {
    super(QaToggleEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

/** A preview mode. */
export type QaPreviewMode = 'rendered' | 'raw';

/** Detail of `qa-mode-change`. */
export interface QaModeChangeDetail {
  mode: QaPreviewMode;
  /** Extension the choice is remembered for (`md`). */
  extension: string;
}

/** The user switched the preview between Rendered and Raw. */
export class QaModeChangeEvent extends CustomEvent<QaModeChangeDetail> {
  static readonly eventName = 'qa-mode-change';
  constructor(detail: QaModeChangeDetail) {
    super(QaModeChangeEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

/** Detail of `qa-rendered`. */
export interface QaRenderedDetail {
  path: string;
  mode: QaPreviewMode;
}

/** The preview finished rendering a document (every chunk inserted). */
export class QaRenderedEvent extends CustomEvent<QaRenderedDetail> {
  static readonly eventName = 'qa-rendered';
  constructor(detail: QaRenderedDetail) {
    super(QaRenderedEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

/** Detail of `qa-source-highlight`. */
export interface QaSourceHighlightDetail {
  /** The source id pointed at or focused, or null when the pointer or focus left it. */
  id: string | null;
  /** What fired it: a citation chip in the answer, or a card or entry of the panel or footer. */
  origin: 'citation' | 'card';
}

/**
 * The user pointed at or focused a citation chip, a card or a footer entry
 * (`id`), or left it (`id: null`). The wiring highlights the same source in
 * the other surfaces: its card and entry, its chips and their claims.
 */
export class QaSourceHighlightEvent extends CustomEvent<QaSourceHighlightDetail> {
  static readonly eventName = 'qa-source-highlight';
  constructor(detail: QaSourceHighlightDetail) {
    super(QaSourceHighlightEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

/** Detail of `qa-range-select`. */
export interface QaRangeSelectDetail {
  /** Workspace path of the previewed file. */
  path: string;
  /** First selected line (1-based). */
  lineStart: number;
  /** Last selected line (1-based, inclusive). */
  lineEnd: number;
}

/** The user selected lines in the preview by their numbers (click, shift-click or drag). */
export class QaRangeSelectEvent extends CustomEvent<QaRangeSelectDetail> {
  static readonly eventName = 'qa-range-select';
  constructor(detail: QaRangeSelectDetail) {
    super(QaRangeSelectEvent.eventName, { detail, bubbles: true, composed: true });
  }
}

declare global {
  interface GlobalEventHandlersEventMap {
    'qa-source-open': QaSourceOpenEvent;
    'qa-close': QaCloseEvent;
    'qa-group-open': QaGroupOpenEvent;
    'qa-toggle': QaToggleEvent;
    'qa-mode-change': QaModeChangeEvent;
    'qa-rendered': QaRenderedEvent;
    'qa-range-select': QaRangeSelectEvent;
    'qa-source-highlight': QaSourceHighlightEvent;
  }
}
