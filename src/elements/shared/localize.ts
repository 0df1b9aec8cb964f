import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { onTranslationsChange, resolveLocale, term } from '../../i18n/index.js';
import type { QaTerms } from '../../i18n/types.js';

type Host = ReactiveControllerHost & HTMLElement & { locale?: string | null };

const hosts = new Set<Host>();
let observer: MutationObserver | null = null;

function watchDocumentLang(): void {
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver(() => hosts.forEach((h) => h.requestUpdate()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: false });
  onTranslationsChange(() => hosts.forEach((h) => h.requestUpdate()));
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

/**
 * Gives an element its language: the `locale` property, else the nearest
 * `[lang]`, else English; re-renders when the document language or a
 * translation changes.
 */
export class LocalizeController implements ReactiveController {
  constructor(private readonly host: Host) {
    host.addController(this);
  }

  hostConnected(): void {
    hosts.add(this.host);
    watchDocumentLang();
  }

  hostDisconnected(): void {
    hosts.delete(this.host);
  }

  /** The resolved language code (`en`, `ru`, `zh`, or a registered one). */
  get lang(): string {
    return resolveLocale(this.host.locale || closestLang(this.host));
  }

  /** A term in the element's language. */
  t<K extends keyof QaTerms>(key: K, params?: Record<string, string | number>): string {
    return term(this.lang, key, params);
  }
}
