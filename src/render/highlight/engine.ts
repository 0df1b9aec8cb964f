/**
 * The tokenizer behind every highlighted view. Runs unchanged in the
 * highlighter's Web Worker and, when workers are not allowed, on the main
 * thread in small slices.
 *
 * shiki fine-grained: `shiki/core` + the JavaScript regex engine (no WASM, so
 * nothing a strict CSP forbids); grammars and the two themes are imported
 * only when first needed. A file is tokenized once, with the light theme; the
 * light and dark GitHub themes share the same rules in the same order, so each
 * light colour names exactly one dark colour and a token's style is a pair
 * that CSS resolves with `light-dark()` — a theme switch never re-tokenizes.
 */
import { createHighlighterCore, type GrammarState, type HighlighterCore, type ThemeRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine } from 'shiki/engine/javascript';
import { LIGHT_THEME, LINE_TIME_LIMIT, MAX_TOKENIZED_LINE } from './constants.js';
import { LANGUAGE_LOADERS } from './languages.js';
import type { TokenStyle } from './tokens.js';

export { LIGHT_THEME, DARK_THEME, MAX_TOKENIZED_LINE } from './constants.js';

export type { TokenStyle, TokenLine, TokenChunk } from './tokens.js';
export { chunkLine } from './tokens.js';

interface ThemePair {
  light: ThemeRegistration;
  darkOf: Map<string, string>;
  darkBgOf: Map<string, string>;
  defaultFg: string;
}

let core: Promise<HighlighterCore> | null = null;
let themes: Promise<ThemePair> | null = null;
const languages = new Map<string, Promise<boolean>>();

function lower(c: unknown): string {
  return typeof c === 'string' ? c.toLowerCase() : '';
}

async function loadThemes(hl: HighlighterCore): Promise<ThemePair> {
  const [light, dark] = await Promise.all([import('@shikijs/themes/github-light-default'), import('@shikijs/themes/github-dark-default')]);
  await hl.loadTheme(light.default);
  const darkOf = new Map<string, string>();
  const darkBgOf = new Map<string, string>();
  const l = light.default;
  const d = dark.default;
  darkOf.set(lower(l.colors?.['editor.foreground']), lower(d.colors?.['editor.foreground']));
  const lr = l.tokenColors ?? [];
  const dr = d.tokenColors ?? [];
  for (let i = 0; i < Math.min(lr.length, dr.length); i += 1) {
    const a = lr[i]!.settings;
    const b = dr[i]!.settings;
    if (a.foreground && b.foreground && !darkOf.has(lower(a.foreground))) darkOf.set(lower(a.foreground), lower(b.foreground));
    if (a.background && b.background && !darkBgOf.has(lower(a.background))) darkBgOf.set(lower(a.background), lower(b.background));
  }
  return { light: l, darkOf, darkBgOf, defaultFg: lower(l.colors?.['editor.foreground'] ?? l.fg) };
}

/** The shared highlighter core with both theme colours ready. */
export async function getCore(): Promise<{ hl: HighlighterCore; themes: ThemePair }> {
  core ??= createHighlighterCore({ engine: createJavaScriptRegexEngine(), themes: [], langs: [] });
  const hl = await core;
  themes ??= loadThemes(hl);
  return { hl, themes: await themes };
}

/** Loads a grammar (and the grammars it embeds) once; false for a language the kit does not know. */
export function loadLanguage(id: string): Promise<boolean> {
  let p = languages.get(id);
  if (!p) {
    const loader = Object.prototype.hasOwnProperty.call(LANGUAGE_LOADERS, id) ? LANGUAGE_LOADERS[id] : undefined;
    p = loader
      ? (async () => {
          const [{ hl }, mod] = await Promise.all([getCore(), loader()]);
          await hl.loadLanguage(...mod.default);
          return true;
        })().catch(() => false)
      : Promise.resolve(false);
    languages.set(id, p);
  }
  return p;
}

/**
 * Tokenizes one document piece by piece. Each call continues from a grammar
 * state (carried across chunks with `getLastGrammarState`), so any slice of
 * lines can be coloured exactly once the lines before it were.
 */
export class Tokenizer {
  private readonly ids = new Map<string, number>();
  private fresh: Array<[number, TokenStyle]> = [];

  constructor(
    private readonly hl: HighlighterCore,
    private readonly pair: ThemePair,
    readonly lang: string,
  ) {}

  /** A tokenizer for `lang` once its grammar and the themes are loaded; null for an unknown language. */
  static async create(lang: string): Promise<Tokenizer | null> {
    if (!(await loadLanguage(lang))) return null;
    const { hl, themes: pair } = await getCore();
    return new Tokenizer(hl, pair, lang);
  }

  /** Styles first used since the last call: `[id, style]` pairs. */
  takeNewStyles(): Array<[number, TokenStyle]> {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  private styleId(color: string | undefined, bg: string | undefined, fontStyle: number | undefined): number {
    const fg = lower(color);
    const b = lower(bg);
    const fs = fontStyle && fontStyle > 0 ? fontStyle : 0;
    if ((fg === '' || fg === this.pair.defaultFg) && b === '' && fs === 0) return 0;
    const key = `${fg}|${b}|${fs}`;
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size + 1;
      this.ids.set(key, id);
      this.fresh.push([id, { fg, bg: b, darkFg: this.pair.darkOf.get(fg) ?? fg, darkBg: this.pair.darkBgOf.get(b) ?? b, fontStyle: fs }]);
    }
    return id;
  }

  /** Tokenizes `lines` (no line breaks inside) starting from `state`; returns their tokens (flat) and the state after the last line. */
  tokenize(lines: readonly string[], state?: GrammarState): { offsets: Uint32Array; data: Uint32Array; state: GrammarState | undefined } {
    const themed = this.hl.codeToTokensBase(lines.join('\n'), {
      lang: this.lang,
      theme: LIGHT_THEME,
      grammarState: state,
      tokenizeMaxLineLength: MAX_TOKENIZED_LINE,
      tokenizeTimeLimit: LINE_TIME_LIMIT,
    });
    const offsets = new Uint32Array(lines.length + 1);
    const data: number[] = [];
    for (let i = 0; i < lines.length; i += 1) {
      const text = lines[i]!;
      const start = data.length;
      let covered = 0;
      for (const t of themed[i] ?? []) {
        const len = t.content.length;
        if (len === 0) continue;
        const id = this.styleId(t.color, t.bgColor, t.fontStyle);
        const n = data.length;
        if (n > start && data[n - 1] === id) data[n - 2] += len;
        else data.push(len, id);
        covered += len;
      }
      // The tokens must spell the line exactly; anything else shows as plain text.
      if (covered !== text.length) {
        data.length = start;
        if (text.length) data.push(text.length, 0);
      }
      offsets[i + 1] = data.length;
    }
    return { offsets, data: Uint32Array.from(data), state: this.hl.getLastGrammarState(themed) };
  }
}
