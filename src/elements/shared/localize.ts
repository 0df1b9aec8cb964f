import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { onTranslationsChange, resolveLocale, term, translationPending } from '../../i18n/index.js';
import { closestLang } from '../../i18n/lang.js';
import type { QaTerms, Translate } from '../../i18n/types.js';

type Host = ReactiveControllerHost & HTMLElement & { locale?: string | null };

const hosts = new Set<Host>();
let observer: MutationObserver | null = null;
/** Bumped whenever a translation is registered: cached lookups made before are stale. */
let revision = 0;
onTranslationsChange(() => {
  revision += 1;
});

/** The language of a render and its term lookup. */
export interface Translator {
  readonly lang: string;
  /** Terms without parameters are looked up once; the function is the same object while language and translations stay the same. */
  readonly t: Translate;
}

function translatorFor(lang: string): Translator {
  const plain = new Map<string, string>();
  const t: Translate = (key, params) => {
    if (params) return term(lang, key, params);
    let text = plain.get(key);
    if (text === undefined) plain.set(key, (text = term(lang, key)));
    return text;
  };
  return { lang, t };
}

/** The document's language, asked for as soon as the elements are defined: its terms load beside the rest of the page. */
if (typeof document !== 'undefined') void translationPending(resolveLocale(document.documentElement.getAttribute('lang')));

function watchDocumentLang(): void {
  if (observer || typeof MutationObserver === 'undefined') return;
  observer = new MutationObserver(() => hosts.forEach((h) => h.requestUpdate()));
  observer.observe(document.documentElement, { attributes: true, attributeFilter: ['lang'], subtree: false });
  onTranslationsChange(() => hosts.forEach((h) => h.requestUpdate()));
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

  /**
   * Null when the element's language can be shown now; else the load of its
   * terms (started here), which the element waits for before it renders, so
   * it never shows English first and then its own language. A load that
   * fails, or takes longer than `TERMS_WAIT_MS`, lets it render in English;
   * terms that arrive later re-render it.
   */
  pending(): Promise<void> | null {
    return translationPending(this.lang);
  }

  /** Runs `update` now, or once the element's terms are there (an element's `scheduleUpdate` goes through this). */
  whenReady<T>(update: () => T): T | Promise<Awaited<T>> {
    const terms = this.pending();
    // `then` unwraps a promise `update` returns.
    return terms ? (terms.then(update) as Promise<Awaited<T>>) : update();
  }

  /** The resolved language code (`en`, `ru`, `zh`, or a registered one). */
  get lang(): string {
    return resolveLocale(this.host.locale || closestLang(this.host));
  }

  /** A term in the element's language. */
  t<K extends keyof QaTerms>(key: K, params?: Record<string, string | number>): string {
    return term(this.lang, key, params);
  }

  private current: Translator | null = null;
  private currentRevision = -1;

  /**
   * The language and term lookup for one render: the language is found once
   * (not once per term), and the same lookup object comes back while neither
   * the language nor the translations change, so parts of a template can be
   * skipped when nothing they show changed.
   */
  translator(): Translator {
    const lang = this.lang;
    if (!this.current || this.current.lang !== lang || this.currentRevision !== revision) {
      this.current = translatorFor(lang);
      this.currentRevision = revision;
    }
    return this.current;
  }
}
