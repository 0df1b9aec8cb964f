/**
 * The one place where untrusted HTML becomes DOM: an explicit allowlist of
 * tags, attributes and URL schemes, returning a DOM fragment. There is no
 * option that turns it off or widens it.
 *
 * Two engines apply the same allowlist and the same rules, and give the same
 * DOM for everything the kit's parser emits (a browser test compares them
 * over the corpus, the CommonMark examples and the hostile suites):
 *
 * - where the browser has the HTML Sanitizer API (`Document.parseHTML` with
 *   a `Sanitizer`), the browser parses and filters the markup (its built-in
 *   safe baseline, the attribute allowlist, no comments), and a short pass
 *   over the result unwraps every element outside the allowlist (keeping its
 *   text), drops processing instructions and customized built-ins, and
 *   applies the value checks below; about twice as fast as DOMPurify's walk
 *   in script (docs/performance.md, "The browser's own sanitizer"). It is
 *   used only after a self-check on a hostile sample gives exactly the
 *   expected DOM and attaches no shadow root;
 * - elsewhere, DOMPurify with the same allowlist and hooks, loaded as a chunk
 *   of its own when first needed (`sanitizerReady`).
 *
 * Two differences are by design: the browser's baseline drops `object`,
 * `embed`, `frame` and `frameset` with their fallback content, where
 * DOMPurify keeps that content as text; and an element holding only text
 * and comments, whose text looks like markup (`&lt;b&gt;`), keeps its text
 * once the browser has dropped the comments, where DOMPurify drops the
 * element and its text.
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
import type { DOMPurify, Config, UponSanitizeAttributeHookEvent, WindowLike } from 'dompurify';
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

// DOMPurify's own value checks, which the native engine's pass repeats
// (same patterns, from DOMPurify 3.5): markup that could close a raw-text
// element or a comment, a self-closing tag, and the characters stripped
// before a value is matched against the URL allowlist.
const ATTR_VALUE_BREAKOUT = /((--!?|])>)|<\/(style|script|title|xmp|textarea|noscript|iframe|noembed|noframes)/i;
const SELF_CLOSING_TAG = /\/>/;
const ATTR_WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/g;
const LEADING_WHITESPACE = /^[\r\n\t ]+/;
/** Allowed attributes whose value is not checked against the URL allowlist (DOMPurify's URI-safe ones). */
const URI_SAFE_ATTRIBUTES: ReadonlySet<string> = new Set(['alt', 'class', 'id', 'title']);
/**
 * Elements dropped with everything inside them, as DOMPurify drops them
 * (its `FORBID_CONTENTS` minus what the allowlist keeps); every other
 * element outside the allowlist is unwrapped and its content kept.
 */
const DROPPED_WITH_CONTENT = [
  'annotation-xml',
  'audio',
  'desc',
  'foreignobject',
  'head',
  'iframe',
  'mi',
  'mn',
  'mo',
  'ms',
  'mtext',
  'noembed',
  'noframes',
  'noscript',
  'plaintext',
  'script',
  'selectedcontent',
  'style',
  'template',
  'title',
  'video',
  'xmp',
];

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

/**
 * The kit's own rule for one attribute, in either engine: the value to keep
 * (rewritten for `id` and `class`), or null to drop it. Runs for every
 * attribute of every element: plain comparisons and precompiled patterns
 * only. Old-style anchors (`<a name>`) are noted here; `name` itself never
 * survives (it is not on the allowlist).
 */
