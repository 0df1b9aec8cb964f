/**
 * Autolinks as on GitHub rather than as linkify-it finds them: which matches
 * count (`githubAutolink`) and where a web link ends (`gfmLinkEnd`). Pure:
 * no DOM.
 */
import type { MarkdownIt } from 'markdown-it';

const LINKIFY_TLDS = ['com', 'org', 'net', 'edu', 'gov', 'io', 'dev', 'app', 'info', 'example', 'test', 'localhost'];

type LinkifyMatch = { schema: string; raw: string };

/** What every autolink `githubAutolink` accepts contains: `://` (http, https, ftp), `@` (e-mail, `mailto:`) or `www.`. */
const MAY_HOLD_AUTOLINK = /:\/\/|@|www\./i;

// GitHub's e-mail autolink: letters, digits and `.+-_`, `@`, dot-separated labels of letters, digits,
// `-` and `_`, ending in a letter.
const GITHUB_EMAIL = /^[a-z0-9.+_-]+@[a-z0-9_-]+(?:\.[a-z0-9_-]+)*\.[a-z0-9_-]*[a-z]$/i;

/**
 * GitHub's autolinks: `http://`, `https://`, `ftp://` and `mailto:` URLs,
 * addresses starting with `www.`, and e-mail addresses under GitHub's rule.
 * Not bare domains (`crates.io`, `README.md`), `//host`, nor `name@1.2.3`.
 */
export function githubAutolink(m: LinkifyMatch): boolean {
  if (m.schema === '') return /^www\./i.test(m.raw);
  if (m.schema === 'mailto:' && !/^mailto:/i.test(m.raw)) return GITHUB_EMAIL.test(m.raw);
  return m.schema === 'http:' || m.schema === 'https:' || m.schema === 'ftp:' || m.schema === 'mailto:';
}

/**
 * Where a web autolink ends, by GitHub's rules rather than linkify-it's: it
 * runs to the next space or `<`, then loses trailing punctuation
 * (`?!.,:*_~`), closing parentheses that have no opening one in the link, and
 * a trailing entity-like `&name;` — repeated until nothing changes. The
 * match's start (and so its domain check) stays linkify-it's.
 */
export function gfmLinkEnd(text: string, start: number): number {
  const rest = text.slice(start);
  const stop = rest.search(/[\s<]/);
  let link = stop < 0 ? rest : rest.slice(0, stop);
  for (;;) {
    const before = link;
    link = link.replace(/[?!.,:*_~]+$/, '');
    if (link.endsWith(')')) {
      let open = 0;
      let close = 0;
      for (const c of link)
        if (c === '(') open++;
        else if (c === ')') close++;
      while (link.endsWith(')') && close > open) {
        link = link.slice(0, -1);
        close--;
      }
    }
    const entity = /&[a-z0-9]+;$/i.exec(link);
    if (entity) link = link.slice(0, -entity[0].length);
    if (link === before) return start + link.length;
  }
}

type FullMatch = NonNullable<ReturnType<MarkdownIt['linkify']['matchAtStart']>>;

/** A web autolink match (not e-mail) ending where GitHub ends it (see `gfmLinkEnd`); null when nothing is left of it. */
function gfmExtent(text: string, m: FullMatch): FullMatch | null {
  if (m.schema === 'mailto:') return m;
  const end = gfmLinkEnd(text, m.index);
  if (end === m.lastIndex) return m;
  const raw = text.slice(m.index, end);
  if (!/^(?:www\.|[a-z][a-z0-9+.-]*:\/\/)[^/?#]/i.test(raw)) return null;
  return { ...m, lastIndex: end, raw, text: raw, url: m.schema === '' ? `http://${raw}` : raw };
}

/**
 * Makes `md` find autolinks by GitHub's rules. linkify-it has no option for
 * where a link ends, so its two finders (`match` for text after the inline
 * parse, `matchAtStart` for scheme links met while parsing inline text) are
 * wrapped on this instance.
 */
export function useGithubAutolinks(md: MarkdownIt): void {
  // Autolinks as on GitHub (see `githubAutolink`); the endings list only widens `www.` addresses.
  md.linkify.set({ fuzzyLink: true, fuzzyEmail: true }).tlds(LINKIFY_TLDS, true);
  // markdown-it asks about every paragraph, heading and cell, and then about each piece of text in
  // them; text without `://`, `@` or `www.` holds no link GitHub would make, so linkify-it's patterns
  // (10–20 ms of a 100 KB document's first parse) are run only on the rest.
  const test = md.linkify.test.bind(md.linkify);
  md.linkify.test = (text) => MAY_HOLD_AUTOLINK.test(text) && test(text);
  const match = md.linkify.match.bind(md.linkify);
  md.linkify.match = (text) => {
    const found = match(text)?.filter(githubAutolink);
    // After a true `test()`, markdown-it reads the answer's length: an array, empty when nothing is left.
    if (!found) return found ?? null;
    const out: FullMatch[] = [];
    for (const m of found) {
      // A link that now runs over the next one takes it in (GitHub reads them as one).
      if (out.length && m.index < out[out.length - 1]!.lastIndex) continue;
      const g = gfmExtent(text, m);
      if (g) out.push(g);
    }
    return out;
  };
  // Scheme links found while parsing inline text (`https://…`) end by the same rules.
  const matchAtStart = md.linkify.matchAtStart.bind(md.linkify);
  md.linkify.matchAtStart = (text) => {
    const m = matchAtStart(text);
    return m && gfmExtent(text, m);
  };
}
