/**
 * The first screen of a big document, found without parsing it: how much
 * source the first chunk holds, and where the document's start can be cut.
 * Small and dependency-free, so the page loads the parser only when needed.
 */

/** Source characters in the first chunk (small, so the first screen is quick). */
export const FIRST_CHUNK_CHARS = 2_500;

/**
 * Documents at least this long first show a provisional screen rendered
 * from their start alone: parsing the whole block structure first would
 * hold the first screen back (tens of milliseconds for 100 KB; benchmark rows
 * "Markdown 100 KB: open → first screen painted" and "Markdown 1 MB: open →
 * first screen painted").
 */
export const PROVISIONAL_MIN_CHARS = 32_000;

/**
 * The start of a long document that can be rendered on its own as a
 * provisional first screen while the whole document is parsed, or null
 * (a short document, or no clean cut near the start).
 */
export function provisionalPrefix(source: string, firstChunkChars = FIRST_CHUNK_CHARS): string | null {
  return source.length >= PROVISIONAL_MIN_CHARS ? documentPrefix(source, firstChunkChars) : null;
}

// Raw HTML elements whose end tag is optional or absent: ignored when tracking open elements.
const NOT_COUNTED = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
  'p',
  'li',
  'dt',
  'dd',
  'tr',
  'td',
  'th',
  'option',
  'colgroup',
  'tbody',
  'thead',
  'tfoot',
  'rp',
  'rt',
]);

/** How many raw HTML elements a top-level HTML block leaves open (negative when it closes some). */
export function htmlDepthChange(html: string): number {
  let depth = 0;
  const withoutComments = html.replace(/<!--[\s\S]*?-->/g, '');
  for (const m of withoutComments.matchAll(/<(\/?)([A-Za-z][A-Za-z0-9-]*)\b[^>]*?(\/?)>/g)) {
    const name = m[2]!.toLowerCase();
    if (NOT_COUNTED.has(name) || m[3]) continue;
    depth += m[1] ? -1 : 1;
  }
  return depth;
}

/**
 * The start of a document up to about `chars` characters, cut at a blank
 * line outside fenced code and outside raw HTML left open (`<details>` …
 * `</details>` around Markdown), before an unindented line; or null when no
 * such cut comes soon enough. Rendered on its own it gives a provisional
 * first screen while the whole document is still being parsed.
 */
export function documentPrefix(source: string, chars: number): string | null {
  const limit = Math.min(source.length, chars * 4);
  let fence: string | null = null;
  let openHtml = 0;
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
    } else if (fence === null && line.includes('<')) {
      // Tags in code spans are text; counting them only makes the cut come later (or not at all).
      openHtml = Math.max(0, openHtml + htmlDepthChange(line.replace(/`+[^`]*`+/g, '')));
    }
    pos = end + 1;
    if (fence === null && openHtml === 0 && pos >= chars && line.trim() === '' && /^[^\s]/.test(source.slice(pos, pos + 1))) return source.slice(0, pos);
  }
  return null;
}
