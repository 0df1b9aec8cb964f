/**
 * A markdown-it plugin for hosts that render answers with markdown-it: each
 * `[[source:<id>]]` / `[[source:<id>#L10-L20]]` becomes
 * `<qa-citation source-id="…" lines="…">`, the same chip `linkCitations`
 * makes. Markers inside code spans, code blocks and link text stay text.
 *
 * ```ts
 * const md = new MarkdownIt().use(citationsPlugin, { streaming: true });
 * answer.innerHTML = md.render(text);       // or sanitize, allowing <qa-citation source-id lines>
 * linkCitations(answer, { sources: payload }); // numbers the chips and gives them their sources
 * ```
 *
 * Ids are written as escaped attribute values only; nothing of the marker
 * becomes markup.
 */
import type { MarkdownIt, StateCore, StateInline } from 'markdown-it';
import { MARKER_OPEN, scanMarkers } from '../model/citations.js';

/** Options of `citationsPlugin`. */
export interface QaCitationsPluginOptions {
  /** The answer is still being written: an incomplete marker at the very end of the text is left out until it is complete. */
  streaming?: boolean;
}

function citationRule(state: StateInline, silent: boolean): boolean {
  // Silent runs come from link-label scanning: a marker there must read as brackets (so `[text [[source:x]]](url)` stays a link).
  if (silent) return false;
  const { src, pos } = state;
  if (src.charCodeAt(pos) !== 0x5b || !src.startsWith(MARKER_OPEN, pos)) return false;
  // A link's text keeps its markers as text: a chip inside a link would be a control inside a control.
  if ((state as unknown as { linkLevel?: number }).linkLevel) return false;
  const close = src.indexOf(']]', pos + MARKER_OPEN.length);
  if (close < 0 || close + 2 > state.posMax) return false;
  const scan = scanMarkers(src.slice(pos, close + 2));
  const m = scan.markers[0];
  if (!m || m.start !== 0 || m.end !== close + 2 - pos) return false;
  const token = state.push('qa_citation', 'qa-citation', 0);
  token.meta = { id: m.id, range: m.range };
  state.pos = close + 2;
  return true;
}

/** Adds citation chips to a markdown-it instance. */
export function citationsPlugin(md: MarkdownIt, options: QaCitationsPluginOptions = {}): void {
  md.inline.ruler.before('link', 'qa_citation', citationRule);
  if (options.streaming) {
    md.core.ruler.after('normalize', 'qa_citation_tail', (state: StateCore) => {
      const { pending } = scanMarkers(state.src);
      if (pending >= 0) state.src = state.src.slice(0, pending);
      return true;
    });
  }
  const escape = md.utils.escapeHtml;
  md.renderer.rules.qa_citation = (tokens, idx) => {
    const { id, range } = tokens[idx]!.meta as { id: string; range: { lineStart: number; lineEnd: number } | null };
    const lines = range ? ` lines="${range.lineStart === range.lineEnd ? range.lineStart : `${range.lineStart}-${range.lineEnd}`}"` : '';
    return `<qa-citation source-id="${escape(id)}"${lines}></qa-citation>`;
  };
}
