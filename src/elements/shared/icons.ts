/**
 * The kit's one icon set: inline SVG (no network, no external sprite) on a
 * 24-unit grid, stroked in `currentColor`, `aria-hidden` (names come from
 * text, not icons). Each icon is one path, so an icon costs two DOM nodes
 * however many cards show one. `icon()` draws the `part="icon"` icons of the
 * preview and the hover card; `mark()` the unexposed marks of cards and
 * footer entries.
 */
import { nothing, svg, type SVGTemplateResult } from 'lit';
import type { QaSourceKind } from '../../model/types.js';

const PATHS = {
  file: 'M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h4',
  code: 'm8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14',
  jira: 'M12 3 3 12l9 9 9-9zm0 5-4 4 4 4 4-4z',
  confluence: 'M4 17c3-4 6-5 9-3l5 2.5M20 7c-3 4-6 5-9 3L6 7.5',
  knowledge: 'M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5zM4 20.5A2.5 2.5 0 0 1 6.5 18H20v3H6.5',
  web: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z',
  other: 'M3.5 12a8.5 8.5 0 1 0 17 0a8.5 8.5 0 1 0-17 0M12 12h.01',
  external: 'M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5',
  warning: 'M12 3 2 20h20zM12 10v4M12 17h.01',
  info: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0M12 11v5M12 7.5h.01',
  close: 'M6 6l12 12M18 6 6 18',
  /** A circle; its right half is filled (`FILLS`). */
  partial: 'M3 12a9 9 0 1 0 18 0a9 9 0 1 0-18 0',
  download: 'M12 4v11M7 10l5 5 5-5M5 20h14',
  retry: 'M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4',
  lines: 'M4 6h16M4 12h16M4 18h10',
  // The preview's own controls (navigator, selection, find, view).
  up: 'm6 15 6-6 6 6',
  down: 'm6 9 6 6 6-6',
  copy: 'M11 9h7a2 2 0 0 1 2 2v7a2 2 0 0 1-2 2h-7a2 2 0 0 1-2-2v-7a2 2 0 0 1 2-2zM5 15V6a2 2 0 0 1 2-2h9',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  search: 'M4.5 11a6.5 6.5 0 1 0 13 0a6.5 6.5 0 1 0-13 0M16 16l4.5 4.5',
  matchCase: 'M2.5 18 7 6l4.5 12M4.2 13.5h5.6M20.5 11.5V18M20.5 14.2a3 3 0 1 1-3-2.7 3 3 0 0 1 3 2.7Z',
  wholeWord: 'M3 6v12M21 6v12M7 17l2.5-8 2.5 8 2.5-8 2.5 8',
  /** Wrap lines: a line that turns back under itself. */
  wrap: 'M4 6h16M4 12h13a3 3 0 0 1 0 6h-4M15 16l-2 2 2 2M4 18h5',
  /** Open in full view: four corners pointing out. */
  fullView: 'M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5',
  /** Exit full view: four corners pointing in. */
  exitFullView: 'M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5',
  /** Keyboard shortcuts: a keyboard. */
  keyboard: 'M5 6h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM7 10h.01M11 10h.01M15 10h.01M17 14H7',
} as const;

/** The name of an icon of the set. */
export type IconName = keyof typeof PATHS;

/** Filled areas, for the few icons that have one (only `icon()` draws them). */
const FILLS: Partial<Record<IconName, string>> = { partial: 'M12 3a9 9 0 0 1 0 18z' };

/** An icon of a control or state, exposed as `part="icon"`, 16 × 16 unless CSS sizes it. */
function icon(name: IconName, cls = 'icon'): SVGTemplateResult {
  const fill = FILLS[name];
  return svg`<svg class=${cls} part="icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d=${PATHS[name]} />${fill ? svg`<path d=${fill} fill="currentColor" stroke="none" />` : nothing}</svg>`;
}

/** A mark on a card or footer entry: one path, no part, sized by its class (`glyph`: 1em). */
export function mark(name: IconName, cls = 'glyph'): SVGTemplateResult {
  return svg`<svg class=${cls} viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false"><path d=${PATHS[name] ?? PATHS.other} /></svg>`;
}

/** The icons the preview's states and buttons use, by name (`icons.close()`). */
export const icons = {
  file: () => icon('file'),
  code: () => icon('code'),
  close: () => icon('close'),
  partial: () => icon('partial'),
  warning: () => icon('warning'),
  info: () => icon('info'),
  download: () => icon('download'),
  retry: () => icon('retry'),
  lines: () => icon('lines'),
} as const;

/** The icons of the preview's own controls, by name (`previewIcons.search()`); `clear` is the close cross. */
export const previewIcons = {
  up: () => icon('up'),
  down: () => icon('down'),
  copy: () => icon('copy'),
  link: () => icon('link'),
  clear: () => icon('close'),
  search: () => icon('search'),
  matchCase: () => icon('matchCase'),
  wholeWord: () => icon('wholeWord'),
  wrap: () => icon('wrap'),
  fullView: () => icon('fullView'),
  exitFullView: () => icon('exitFullView'),
  keyboard: () => icon('keyboard'),
} as const;

/** The icon of a source kind (the hover card's). */
export function kindIcon(kind: QaSourceKind): SVGTemplateResult {
  return icon(kind in PATHS ? kind : 'other');
}
