/**
 * Icons of the preview's own controls (navigator, selection, find), drawn
 * like the shared ones: 16×16 on a 24-unit grid, `currentColor`, `aria-hidden`.
 */
import { svg, type SVGTemplateResult } from 'lit';

function icon(body: SVGTemplateResult, cls = 'icon'): SVGTemplateResult {
  return svg`<svg class=${cls} part="icon" viewBox="0 0 24 24" width="16" height="16" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${body}</svg>`;
}

export const previewIcons = {
  up: () => icon(svg`<path d="m6 15 6-6 6 6"/>`),
  down: () => icon(svg`<path d="m6 9 6 6 6-6"/>`),
  copy: () => icon(svg`<rect x="9" y="9" width="11" height="11" rx="2"/><path d="M5 15V6a2 2 0 0 1 2-2h9"/>`),
  link: () => icon(svg`<path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1"/><path d="M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1"/>`),
  clear: () => icon(svg`<path d="M6 6l12 12M18 6 6 18"/>`),
  search: () => icon(svg`<circle cx="11" cy="11" r="6.5"/><path d="m16 16 4.5 4.5"/>`),
  matchCase: () => icon(svg`<path d="M2.5 18 7 6l4.5 12M4.2 13.5h5.6"/><path d="M20.5 11.5V18M20.5 14.2a3 3 0 1 1-3-2.7 3 3 0 0 1 3 2.7Z"/>`),
  wholeWord: () => icon(svg`<path d="M3 6v12M21 6v12"/><path d="M7 17l2.5-8 2.5 8 2.5-8 2.5 8"/>`),
  /** Wrap lines: a line that turns back under itself. */
  wrap: () => icon(svg`<path d="M4 6h16M4 12h13a3 3 0 0 1 0 6h-4"/><path d="m15 16-2 2 2 2M4 18h5"/>`),
  /** Open in full view: four corners pointing out. */
  fullView: () => icon(svg`<path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5"/>`),
  /** Exit full view: four corners pointing in. */
  exitFullView: () => icon(svg`<path d="M9 4v5H4M15 4v5h5M9 20v-5H4M15 20v-5h5"/>`),
  /** Keyboard shortcuts: a keyboard. */
  keyboard: () => icon(svg`<rect x="3" y="6" width="18" height="12" rx="2"/><path d="M7 10h.01M11 10h.01M15 10h.01M17 14H7"/>`),
};
