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
};
