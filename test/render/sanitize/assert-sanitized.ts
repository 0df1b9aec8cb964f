/**
 * A reusable check that a rendered subtree holds nothing dangerous: no
 * scripting or embedding elements, no forms, no SVG/MathML except the kit's
 * own icons, no event handlers or inline styles, no `name`, no URLs other
 * than http(s)/mailto/fragment/relative, no unprefixed ids.
 */
import { expect } from 'chai';

const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'form',
  'button',
  'textarea',
  'select',
  'option',
  'meta',
  'base',
  'link',
  'template',
  'noscript',
  'audio',
  'video',
  'source',
  'track',
  'picture',
  'portal',
  'dialog',
  'marquee',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'title',
  'head',
  'body',
  'html',
  'math',
  'svg',
  'slot',
  'fencedframe',
  'canvas',
  'map',
  'area',
  'label',
  'output',
  'fieldset',
  'isindex',
  'keygen',
  'param',
  'image',
]);
const FORBIDDEN_ATTRS = new Set([
  'style',
  'name',
  'srcset',
  'formaction',
  'action',
  'background',
  'ping',
  'poster',
  'srcdoc',
  'data',
  'codebase',
  'xlink:href',
  'xmlns',
  'is',
  'slot',
  'contenteditable',
  'autofocus',
  'form',
  'popover',
  'popovertarget',
  'nonce',
  'integrity',
  'http-equiv',
  'content',
  'lowsrc',
  'dynsrc',
  'usemap',
  'shadowroot',
  'shadowrootmode',
  'tabindex-x',
]);
const URL_ATTRS = ['href', 'src', 'cite', 'longdesc', 'action', 'formaction', 'poster', 'background', 'xlink:href'];
// http(s), mailto, or no scheme at all (a colon only after the first `/`, `?` or `#`).
const SAFE_URL = /^(?:https?:|mailto:|[^:/?#]*(?:[/?#]|$))/i;
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';

export interface SanitizeCheckOptions {
  /** Every `id` must start with this prefix. */
  idPrefix?: string;
}

function isKitIcon(el: Element): boolean {
  const svg = el.namespaceURI === SVG_NS && el.localName === 'svg' ? el : el.closest('svg');
  if (!svg || svg.getAttribute('part') !== 'icon' || svg.getAttribute('aria-hidden') !== 'true') return false;
  return Array.from(svg.querySelectorAll('*')).every((c) => c.localName === 'path' && c.getAttributeNames().every((n) => n === 'd'));
}

function isKitCheckbox(el: Element): boolean {
  return (
    el instanceof HTMLInputElement &&
    el.type === 'checkbox' &&
    el.disabled &&
    el.classList.contains('task-list-item-checkbox') &&
    el.getAttributeNames().every((n) => ['type', 'disabled', 'class', 'aria-label', 'checked'].includes(n))
  );
}

/** Lists what is wrong under `root` (empty when clean). */
export function findSanitizeProblems(root: ParentNode, options: SanitizeCheckOptions = {}): string[] {
  const problems: string[] = [];
  const describe = (el: Element) => `<${el.localName}${el.id ? `#${el.id}` : ''}>`;
  for (const el of Array.from(root.querySelectorAll('*'))) {
    const tag = el.localName;
    if ((el.namespaceURI === SVG_NS || el.namespaceURI === MATHML_NS) && !isKitIcon(el)) {
      problems.push(`foreign element ${describe(el)}`);
      continue;
    }
    if (tag === 'input') {
      if (!isKitCheckbox(el)) problems.push(`form control ${describe(el)}`);
    } else if (FORBIDDEN_TAGS.has(tag) && !(tag === 'svg' && isKitIcon(el))) {
      problems.push(`forbidden element ${describe(el)}`);
    }
    if ((el as HTMLElement).shadowRoot) problems.push(`shadow root on ${describe(el)}`);
    for (const name of el.getAttributeNames()) {
      const value = el.getAttribute(name) ?? '';
      const lc = name.toLowerCase();
      if (lc.startsWith('on')) problems.push(`event handler ${lc} on ${describe(el)}`);
      if (FORBIDDEN_ATTRS.has(lc)) problems.push(`attribute ${lc} on ${describe(el)}`);
      if (URL_ATTRS.includes(lc)) {
        const compact = value.replace(/[\u0000-\u0020\u007F-\u009F\u200B-\u200F\u2028\u2029\u202A-\u202E\u2060-\u2069\uFEFF]/g, '');
        if (!SAFE_URL.test(compact) || /^(?:javascript|vbscript|data|file|blob|filesystem):/i.test(compact)) {
          problems.push(`unsafe URL ${lc}="${value.slice(0, 80)}" on ${describe(el)}`);
        }
      }
      if (lc === 'target' && (value !== '_blank' || !/\bnoopener\b/.test(el.getAttribute('rel') ?? ''))) {
        problems.push(`target without noopener on ${describe(el)}`);
      }
      if (lc === 'id' && options.idPrefix && !value.startsWith(options.idPrefix)) problems.push(`unprefixed id "${value}"`);
      if (lc === 'data-qa-kit') problems.push(`leftover kit marker on ${describe(el)}`);
    }
    if (tag === 'img') {
      if (el.getAttribute('referrerpolicy') !== 'no-referrer') problems.push('image without referrerpolicy=no-referrer');
      if (!/^https?:/i.test(el.getAttribute('src') ?? '')) problems.push('image with a non-http source');
    }
  }
  return problems;
}

/** Fails the test when anything dangerous survived under `root`. */
export function assertSanitized(root: ParentNode, options: SanitizeCheckOptions = {}): void {
  expect(findSanitizeProblems(root, options)).to.deep.equal([]);
}
