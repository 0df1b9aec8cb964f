/**
 * Work on a freshly sanitized chunk before it is inserted (while it still
 * belongs to DOMPurify's inert document, so no image has started loading):
 * the link policy, image placeholders, the kit's own controls and icons,
 * scrollable tables and code blocks.
 */
import { term } from '../../i18n/index.js';
import type { QaTerms } from '../../i18n/types.js';
import { hostNotice } from '../links.js';
import { describeHost, toOpenableUrl } from '../../model/url.js';
import type { SanitizeFindings } from '../sanitize.js';
import { revealCharacters } from '../reveal.js';
import { classifyHref } from '../../workspace/links.js';
import { basename } from '../../workspace/paths.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** What decoration needs from the render. */
export interface DecorateContext {
  path: string;
  idPrefix: string;
  nonce: string;
  locale: string;
  allowRemoteImages: boolean;
  /** Links waiting for the host's answer: the placeholder and where it would go. */
  pendingLinks: Array<{ el: HTMLElement; path: string; fragment: string }>;
  /** Fenced code blocks to highlight when they come near the viewport. */
  codeBlocks: HTMLElement[];
}

// Icon bodies on a 24-unit grid, stroked with currentColor (same drawing style as the kit's other icons).
const ICONS = {
  image: 'M5 4h14a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2zM11 10a2 2 0 1 1-4 0 2 2 0 0 1 4 0zM21 16l-5-5-9 9',
  note: 'M12 3a9 9 0 1 1 0 18 9 9 0 0 1 0-18zM12 11v5M12 7.5v.01',
  tip: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1.1 2.2h5c.1-1 .5-1.7 1.1-2.2A6 6 0 0 0 12 3z',
  important: 'M4 4h16v12H9l-5 4zM12 7v4M12 13.5v.01',
  warning: 'M12 3 2 20h20zM12 10v4M12 17.5v.01',
  caution: 'M8 3h8l5 5v8l-5 5H8l-5-5V8zM12 8v5M12 16.5v.01',
} as const;

type IconName = keyof typeof ICONS;
const iconCache = new Map<IconName, SVGSVGElement>();

/** A kit icon as inline SVG, created by the kit (never from the document), marked `part="icon"`. */
export function kitIcon(doc: Document, name: IconName, cls: string): SVGSVGElement {
  let template = iconCache.get(name);
  if (!template) {
    template = document.createElementNS(SVG_NS, 'svg');
    for (const [k, v] of Object.entries({
      viewBox: '0 0 24 24',
      width: '16',
      height: '16',
      fill: 'none',
      stroke: 'currentColor',
      'stroke-width': '1.8',
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
      'aria-hidden': 'true',
      focusable: 'false',
      part: 'icon',
    }))
      template.setAttribute(k, v);
    const path = document.createElementNS(SVG_NS, 'path');
    path.setAttribute('d', ICONS[name]);
    template.append(path);
    iconCache.set(name, template);
  }
  const svg = doc.importNode(template, true);
  svg.setAttribute('class', `qa-icon ${cls}`);
  return svg;
}

/**
 * The mark after an external link: an empty span that the styles draw
 * (the `external` icon's shape, see `.qa-external-icon`), marked
 * `part="icon"` like the kit's other icons. Not an inline SVG: documents
 * such as changelogs hold thousands of links, and an SVG per link cost more
 * than all the rest of a link's decoration, and tripled its layout.
 */
function externalMark(doc: Document): HTMLElement {
  const mark = doc.createElement('span');
  mark.className = 'qa-icon qa-external-icon';
  mark.setAttribute('part', 'icon');
  mark.setAttribute('aria-hidden', 'true');
  return mark;
}

const ALERT_TERMS: Record<string, keyof QaTerms> = {
  note: 'alertNote',
  tip: 'alertTip',
  important: 'alertImportant',
  warning: 'alertWarning',
  caution: 'alertCaution',
};

function kitRole(el: Element, nonce: string): string[] | null {
  const value = el.getAttribute('data-qa-kit') ?? '';
  el.removeAttribute('data-qa-kit');
  if (!value.startsWith(nonce + ' ')) return null;
  return value.slice(nonce.length + 1).split(' ');
}

function decorateKitElements(doc: Document, elements: readonly Element[], ctx: DecorateContext): void {
  for (const el of elements) {
    const role = kitRole(el, ctx.nonce);
    if (!role) continue;
    switch (role[0]) {
      case 'task': {
        const box = doc.createElement('input');
        box.type = 'checkbox';
        box.disabled = true;
        box.checked = role[1] === 'checked';
        box.className = 'task-list-item-checkbox';
        const item = el.closest('li');
        const label = (item?.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 200);
        if (label) box.setAttribute('aria-label', label);
        el.replaceWith(box);
        break;
      }
      case 'alert-title': {
        const type = role[1] ?? 'note';
        const key = ALERT_TERMS[type] ?? 'alertNote';
        if (!el.textContent?.trim()) el.textContent = term(ctx.locale, key);
        el.prepend(kitIcon(doc, (type in ICONS ? type : 'note') as IconName, 'qa-alert-icon'));
        break;
      }
      case 'front-matter':
        el.textContent = term(ctx.locale, 'frontMatter');
        break;
      case 'footnotes-label':
        el.textContent = term(ctx.locale, 'footnotes');
        break;
      case 'backref':
        el.setAttribute('aria-label', term(ctx.locale, 'backToContent'));
        break;
      default:
        break;
    }
  }
}

