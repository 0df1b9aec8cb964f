/**
 * The first screen of a big document, found without parsing it: how much
 * source the first chunk holds, and where the document's start can be cut.
 * Small and dependency-free, so the page loads the parser only when needed.
 */

/** Source characters in the first chunk (small, so the first screen is quick). */
export const FIRST_CHUNK_CHARS = 2_500;

/**
 * The start of a document up to about `chars` characters, cut at a blank
 * line outside fenced code and before an unindented line, or null when no
 * such cut comes soon enough. Rendered on its own it gives a provisional
 * first screen while the whole document is still being parsed.
 */
export function documentPrefix(source: string, chars: number): string | null {
  const limit = Math.min(source.length, chars * 4);
  let fence: string | null = null;
  let pos = 0;
  while (pos < limit) {
    const end = source.indexOf('\n', pos);
    if (end < 0) return null;
    const line = source.slice(pos, end);
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line);
    if (marker) {
      const run = marker[1]!;
      if (fence === null) fence = run;
      else if (run[0] === fence[0] && run.length >= fence.length && line.trim() === run) fence = null;
    }
    pos = end + 1;
    if (fence === null && pos >= chars && line.trim() === '' && /^[^\s]/.test(source.slice(pos, pos + 1))) return source.slice(0, pos);
  }
  return null;
}
