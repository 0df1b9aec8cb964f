/**
 * Grammars and themes as the page loads them: one dynamic `import()` per
 * module with a literal specifier (see `LANGUAGE_LOADERS`), so the
 * application's bundler sees each one and emits it as an ordinary lazy chunk.
 * The main-thread tokenizer uses these directly; the worker receives them as
 * data (structured clone) on request.
 *
 * A grammar or theme that cannot be loaded (a chunk missing from a
 * deployment, a dropped connection) leaves the text plain, with one console
 * warning per module.
 */
import type { LanguageRegistration, ThemeRegistration } from 'shiki/core';
import type { HighlightAssets } from './engine.js';
import { LANGUAGE_LOADERS } from './languages.js';

const warned = new Set<string>();

function warnOnce(what: string, error: unknown): void {
  if (warned.has(what)) return;
  warned.add(what);
  const reason = error instanceof Error ? error.message : String(error);
  console.warn(`qa-sources-kit: could not load ${what} (${reason}); the text stays plain.`);
}

const grammars = new Map<string, Promise<LanguageRegistration[] | null>>();
let themes: Promise<[ThemeRegistration, ThemeRegistration]> | null = null;

/** The grammar of a language id (with the grammars it embeds), or null for an unknown id or a failed load. */
export function loadGrammar(id: string): Promise<LanguageRegistration[] | null> {
  let p = grammars.get(id);
  if (!p) {
    const loader = Object.prototype.hasOwnProperty.call(LANGUAGE_LOADERS, id) ? LANGUAGE_LOADERS[id] : undefined;
    p = loader
      ? loader().then(
          (mod) => mod.default,
          (error: unknown) => {
            warnOnce(`the ${id} grammar`, error);
            return null;
          },
        )
      : Promise.resolve(null);
    grammars.set(id, p);
  }
  return p;
}

/** The light and dark themes; rejects (after one warning) when either cannot be loaded. */
export function loadThemes(): Promise<[ThemeRegistration, ThemeRegistration]> {
  themes ??= Promise.all([import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')]).then(
    ([light, dark]) => [light.default, dark.default],
    (error: unknown) => {
      warnOnce('the highlighting themes', error);
      themes = null;
      throw error;
    },
  );
  return themes;
}

/** The page's own grammar source, for the main-thread tokenizer. */
export const PAGE_ASSETS: HighlightAssets = { language: loadGrammar, themes: loadThemes };
