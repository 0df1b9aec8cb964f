/**
 * Language lookup: an element's nearest `[lang]`, and the matching of a
 * BCP 47 tag against the languages that have terms. No term tables and no
 * controller here, so the renderer and the elements find a language the same
 * way without loading either.
 */

/** A tag in the form the term tables are keyed by: trimmed, lower case, `-` between subtags (`zh_CN` → `zh-cn`). */
export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase().replace(/_/g, '-');
}

/**
 * The first of a tag and its shorter forms that `known` accepts, dropping
 * subtags from the end (`zh-Hans-CN`, `zh-hans`, `zh`), or null when none is.
 */
export function matchLocale(tag: string, known: (code: string) => boolean): string | null {
  let candidate = normalizeTag(tag);
  while (candidate) {
    if (known(candidate)) return candidate;
    const cut = candidate.lastIndexOf('-');
    candidate = cut > 0 ? candidate.slice(0, cut) : '';
  }
  return null;
}

/** The nearest `lang` attribute, crossing shadow roots; the document's as a last resort. */
export function closestLang(el: Element): string | null {
  let node: Node | null = el;
  while (node) {
    if (node instanceof Element && node.hasAttribute('lang')) return node.getAttribute('lang');
    node = node.parentNode ?? (node instanceof ShadowRoot ? node.host : null);
  }
  return document.documentElement.getAttribute('lang');
}