function kitAttribute(ctx: SanitizeContext, node: Element, name: string, value: string): string | null {
  switch (name) {
    case 'id':
      return prefixedId(ctx, value);
    case 'class': {
      if (KIT_CLASSES.has(value)) return value;
      const kept = value.split(WHITESPACE).filter((c) => KIT_CLASSES.has(c));
      return kept.length === 0 ? null : kept.join(' ');
    }
    case 'dir':
      return DIRECTIONS.has(value.toLowerCase()) ? value : null;
    case 'data-qa-kit':
      if (!value.startsWith(ctx.nonce + ' ')) return null;
      ctx.found?.kit.push(node);
      return value;
    case 'data-qa-line':
      return LINE_SPAN.test(value) ? value : null;
    case 'data-qa-html':
      return value === '' ? value : null;
    case 'data-lang':
      return LANGUAGE_ID.test(value) ? value : null;
    case 'src':
    case 'href':
      // DOMPurify lets `data:` through on images; the kit never loads them.
      return DATA_URL.test(value.replace(URL_SPACE, '')) ? null : value;
    case 'name':
      // Old-style anchors (`<a name="x">`) keep working as prefixed ids.
      if (node.localName === 'a') namedAnchors.push([node, value]);
      return value;
    case 'type':
      return node.localName === 'a' ? null : value;
    default:
      return value;
  }
}

