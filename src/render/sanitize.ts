/**
 * The one place where untrusted HTML becomes DOM: DOMPurify on an explicit
 * allowlist of tags, attributes and URL schemes, returning a DOM fragment.
 * There is no option that turns it off or widens it.
 *
 * - Tags: GitHub's Markdown set (text, lists, tables, `details`, `kbd`,
 *   `img`, …). No SVG, MathML, forms, frames, objects, `style`, `meta`,
 *   `base`, `link`, `template`; removed wrappers keep their text.
 * - Attributes: no `style`, no event handlers, no `name`, no `aria-*` or
 *   `data-*` from documents; `id` values are prefixed per preview so they
 *   never clobber page globals; `class` keeps only the kit's own names.
 * - URLs: `http:`, `https:`, `mailto:`, fragments and relative paths only
 *   (after DOMPurify strips whitespace and control characters); no `data:`.
 *
 * Before parsing, inline `style` and `on…` attribute names are renamed to
 * inert ones (`inline-attributes.ts`): browsers report them against a strict
 * page policy as soon as they are parsed, even though nothing would apply.
 *
 * It uses a private DOMPurify instance with fixed configuration; its hooks
 * read the current call's context, which is set only for the duration of
 * one synchronous `sanitize()` call, so concurrent renders cannot mix their
 * prefixes and the hooks never call back into DOMPurify.
 */
import createDOMPurify, { type DOMPurify, type Config, type UponSanitizeAttributeHookEvent, type WindowLike } from 'dompurify';
import { defuseInlineAttributes } from './inline-attributes.js';

/** Elements allowed from documents. */
export const ALLOWED_TAGS: readonly string[] = [
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'col',
  'colgroup',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strike',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'time',
  'tr',
  'tt',
  'u',
  'ul',
  'var',
  'wbr',
];

/** Attributes allowed from documents (plus the kit's own `data-qa-line`, `data-qa-html`, `data-qa-kit`, `data-lang`). */
export const ALLOWED_ATTRIBUTES: readonly string[] = [
  'href',
  'src',
  'alt',
  'title',
  'align',
  'width',
  'height',
  'colspan',
  'rowspan',
  'span',
  'start',
  'reversed',
  'type',
  'open',
  'id',
  'class',
  'dir',
  'lang',
  'datetime',
  'abbr',
  'scope',
  'data-qa-line',
  'data-qa-html',
  'data-qa-kit',
  'data-lang',
];

