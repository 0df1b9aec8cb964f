/**
 * Colour sooner: when the pointer or keyboard focus comes to the card of a
 * local code file, the highlighter (its worker and themes) and the grammar
 * of that file's language start loading, and the grammar compiles the rules
 * most files need in their first screen, so a click that follows finds them
 * ready (benchmark row "Raw: visible lines coloured, card hovered 300 ms
 * before the click"). Only on a page that has the file preview, once per
 * language.
 */
import { isMarkdownPath, languageForPath } from '../../workspace/languages.js';

const warmed = new Set<string>();

/** Starts loading what colouring the file at `path` needs (nothing for Markdown, remote sources or unknown languages). */
export function warmForPath(path: string | null): void {
  if (!path || isMarkdownPath(path) || !customElements.get('qa-file-preview')) return;
  const lang = languageForPath(path);
  if (!lang || warmed.has(lang)) return;
  warmed.add(lang);
  import('../../render/highlight/index.js').then(
    (m) => m.warmHighlighter(lang, true),
    // A failed load (a dropped connection) is tried again on the next hover.
    () => warmed.delete(lang),
  );
}