/** Replaces a link with plain text that says why it is not a link. */
function unlink(a: HTMLAnchorElement, ctx: DecorateContext, pending: boolean): HTMLElement {
  const span = a.ownerDocument.createElement('span');
  span.className = pending ? 'qa-link-pending' : 'qa-link-unavailable';
  span.setAttribute('data-qa-link', pending ? 'pending' : 'unavailable');
  // A pending link keeps the document's title (`[a](b.md "Title")`) for when it becomes a link.
  if (!pending) span.title = term(ctx.locale, 'linkUnavailable');
  else if (a.title) span.title = a.title;
  if (a.id) span.id = a.id;
  span.append(...a.childNodes);
  a.replaceWith(span);
  return span;
}

// Everything else on a link is rebuilt from its classified target.
const KEPT_LINK_ATTRIBUTES = new Set(['id', 'title', 'class', 'aria-label']);

function decorateLinks(doc: Document, links: readonly HTMLAnchorElement[], ctx: DecorateContext): void {
  let opensInNewTab: string | undefined;
  for (const a of links) {
    const href = a.getAttribute('href');
    const title = a.getAttribute('title');
    for (const attr of Array.from(a.attributes)) if (!KEPT_LINK_ATTRIBUTES.has(attr.name)) a.removeAttribute(attr.name);
    if (href === null) {
      // An empty anchor target (`<a name="x"></a>`) stays; a link whose URL was refused becomes text.
      if (!(a.id && !a.textContent?.trim())) unlink(a, ctx, false);
      continue;
    }
    const target = classifyHref(href, ctx.path);
    switch (target.kind) {
      case 'external': {
        a.href = target.href;
        a.target = '_blank';
        a.rel = 'noopener noreferrer';
        a.referrerPolicy = 'no-referrer';
        a.setAttribute('data-qa-link', 'external');
        const notice = hostNotice(target.href, a.textContent ?? '');
        if (notice) {
          const chip = doc.createElement('span');
          chip.className = 'qa-link-host';
          chip.dir = 'ltr';
          chip.textContent = notice.host;
          chip.title = term(ctx.locale, notice.reason === 'lookalike' ? 'lookalikeHost' : 'linkGoesTo', { host: notice.host });
          a.append(chip);
        }
        a.append(externalMark(doc));
        if (!title) a.title = opensInNewTab ??= term(ctx.locale, 'opensInNewTab');
        break;
      }
      case 'anchor':
        a.href = `#${ctx.idPrefix}${target.fragment}`;
        a.setAttribute('data-qa-link', 'anchor');
        a.setAttribute('data-qa-target', ctx.idPrefix + target.fragment);
        break;
      case 'workspace': {
        const span = unlink(a, ctx, true);
        ctx.pendingLinks.push({ el: span, path: target.path, fragment: target.fragment });
        break;
      }
      default:
        unlink(a, ctx, false);
    }
  }
}

/** Turns a pending workspace-link placeholder into a real link (the host accepted `path`). */
export function acceptWorkspaceLink(el: HTMLElement, path: string, fragment: string): HTMLAnchorElement {
  const a = el.ownerDocument.createElement('a');
  a.href = fragment ? `${path}#${fragment}` : path;
  a.setAttribute('data-qa-link', 'workspace');
  a.setAttribute('data-qa-target', path);
  if (fragment) a.setAttribute('data-qa-fragment', fragment);
  if (el.id) a.id = el.id;
  if (el.title) a.title = el.title;
  a.append(...el.childNodes);
  el.replaceWith(a);
  return a;
}

/** Marks a pending workspace-link placeholder as refused: plain text with a tooltip. */
export function refuseWorkspaceLink(el: HTMLElement, locale: string): void {
  el.className = 'qa-link-unavailable';
  el.setAttribute('data-qa-link', 'unavailable');
  el.title = term(locale, 'linkUnavailable');
}

