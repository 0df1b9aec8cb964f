/**
 * Term tables and lookup. Languages: `en`, `ru`, `zh` built in; more can be
 * registered, and any term overridden, with `registerTranslation`.
 *
 * English is part of the page's first load; the other built-in tables are
 * lazy chunks of a few KB, loaded when a language needs them
 * (`loadTranslation`). The elements ask for theirs before they render in it,
 * and the document's language is asked for as soon as they are defined, so a
 * page in Russian has its terms by the time an element first renders.
 */
import { en } from './en.js';
import { matchLocale, normalizeTag } from './lang.js';
import type { QaPlural, QaTerm, QaTerms } from './types.js';
import { byteScale, type QaByteScale } from '../workspace/bytes.js';

export type { QaPlural, QaTerm, QaTerms, QaBuiltinLocale } from './types.js';
export { en };

/** Where the built-in tables other than English come from. */
const BUILT_IN: Readonly<Record<string, () => Promise<QaTerms>>> = {
  ru: () => import('./ru.js').then((m) => m.ru),
  zh: () => import('./zh.js').then((m) => m.zh),
};

/** Built-in tables that have arrived (English always has). */
const builtIn = new Map<string, Partial<QaTerms>>([['en', en]]);
/** Terms given to `registerTranslation`, per language: they win over the built-in table. */
const registered = new Map<string, Partial<QaTerms>>();
/**
 * An element waits this long at most for its language's terms (from the
 * start of their load); past it, it renders in English and again in its
 * language when the terms arrive. A chunk that hangs never leaves it blank.
 */
const TERMS_WAIT_MS = 1_000;

/** A load under way: the load itself, and what an element waits for (the load, or `TERMS_WAIT_MS`). */
interface Load {
  done: Promise<void>;
  wait: Promise<void>;
}
/** Loads under way, per built-in language. */
const loads = new Map<string, Load>();
/** Built-in languages whose table could not be loaded: they show in English until `loadTranslation` tries again. */
const failed = new Set<string>();

function isBuiltIn(code: string): boolean {
  return Object.prototype.hasOwnProperty.call(BUILT_IN, code);
}

const listeners = new Set<() => void>();

/**
 * Adds a language, or overrides some terms of one
 * (`registerTranslation('ru', { sources: 'Ссылки' })`). Terms given as
 * `undefined` are ignored; a language needs no term it leaves to English.
 */
export function registerTranslation(locale: string, terms: Partial<QaTerms>): void {
  const key = normalizeTag(locale);
  if (!key) return;
  const table: Partial<QaTerms> = { ...(registered.get(key) ?? {}) };
  for (const name of Object.keys(terms) as Array<keyof QaTerms>) {
    const value = terms[name];
    if (value !== undefined) (table as Record<string, QaTerm>)[name] = value;
  }
  registered.set(key, table);
  notify();
}

function notify(): void {
  for (const l of listeners) l();
}

/**
 * The built-in table of a language, loading it the first time (English is
 * always there): null for a language the kit has no table of, and for one
 * whose table could not be loaded (a warning says so, and its terms show in
 * English). Elements call this themselves; call it to have a language ready
 * before an element needs it, or to start a translation from the kit's own.
 */
export async function loadTranslation(locale: string): Promise<Readonly<Partial<QaTerms>> | null> {
  const code = matchLocale(locale, (c) => c === 'en' || isBuiltIn(c));
  if (!code) return null;
  failed.delete(code);
  await startLoad(code)?.done;
  return builtIn.get(code) ?? null;
}

/**
 * Null when the terms of `locale` (a resolved language code) can be looked up
 * now; else what an element waits for before it renders: the load of its
 * built-in table (started here), for at most `TERMS_WAIT_MS` from the load's
 * start. Never rejects.
 */
export function translationPending(locale: string): Promise<void> | null {
  return startLoad(locale)?.wait ?? null;
}

