/**
 * Invisible characters made visible: each one becomes a small marker such as
 * `⟦U+202E⟧`, so that a direction override cannot reorder what the reader
 * sees. Used by the raw view and by rendered Markdown.
 */

const globalPatterns = new WeakMap<RegExp, RegExp>();

/**
 * Replaces every character matching `pattern` (one character per match; its
 * flags `g` and `y` are ignored) in the text under `root` with a marker span
 * of class `className` and tooltip `title`. Returns true when anything was
 * replaced.
 */
export function revealCharacters(root: Node, pattern: RegExp, className: string, title: string): boolean {
  const doc = root.ownerDocument ?? (root as Document);
  const walker = doc.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const hits: Text[] = [];
  // A global or sticky pattern would test each node from where the last match ended, or only there.
  const probe = pattern.global || pattern.sticky ? new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')) : pattern;
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (probe.test((n as Text).data)) hits.push(n as Text);
  if (!hits.length) return false;
  let all = globalPatterns.get(pattern);
  if (!all) globalPatterns.set(pattern, (all = new RegExp(pattern.source, 'g' + pattern.flags.replace(/[gy]/g, ''))));
  for (const node of hits) {
    const parts: Node[] = [];
    let last = 0;
    for (const m of node.data.matchAll(all)) {
      if (m.index > last) parts.push(doc.createTextNode(node.data.slice(last, m.index)));
      const marker = doc.createElement('span');
      marker.className = className;
      marker.title = title;
      marker.textContent = `⟦U+${m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}⟧`;
      // A character outside the BMP (a tag character) is two UTF-16 units of the text.
      if (m[0].length > 1) marker.setAttribute('data-units', String(m[0].length));
      parts.push(marker);
      last = m.index + m[0].length;
    }
    if (last < node.data.length) parts.push(doc.createTextNode(node.data.slice(last)));
    node.replaceWith(...parts);
  }
  return true;
}
