/**
 * Inline SVG icons (no network, no external sprite). All 16×16 on a 24-unit
 * grid, `currentColor`, `aria-hidden`: names come from text, not icons. Only
 * the icons an element uses are here: the kinds (`kindIcon`) and the
 * preview's states and buttons.
 */
import { svg, type SVGTemplateResult } from 'lit';
import type { QaSourceKind } from '../../model/types.js';

function icon(body: SVGTemplateResult, cls = 'icon'): SVGTemplateResult {
  return svg`<svg class=${cls} part="icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;
}

export const icons = {
  file: () => icon(svg`<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/><path d="M9 13h6M9 17h4"/>`),
  code: () => icon(svg`<path d="m8 8-4 4 4 4M16 8l4 4-4 4M13.5 5l-3 14"/>`),
  jira: () => icon(svg`<path d="M12 3 3 12l9 9 9-9z"/><path d="m12 8-4 4 4 4 4-4z"/>`),
  confluence: () => icon(svg`<path d="M4 17c3-4 6-5 9-3l5 2.5M20 7c-3 4-6 5-9 3L6 7.5"/>`),
  knowledge: () => icon(svg`<path d="M4 5.5A2.5 2.5 0 0 1 6.5 3H20v15H6.5A2.5 2.5 0 0 0 4 20.5z"/><path d="M4 20.5A2.5 2.5 0 0 1 6.5 18H20v3H6.5"/>`),
  web: () => icon(svg`<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3z"/>`),
  other: () => icon(svg`<circle cx="12" cy="12" r="8.5"/><circle cx="12" cy="12" r="1.5" fill="currentColor"/>`),
  close: () => icon(svg`<path d="M6 6l12 12M18 6 6 18"/>`),
  partial: () => icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 3a9 9 0 0 1 0 18z" fill="currentColor" stroke="none"/>`),
  warning: () => icon(svg`<path d="M12 3 2 20h20z"/><path d="M12 10v4M12 17.5v.01"/>`),
  info: () => icon(svg`<circle cx="12" cy="12" r="9"/><path d="M12 11v5M12 7.5v.01"/>`),
  download: () => icon(svg`<path d="M12 4v11M7 10l5 5 5-5M5 20h14"/>`),
  retry: () => icon(svg`<path d="M4 12a8 8 0 1 0 2.3-5.7M4 4v4h4"/>`),
  lines: () => icon(svg`<path d="M4 6h16M4 12h16M4 18h10"/>`),
} as const;

/** The icon of a source kind. */
export function kindIcon(kind: QaSourceKind): SVGTemplateResult {
  return (icons[kind] ?? icons.other)();
}