function startLoad(locale: string): Load | null {
  if (builtIn.has(locale) || failed.has(locale) || !isBuiltIn(locale)) return null;
  let load = loads.get(locale);
  if (!load) {
    const done = BUILT_IN[locale]!().then(
      (table) => {
        builtIn.set(locale, table);
        notify();
      },
      (error: unknown) => {
        failed.add(locale);
        console.warn(`qa-sources-kit: could not load the ${locale} terms (${error instanceof Error ? error.message : String(error)}); showing English.`);
      },
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const wait = Promise.race([done, new Promise<void>((resolve) => (timer = setTimeout(resolve, TERMS_WAIT_MS)))]);
    load = { done, wait };
    void done.finally(() => {
      clearTimeout(timer);
      loads.delete(locale);
    });
    loads.set(locale, load);
  }
  return load;
}

/** Called whenever a translation is registered or a built-in table arrives, so elements re-render. */
export function onTranslationsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Language codes that have a term table: the built-in ones (loaded or not), then the registered ones. */
export function availableLocales(): string[] {
  return [...new Set(['en', ...Object.keys(BUILT_IN), ...registered.keys()])];
}

/**
 * The best registered language for a BCP 47 tag, dropping subtags until one
 * matches: `ru-RU` → `ru`, `zh-Hans-CN` → `zh`, `ZH` → `zh`, unknown → `en`.
 */
export function resolveLocale(tag: string | null | undefined): string {
  if (typeof tag !== 'string') return 'en';
  return matchLocale(tag, (code) => code === 'en' || isBuiltIn(code) || registered.has(code)) ?? 'en';
}

const pluralRules = new Map<string, Intl.PluralRules>();

function pluralOf(locale: string, n: number): Intl.LDMLPluralRule {
  let rules = pluralRules.get(locale);
  if (!rules) {
    try {
      rules = new Intl.PluralRules(locale);
    } catch {
      rules = new Intl.PluralRules('en');
    }
    pluralRules.set(locale, rules);
  }
  return rules.select(n);
}

function fill(text: string, params: Record<string, string | number>, locale: string): string {
  if (text.indexOf('{') < 0) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = Object.prototype.hasOwnProperty.call(params, name) ? params[name] : undefined;
    if (v === undefined) return m;
    return typeof v === 'number' ? formatNumber(v, locale) : String(v);
  });
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * Digit group separators of the built-in languages, for whole numbers.
 * The first `Intl.NumberFormat` of a page loads the number-formatting data
 * (tens of milliseconds on a slow machine), and the counts of a first panel or
 * footer are all whole numbers: these format them the same way without it.
 */
const GROUP_SEPARATORS: Record<string, string> = { en: ',', ru: '\u00A0', zh: ',' };

/** `n` (a safe integer >= 0) with its digits grouped by threes. */
function groupDigits(n: number, separator: string): string {
  const digits = String(n);
  if (digits.length <= 3) return digits;
  let out = '';
  let end = digits.length;
  for (let start = end - 3; start > 0; start -= 3) {
    out = separator + digits.slice(start, end) + out;
    end = start;
  }
  return digits.slice(0, end) + out;
}

/** Formats a number for a language (`5 000` in Russian). */
export function formatNumber(n: number, locale: string): string {
  if (Number.isSafeInteger(n) && n >= 0 && Object.prototype.hasOwnProperty.call(GROUP_SEPARATORS, locale)) return groupDigits(n, GROUP_SEPARATORS[locale]!);
  let f = numberFormats.get(locale);
  if (!f) {
    try {
      f = new Intl.NumberFormat(locale);
    } catch {
      f = new Intl.NumberFormat('en');
    }
    numberFormats.set(locale, f);
  }
  return f.format(n);
}

// Building an Intl.NumberFormat costs far more than formatting with one: each is made once.
const unitFormats = new Map<string, Intl.NumberFormat>();