/** URL schemes that survive: http, https, mailto, and scheme-less (relative, `#fragment`). */
export const ALLOWED_URI = /^(?:(?:https?|mailto):|[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i;

/** Class names the kit's own output uses; other classes from documents are dropped. */
export const KIT_CLASSES: ReadonlySet<string> = new Set([
  'qa-code',
  'qa-front-matter',
  'qa-front-matter-code',
  'qa-sr-only',
  'qa-align-left',
  'qa-align-center',
  'qa-align-right',
  'task-list-item',
  'contains-task-list',
  'markdown-alert',
  'markdown-alert-title',
  'markdown-alert-note',
  'markdown-alert-tip',
  'markdown-alert-important',
  'markdown-alert-warning',
  'markdown-alert-caution',
  'footnotes',
  'footnotes-list',
  'footnote-item',
  'footnote-ref',
  'footnote-backref',
  'footnotes-sep',
]);

// Blocks whose text direction follows their own first strong character. Inside one of them
// (a list, a quote, a table) the parts share its direction, so list markers, quote bars and
// columns stay on the same side as the text.
const DIR_AUTO = new Set([
  'p',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'li',
  'ul',
  'ol',
  'dl',
  'dt',
  'dd',
  'blockquote',
  'table',
  'caption',
  'summary',
  'figcaption',
]);
const DIRECTIONS = new Set(['ltr', 'rtl', 'auto']);
const MAX_ID_LENGTH = 200;
const LINE_SPAN = /^\d{1,7}-\d{1,7}$/;
const LANGUAGE_ID = /^[a-z0-9_+#.-]{1,32}$/;
const DATA_URL = /^data:/i;
const URL_SPACE = /[\u0000-\u0020]/g;
const WHITESPACE = /\s+/g;

/**
 * Elements a sanitize call met on its way, in document order: what the
 * decoration after sanitizing works on, so it never has to search the tree.
 */
export interface SanitizeFindings {
  links: HTMLAnchorElement[];
  images: HTMLImageElement[];
  pres: HTMLPreElement[];
  tables: HTMLTableElement[];
  /** Elements the kit itself emitted (their `data-qa-kit` carries the render's nonce). */
  kit: Element[];
}

/** Empty findings, to pass as `SanitizeContext.found`. */
export function newFindings(): SanitizeFindings {
  return { links: [], images: [], pres: [], tables: [], kit: [] };
}

/** What one sanitize call needs to know. */
export interface SanitizeContext {
  /** Prefix for every `id` (unique per preview instance, e.g. `qa1-`). */
  idPrefix: string;
  /** The render's nonce: `data-qa-kit` attributes without it are dropped. */
  nonce: string;
  /** When given, filled with the elements decoration needs (see `SanitizeFindings`). */
  found?: SanitizeFindings;
  /**
   * The markup's inline style and handler attribute names were renamed
   * already (`defuseInlineAttributes`, e.g. by the Markdown parser in its
   * worker): not scanned again. Only spares CSP reports; the sanitizing is
   * the same either way.
   */
  defused?: boolean;
}

/** DOMPurify's configuration (exported for the tests that compare DOMPurify builds). */
export const PURIFY_CONFIG: Readonly<Config> = {
  // `body` is the parsed markup's own root, which DOMPurify walks first: not allowed, it would be
  // treated as a removed wrapper and every child deep-copied once (the copies are thrown away).
  // A document's own `<body>` tag never becomes an element (the HTML parser folds it into the
  // root), and the result is the root's children, so this lets nothing new through.
  ALLOWED_TAGS: [...ALLOWED_TAGS, 'body'],
  ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
  ALLOWED_URI_REGEXP: ALLOWED_URI,
  ALLOW_DATA_ATTR: false,
  ALLOW_ARIA_ATTR: false,
  ALLOW_UNKNOWN_PROTOCOLS: false,
  ALLOW_SELF_CLOSE_IN_ATTR: false,
  SAFE_FOR_XML: true,
  SANITIZE_DOM: true,
  KEEP_CONTENT: true,
  WHOLE_DOCUMENT: false,
  RETURN_DOM_FRAGMENT: true,
};

let purify: DOMPurify | null = null;
// The call in progress: its context, and old-style anchors (`<a name="x">`) seen in it.
let current: SanitizeContext | null = null;
let namedAnchors: Array<[Element, string]> = [];

function prefixedId(ctx: SanitizeContext, value: string): string | null {
  const id = value.replace(WHITESPACE, '-').slice(0, MAX_ID_LENGTH);
  return id === '' ? null : ctx.idPrefix + id;
}

// Runs for every attribute of every element: plain comparisons and precompiled patterns only.
function onAttribute(node: Element, data: UponSanitizeAttributeHookEvent): void {
  const ctx = current;
  const value = data.attrValue;
  if (!ctx) {
    data.keepAttr = false;
    return;
  }
  switch (data.attrName) {
    case 'id': {
      const id = prefixedId(ctx, value);
      if (id === null) data.keepAttr = false;
      else data.attrValue = id;
      return;
    }
    case 'class': {
      if (KIT_CLASSES.has(value)) return;
      const kept = value.split(WHITESPACE).filter((c) => KIT_CLASSES.has(c));
      if (kept.length === 0) data.keepAttr = false;
      else data.attrValue = kept.join(' ');
      return;
    }
    case 'dir':
      if (!DIRECTIONS.has(value.toLowerCase())) data.keepAttr = false;
      return;
    case 'data-qa-kit':
      if (!value.startsWith(ctx.nonce + ' ')) data.keepAttr = false;
      else ctx.found?.kit.push(node);
      return;
    case 'data-qa-line':
      if (!LINE_SPAN.test(value)) data.keepAttr = false;
      return;
    case 'data-qa-html':
      if (value !== '') data.keepAttr = false;
      return;
    case 'data-lang':
      if (!LANGUAGE_ID.test(value)) data.keepAttr = false;
      return;
    case 'src':
    case 'href':
      // DOMPurify lets `data:` through on images; the kit never loads them.
      if (DATA_URL.test(value.replace(URL_SPACE, ''))) data.keepAttr = false;
      return;
    case 'name':
      // Old-style anchors (`<a name="x">`) keep working as prefixed ids; `name` itself never survives.
      if (node.localName === 'a') namedAnchors.push([node, value]);
      return;
    case 'type':
      if (node.localName === 'a') data.keepAttr = false;
      return;
    default:
  }
}

// Runs once per element, after its attributes: text direction, and what decoration will need.
function afterAttributes(node: Element): void {
  const name = node.localName;
  if (DIR_AUTO.has(name)) {
    // Parents come first (document order), so the parent's own attribute usually answers at once.
    const parent = node.parentElement;
    if (!node.hasAttribute('dir') && !(parent && (parent.hasAttribute('dir') || parent.closest('[dir]')))) node.setAttribute('dir', 'auto');
    if (name === 'table') current?.found?.tables.push(node as HTMLTableElement);
    return;
  }
  const found = current?.found;
  switch (name) {
    case 'pre':
      node.setAttribute('dir', 'ltr');
      found?.pres.push(node as HTMLPreElement);
      return;
    case 'a':
      found?.links.push(node as HTMLAnchorElement);
      return;
    case 'img':
      found?.images.push(node as HTMLImageElement);
      return;
    default:
  }
}

/**
 * The window DOMPurify works with: the page's own, except that its Trusted
 * Types API offers only `createPolicy`. DOMPurify asks
 * `trustedTypes.getAttributeType()` about every attribute it keeps, to wrap
 * values of Trusted Types sinks (event handlers, `srcdoc`, script URLs), and
 * skips the question when the API lacks it. This allowlist keeps no such
 * attribute on any element it allows (a test checks every pair), so the
 * answer is always "none", and asking cost about a tenth of all sanitizing.
 * DOMPurify's own policy (`dompurify`, for its parser input) is still
 * created through the real API.
 */
function purifyWindow(): WindowLike {
  const tt = (window as Partial<WindowLike>).trustedTypes;
  if (!tt) return window;
  const { document, DocumentFragment, HTMLTemplateElement, Node, Element, NodeFilter, NamedNodeMap, HTMLFormElement, DOMParser } = window;
  const trustedTypes = { createPolicy: tt.createPolicy.bind(tt) } as unknown as WindowLike['trustedTypes'];
  return { document, DocumentFragment, HTMLTemplateElement, Node, Element, NodeFilter, NamedNodeMap, HTMLFormElement, DOMParser, trustedTypes };
}

function instance(): DOMPurify {
  if (purify) return purify;
  const p = createDOMPurify(purifyWindow());
  p.setConfig(PURIFY_CONFIG);
  p.addHook('uponSanitizeAttribute', onAttribute);
  p.addHook('afterSanitizeAttributes', afterAttributes);
  purify = p;
  return p;
}

/**
 * Sanitizes untrusted HTML into a DocumentFragment owned by an inert
 * document (nothing loads until the caller inserts it). Always call it on
 * fresh HTML: a fragment is moved when inserted.
 */
export function sanitizeToFragment(html: string, ctx: SanitizeContext): DocumentFragment {
  const p = instance();
  if (current) throw new Error('sanitizeToFragment is not re-entrant');
  current = ctx;
  try {
    // Inline styles and handlers are renamed before parsing, so a strict page policy has nothing to report.
    const fragment = p.sanitize(ctx.defused ? html : defuseInlineAttributes(html)) as unknown as DocumentFragment;
    for (const [anchor, value] of namedAnchors) {
      const id = anchor.hasAttribute('id') ? null : prefixedId(ctx, value.trim());
      if (id !== null) anchor.setAttribute('id', id);
    }
    return fragment;
  } finally {
    current = null;
    namedAnchors = [];
  }
}
