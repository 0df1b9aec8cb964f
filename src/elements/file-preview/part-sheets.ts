/**
 * Style sheets of the preview's lazy parts: the raw view's rows and find's
 * field ship as text in the parts' own chunks, not in the page's first
 * load. Every preview adopts these shared sheets at its first render, still
 * empty; the part's loader fills its sheet once, when the chunk arrives
 * (`lazy-parts.ts`): the raw view's soon after the preview is defined or
 * first connected, find's in idle time after a connection, so mostly before
 * a file is shown. A preview made later adopts a full sheet before its
 * first paint.
 */

const sheets = { raw: null as CSSStyleSheet | null, find: null as CSSStyleSheet | null };
export type PreviewPart = keyof typeof sheets;

function sheetOf(part: PreviewPart): CSSStyleSheet | null {
  if (!sheets[part] && typeof CSSStyleSheet !== 'undefined') sheets[part] = new CSSStyleSheet();
  return sheets[part];
}

/** Adds the parts' sheets after the shadow root's own (once). */
export function adoptPartSheets(root: Node): void {
  if (!(root instanceof ShadowRoot)) return;
  const missing = (Object.keys(sheets) as PreviewPart[]).map(sheetOf).filter((s): s is CSSStyleSheet => !!s && !root.adoptedStyleSheets.includes(s));
  if (missing.length) root.adoptedStyleSheets = [...root.adoptedStyleSheets, ...missing];
}

/** Writes a part's rules into its sheet, once. */
export function fillPartSheet(part: PreviewPart, css: string): void {
  const sheet = sheetOf(part);
  if (sheet && sheet.cssRules.length === 0) sheet.replaceSync(css);
}