function unitFormat(locale: string, unit: string, digits: number, display: 'short' | 'long'): Intl.NumberFormat {
  const key = `${locale}|${unit}|${digits}|${display}`;
  let format = unitFormats.get(key);
  if (!format) {
    try {
      format = new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: display, maximumFractionDigits: digits });
    } catch {
      format = new Intl.NumberFormat('en', { style: 'unit', unit, unitDisplay: display, maximumFractionDigits: digits });
    }
    unitFormats.set(key, format);
  }
  return format;
}

type ByteUnit = QaByteScale['unit'];

/**
 * Sizes below 1,000 of their unit in the built-in languages, written as
 * `Intl.NumberFormat` writes them (short units, bytes in full), without
 * building one: the first of a page loads its number-formatting data, about
 * 40 ms here, and would fall in the task that shows a file's facts
 * (benchmark row "No worker allowed: Markdown 1 MB, longest main-thread
 * task"). A test compares them with Intl's output in the browser.
 */
const LATIN_BYTE_UNITS = { kilobyte: 'kB', megabyte: 'MB', gigabyte: 'GB', terabyte: 'TB' } as const;
const BYTE_TEXT: Record<string, { decimal: string; units: Record<Exclude<ByteUnit, 'byte'>, string>; bytes(n: number): string }> = {
  en: { decimal: '.', units: LATIN_BYTE_UNITS, bytes: (n) => `${n} ${n === 1 ? 'byte' : 'bytes'}` },
  ru: {
    decimal: ',',
    units: { kilobyte: 'кБ', megabyte: 'МБ', gigabyte: 'ГБ', terabyte: 'ТБ' },
    bytes: (n) => `${n} ${pluralOf('ru', n) === 'few' ? 'байта' : 'байт'}`,
  },
  zh: { decimal: '.', units: LATIN_BYTE_UNITS, bytes: (n) => `${n}字节` },
};

/**
 * Formats a byte count in decimal units, for a language: `512 bytes`,
 * `1.4 MB`, `1,4 МБ`, in the units `byteScale` picks.
 */
export function formatBytes(bytes: number, locale: string): string {
  const { value, unit, digits } = byteScale(bytes);
  const lang = resolveLocale(locale);
  const text = Object.prototype.hasOwnProperty.call(BYTE_TEXT, lang) ? BYTE_TEXT[lang]! : null;
  if (text && value < 1000) return unit === 'byte' ? text.bytes(value) : `${String(value).replace('.', text.decimal)} ${text.units[unit]}`;
  return unitFormat(lang, unit, digits, unit === 'byte' ? 'long' : 'short').format(value);
}

/**
 * Looks a term up in `locale` (then English) and fills `{placeholders}`.
 * Plural terms pick their form from `params.n` with the plural rules of the
 * language the text comes from. Never returns a key name: an unknown key
 * gives an empty string.
 */
export function term<K extends keyof QaTerms>(locale: string, key: K, params: Record<string, string | number> = {}): string {
  let lang = resolveLocale(locale);
  let value: QaTerm | undefined = ownTerm(registered.get(lang), key) ?? ownTerm(builtIn.get(lang), key);
  if (value === undefined) {
    lang = 'en';
    value = ownTerm(registered.get('en'), key) ?? ownTerm(en, key);
  }
  if (value === undefined) return '';
  if (typeof value === 'string') return fill(value, params, lang);
  const n = typeof params.n === 'number' ? params.n : 0;
  const form = value[pluralOf(lang, n)] ?? value.other;
  return fill(form, params.n === undefined ? { ...params, n } : params, lang);
}

function ownTerm(table: Partial<QaTerms> | undefined, key: string): QaTerm | undefined {
  if (!table || !Object.prototype.hasOwnProperty.call(table, key)) return undefined;
  const v = (table as Record<string, unknown>)[key];
  if (typeof v === 'string') return v;
  if (typeof v === 'object' && v !== null && typeof (v as QaPlural).other === 'string') return v as QaPlural;
  return undefined;
}