// DOMPurify's hook for every attribute of every element.
function onAttribute(node: Element, data: UponSanitizeAttributeHookEvent): void {
  const ctx = current;
  if (!ctx) {
    data.keepAttr = false;
    return;
  }
  const value = kitAttribute(ctx, node, data.attrName, data.attrValue);
  if (value === null) data.keepAttr = false;
  else data.attrValue = value;
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

/** DOMPurify's factory, once its chunk is loaded (`loadDOMPurify`). */
let createDOMPurify: ((window: WindowLike) => DOMPurify) | null = null;
let purifyLoading: Promise<void> | null = null;

/**
 * Loads DOMPurify, a lazy chunk of its own: a page whose browser sanitizes
 * (the native engine) never downloads it. A failed load can be tried again.
 */
export function loadDOMPurify(): Promise<void> {
  purifyLoading ??= import('./dompurify.js').then(
    (m) => {
      createDOMPurify = m.default;
    },
    (e: unknown) => {
      purifyLoading = null;
      throw e;
    },
  );
  return purifyLoading;
}

/** Resolves once `sanitizeToFragment` can run: at once where the browser sanitizes, once DOMPurify is loaded elsewhere. */
export function sanitizerReady(): Promise<void> {
  return sanitizerEngine() === 'native' ? Promise.resolve() : loadDOMPurify();
}

function instance(): DOMPurify {
  if (purify) return purify;
  if (!createDOMPurify) throw new Error('DOMPurify is not loaded: await sanitizerReady() before sanitizing');
  const p = createDOMPurify(purifyWindow());
  p.setConfig(PURIFY_CONFIG);
  p.addHook('uponSanitizeAttribute', onAttribute);
  p.addHook('afterSanitizeAttributes', afterAttributes);
  purify = p;
  return p;
}

// --- the browser's own sanitizer -------------------------------------------

/** The parts of the HTML Sanitizer API the native engine uses. */
export interface SanitizerApi {
  Sanitizer: new (config: object) => object;
  /** `Document.parseHTML`: a new inert document parsed from `html` and filtered by `sanitizer`. */
  parseHTML(html: string, options: { sanitizer: object }): Document;
}

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';
const MATHML_NAMESPACE = 'http://www.w3.org/1998/Math/MathML';
const ALLOWED_ATTRIBUTE_SET: ReadonlySet<string> = new Set(ALLOWED_ATTRIBUTES);
const ALLOWED_TAG_SET: ReadonlySet<string> = new Set(ALLOWED_TAGS);

/**
 * A hostile sample and the DOM both engines make of it: the native engine is
 * used only if the browser's gives exactly this, and attaches no shadow root
 * from the declarative one (which would hide its content from the pass).
 */
const SELF_CHECK_HTML =
  '<p onclick="x()" data-x="1" class="qa-code evil" title="t" id="i">a<my-el>b</my-el><script>c()</script><!--d--><?x y?><svg><text>e</text></svg><b is="x-b">z</b>' +
  '<a href="javascript:f()" name="n">g</a><img src=" data:image/png;base64,AA" alt="h"><template><i>j</i></template></p><pre dir="rtl">k</pre>' +
  '<div><template shadowrootmode="closed"><i>l</i></template></div>';
const SELF_CHECK_DOM = '<p class="qa-code" title="t" id="s-i" dir="auto">ab<a id="s-n">g</a><img alt="h"></p><pre dir="ltr">k</pre><div></div>';

/**
 * The browser's sanitizer with the kit's configuration (the attribute
 * allowlist, no comments, the elements dropped with their content), and the
 * pass that finishes its work.
 */
class NativeEngine {
  private readonly sanitizer: object;
  private readonly form = document.createElement('form');

  constructor(private readonly api: SanitizerApi) {
    this.sanitizer = new api.Sanitizer({
      removeElements: [...DROPPED_WITH_CONTENT, { name: 'svg', namespace: SVG_NAMESPACE }, { name: 'math', namespace: MATHML_NAMESPACE }],
      // `name` for old-style anchors, and `is` so that the pass can see (and drop) customized built-ins.
      attributes: [...ALLOWED_ATTRIBUTES, 'name', 'is'],
      comments: false,
      dataAttributes: false,
    });
  }

  /**
   * One attribute the browser kept: the kit's rule, then DOMPurify's own
   * checks in DOMPurify's order (the value trimmed, no markup breakout, no
   * self-closing tag, no id naming a property of the document or of a form,
   * every attribute but the URI-safe ones matching the URL allowlist). The
   * value to keep, or null.
   */
  private attribute(ctx: SanitizeContext, node: Element, name: string, raw: string): string | null {
    const value = kitAttribute(ctx, node, name, raw.trim());
    if (value === null || !ALLOWED_ATTRIBUTE_SET.has(name)) return null;
    if (ATTR_VALUE_BREAKOUT.test(value) || SELF_CLOSING_TAG.test(value)) return null;
    if (name === 'id' && (value in document || value in this.form)) return null;
    if (URI_SAFE_ATTRIBUTES.has(name) || value === '') return value;
    return ALLOWED_URI.test(value.replace(ATTR_WHITESPACE, '')) ? value : null;
  }

  toFragment(html: string, ctx: SanitizeContext): DocumentFragment {
    // Parsed as a whole document, as DOMPurify parses: the same quirks, the same handling of what
    // comes before the body; the result is the body's content, after the leading white space that
    // DOMPurify keeps.
    const doc = this.api.parseHTML(html, { sanitizer: this.sanitizer });
    const root = doc.createDocumentFragment();
    const lead = LEADING_WHITESPACE.exec(html);
    if (lead) root.append(lead[0]);
    const body = doc.body;
    if (body?.localName === 'body') root.append(...body.childNodes);
    // Processing instructions (the HTML parser makes them in this browser, as markers for patching
    // parts of a page) are not the document's content: DOMPurify drops them, and so does this pass.
    const instructions = doc.createTreeWalker(root, NodeFilter.SHOW_PROCESSING_INSTRUCTION);
    const drop: Node[] = [];
    while (instructions.nextNode()) drop.push(instructions.currentNode);
    for (const node of drop) node.parentNode!.removeChild(node);
    // One list of the elements, in document order (matching selectors against every element
    // cost more than reading their names here), taken again after a step that changed the tree.
    let all = root.querySelectorAll('*');
    let changed = false;
    // Elements outside the allowlist go, their content stays (DOMPurify's KEEP_CONTENT).
    for (const el of all)
      if (!ALLOWED_TAG_SET.has(el.localName)) {
        el.replaceWith(...el.childNodes);
        changed = true;
      }
    if (changed) all = root.querySelectorAll('*');
    changed = false;
    // An allowed element made as a customized built-in (`is`) keeps that state without the
    // attribute: it goes with its content, as DOMPurify drops it.
    for (const el of all)
      if (el.hasAttribute('is')) {
        el.remove();
        changed = true;
      }
    if (changed) all = root.querySelectorAll('*');
    // Then each element as DOMPurify's walk leaves it: its attributes, then the direction and
    // findings (`afterAttributes`; ancestors come first, so theirs are settled).
    for (const el of all) {
      if (el.hasAttributes()) {
        const attributes = el.attributes;
        for (let i = attributes.length - 1; i >= 0; i -= 1) {
          const attr = attributes[i]!;
          const { name, value } = attr;
          const kept = this.attribute(ctx, el, name, value);
          if (kept === null) el.removeAttribute(name);
          else if (kept !== value) attr.value = kept;
        }
      }
      afterAttributes(el);
    }
    return root;
  }
}

/**
 * The engine for `api` if it sanitizes as the kit expects: it gives exactly
 * the expected DOM for a hostile sample. An older or different
 * implementation (another configuration dialect, another baseline) fails,
 * and DOMPurify does the work instead.
 */
function checkedEngine(api: SanitizerApi): NativeEngine | null {
  try {
    const engine = new NativeEngine(api);
    const holder = document.createElement('div');
    holder.append(runEngine(engine, SELF_CHECK_HTML, { idPrefix: 's-', nonce: 's' }));
    if (holder.innerHTML !== SELF_CHECK_DOM) return null;
    // A closed shadow root cannot be seen, only found: attaching another one then fails.
    holder.querySelector('div')!.attachShadow({ mode: 'open' });
    return engine;
  } catch {
    return null;
  }
}

/** Whether `api` passes the self-check (`checkedEngine`). */
export function nativeEngineWorks(api: SanitizerApi): boolean {
  return checkedEngine(api) !== null;
}

/** The page's native engine: undefined until first asked for, null where the browser has none that passes the check. */
let native: NativeEngine | null | undefined;

function nativeEngine(): NativeEngine | null {
  if (native !== undefined) return native;
  const Sanitizer = (globalThis as { Sanitizer?: SanitizerApi['Sanitizer'] }).Sanitizer;
  const parseHTML = (Document as { parseHTML?: SanitizerApi['parseHTML'] }).parseHTML;
  native = typeof Sanitizer === 'function' && typeof parseHTML === 'function' ? checkedEngine({ Sanitizer, parseHTML: parseHTML.bind(Document) }) : null;
  return native;
}

/** Which engine sanitizes on this page: `native` (the browser's Sanitizer API) or `dompurify`. */
export function sanitizerEngine(): 'native' | 'dompurify' {
  if (forcedEngine) return forcedEngine;
  return nativeEngine() ? 'native' : 'dompurify';
}

let forcedEngine: 'native' | 'dompurify' | null = null;

/** For tests that compare the two engines: forces one (null: back to the page's own choice). */
export function forceSanitizerEngine(engine: 'native' | 'dompurify' | null): void {
  forcedEngine = engine;
}

function runEngine(engine: NativeEngine | null, html: string, ctx: SanitizeContext): DocumentFragment {
  if (current) throw new Error('sanitizeToFragment is not re-entrant');
  current = ctx;
  try {
    // Inline styles and handlers are renamed before parsing, so a strict page policy has nothing to report.
    const markup = ctx.defused ? html : defuseInlineAttributes(html);
    let fragment: DocumentFragment;
    if (engine) fragment = engine.toFragment(markup, ctx);
    else {
      const p = instance();
      const out: unknown = p.sanitize(markup);
      // Markup that opens with a frameset has no body: DOMPurify answers with an empty string.
      fragment = out instanceof Node ? (out as DocumentFragment) : document.implementation.createHTMLDocument('').createDocumentFragment();
      // DOMPurify reports elements it removed later (inside a template, or with an `is`): not findings.
      const found = ctx.found;
      if (found && p.removed.length > 0) {
        const kept = <T extends Node>(list: T[]) => list.filter((node) => fragment.contains(node));
        found.links = kept(found.links);
        found.images = kept(found.images);
        found.pres = kept(found.pres);
        found.tables = kept(found.tables);
        found.kit = kept(found.kit);
      }
    }
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

/**
 * Sanitizes untrusted HTML into a DocumentFragment owned by an inert
 * document (nothing loads until the caller inserts it). Always call it on
 * fresh HTML: a fragment is moved when inserted. Where DOMPurify does the
 * work, `sanitizerReady()` must have resolved first.
 */
export function sanitizeToFragment(html: string, ctx: SanitizeContext): DocumentFragment {
  const engine = forcedEngine === 'dompurify' ? null : nativeEngine();
  if (forcedEngine === 'native' && !engine) throw new Error('the browser has no usable HTML Sanitizer API');
  return runEngine(engine, html, ctx);
}
