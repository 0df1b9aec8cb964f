/**
 * Term tables and lookup. Languages: `en`, `ru`, `zh` built in; more can be
 * registered, and any term overridden, with `registerTranslation`.
 */
import { en } from './en.js';
import { ru } from './ru.js';
import { zh } from './zh.js';
import type { QaPlural, QaTerm, QaTerms } from './types.js';

export type { QaPlural, QaTerm, QaTerms, QaBuiltinLocale } from './types.js';
export { en, ru, zh };

const tables = new Map<string, Partial<QaTerms>>([
  ['en', en],
  ['ru', ru],
  ['zh', zh],
]);
const listeners = new Set<() => void>();

/** Adds a language, or overrides some terms of one (`registerTranslation('ru', { sources: 'Ссылки' })`). */
export function registerTranslation(locale: string, terms: Partial<QaTerms>): void {
  const key = locale.toLowerCase();
  tables.set(key, { ...(tables.get(key) ?? {}), ...terms });
  for (const l of listeners) l();
}

/** Called whenever a translation is registered, so elements re-render. */
export function onTranslationsChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Language codes that have a term table. */
export function availableLocales(): string[] {
  return [...tables.keys()];
}

/**
 * The best registered language for a BCP 47 tag: `ru-RU` → `ru`,
 * `zh-Hans-CN` → `zh`, unknown → `en`.
 */
export function resolveLocale(tag: string | null | undefined): string {
  if (!tag) return 'en';
  const lower = tag.toLowerCase();
  if (tables.has(lower)) return lower;
  const primary = lower.split(/[-_]/)[0]!;
  return tables.has(primary) ? primary : 'en';
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
  return text.replace(/\{(\w+)\}/g, (m, name: string) => {
    const v = params[name];
    if (v === undefined) return m;
    return typeof v === 'number' ? formatNumber(v, locale) : v;
  });
}

/** Formats a number for a language (`5 000` in Russian). */
export function formatNumber(n: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale).format(n);
  } catch {
    return String(n);
  }
}

/** Formats a byte count: `1.4 MB`. */
export function formatBytes(bytes: number, locale: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let v = bytes;
  let i = 0;
  while (v >= 1000 && i < units.length - 1) {
    v /= 1000;
    i += 1;
  }
  const digits = i === 0 || v >= 100 ? 0 : 1;
  try {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(v)} ${units[i]}`;
  } catch {
    return `${v.toFixed(digits)} ${units[i]}`;
  }
}

/**
 * Looks a term up in `locale` (then English) and fills `{placeholders}`.
 * Plural terms pick their form from `params.n`. Never returns a key name.
 */
export function term<K extends keyof QaTerms>(locale: string, key: K, params: Record<string, string | number> = {}): string {
  const lang = resolveLocale(locale);
  const value: QaTerm | undefined = tables.get(lang)?.[key] ?? tables.get('en')?.[key] ?? en[key];
  if (typeof value === 'string') return fill(value, params, lang);
  const plural = value as QaPlural;
  const n = typeof params.n === 'number' ? params.n : 0;
  const form = plural[pluralOf(lang, n)] ?? plural.other;
  return fill(form, params, lang);
}