function decorateImages(doc: Document, images: readonly HTMLImageElement[], ctx: DecorateContext): void {
  const links = new Set<HTMLAnchorElement>();
  for (const img of images) {
    const link = img.closest('a');
    if (link) links.add(link);
    const src = (img.getAttribute('src') ?? '').trim();
    const alt = (img.getAttribute('alt') ?? '').trim();
    const remote = /^https?:/i.test(src.replace(/[\u0000-\u0020]/g, '')) ? toOpenableUrl(src) : null;
    if (remote && ctx.allowRemoteImages) {
      const live = doc.createElement('img');
      live.alt = alt;
      for (const a of ['width', 'height', 'align', 'title']) {
        const v = img.getAttribute(a);
        if (v !== null) live.setAttribute(a, v);
      }
      live.referrerPolicy = 'no-referrer';
      live.loading = 'lazy';
      live.decoding = 'async';
      live.setAttribute('data-qa-image', 'remote');
      live.src = remote;
      img.replaceWith(live);
      continue;
    }
    const where = remote ? (describeHost(remote)?.display ?? '') : src && !/^[a-z][a-z0-9+.-]*:/i.test(src) ? basename(src.split(/[?#]/)[0]!) : '';
    const box = doc.createElement('span');
    box.className = 'qa-image';
    box.setAttribute('data-qa-image', remote ? 'blocked-remote' : src ? 'blocked-local' : 'blocked');
    box.title = term(ctx.locale, 'imageBlocked');
    box.append(kitIcon(doc, 'image', 'qa-image-icon'));
    const text = doc.createElement('span');
    text.className = 'qa-image-alt';
    text.textContent = alt || term(ctx.locale, 'imageBlocked');
    box.append(text);
    if (where) {
      const host = doc.createElement('span');
      host.className = 'qa-image-source';
      host.dir = 'ltr';
      host.textContent = where;
      box.append(host);
    }
    img.replaceWith(box);
  }
  for (const link of links) if (onlyImages(link)) link.classList.add('qa-image-link');
}

/**
 * True when a link holds images and no text of its own (a row of badges):
 * such a link is not underlined, or the spaces between its images would show
 * as stray underscores.
 */
function onlyImages(link: HTMLAnchorElement): boolean {
  const walker = link.ownerDocument.createTreeWalker(link, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.parentElement?.closest('.qa-image') || !node.nodeValue?.trim()) continue;
    return false;
  }
  return true;
}

function decorateBlocks(doc: Document, found: SanitizeFindings, ctx: DecorateContext): void {
  for (const pre of found.pres) {
    pre.tabIndex = 0;
    // The kit's own code blocks are `<pre class="qa-code" data-lang><code>…</code></pre>`.
    const code = pre.firstElementChild;
    if (code?.localName === 'code' && pre.getAttribute('data-lang') && pre.classList.contains('qa-code')) ctx.codeBlocks.push(code as HTMLElement);
  }
  // Only outermost tables scroll: a table inside another one's cell stays where it is. Moving a table moves
  // its whole subtree, so wrapping every table of a nested stack cost depth × size (5,000 nested tables: seconds).
  let outer: HTMLTableElement | null = null;
  for (const table of found.tables) {
    // In document order: a nested table follows the table that holds it.
    if (outer?.contains(table)) continue;
    outer = table;
    if (table.parentElement?.classList.contains('qa-table')) continue;
    const wrap = doc.createElement('div');
    wrap.className = 'qa-table';
    wrap.tabIndex = 0;
    table.replaceWith(wrap);
    wrap.append(table);
  }
}

// Characters that reorder the text around them (Trojan Source). Plain marks (LRM, RLM, ALM) are
// ordinary in right-to-left writing and stay.
const REORDERING = /[\u202A-\u202E\u2066-\u2069]/;
// The same characters in markup: as they are, or as numeric character references (no named ones exist).
const REORDERING_IN_MARKUP = /[\u202A-\u202E\u2066-\u2069]|&#(?:x0*(?:202[a-e]|206[6-9])|0*(?:823[4-8]|829[4-7]))(?![0-9a-f])/i;

/** False when `html` cannot produce text with direction overrides or isolates (a quick look at the markup before parsing it). */
export function mayReorder(html: string): boolean {
  return REORDERING_IN_MARKUP.test(html);
}

/** Shows direction overrides and isolates as visible markers instead of letting them reorder text. */
function revealReordering(root: DocumentFragment, ctx: DecorateContext): void {
  revealCharacters(root, REORDERING, 'qa-bidi', term(ctx.locale, 'bidiWarning'));
}

/**
 * All decoration of one sanitized chunk, in place, working on the elements
 * the sanitizer found (`found`), so each is looked at once. `reordering`:
 * the chunk's markup may hold direction overrides (see `mayReorder`).
 */
export function decorate(root: DocumentFragment, found: SanitizeFindings, ctx: DecorateContext, reordering = true): void {
  const doc = root.ownerDocument;
  if (reordering) revealReordering(root, ctx);
  decorateKitElements(doc, found.kit, ctx);
  decorateLinks(doc, found.links, ctx);
  decorateImages(doc, found.images, ctx);
  decorateBlocks(doc, found, ctx);
}
