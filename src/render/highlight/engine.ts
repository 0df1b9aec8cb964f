/**
 * The tokenizer behind every highlighted view. Runs unchanged in the
 * highlighter's Web Worker and, when workers are not allowed, on the main
 * thread in small slices.
 *
 * shiki fine-grained: `shiki/core` + the JavaScript regex engine (no WASM, so
 * nothing a strict CSP forbids). Only shiki's primitive (grammars, themes,
 * tokenizing): the kit builds its own DOM from tokens, so shiki's HTML
 * renderer and the attribute tables it brings stay out of the bundle (the
 * worker: 55.4 → 36.5 KB gzip). Grammars and the two themes come from
 * `HighlightAssets` when first needed: imported on the main thread (see
 * assets.ts), where the application's bundler sees every import, and handed
 * to the worker as data — so the worker is one self-contained file that any
 * bundler can copy as it is. A file is tokenized once, with the light theme; the
 * light and dark GitHub themes share the same rules in the same order, so each
 * light colour names exactly one dark colour and a token's style is a pair
 * that CSS resolves with `light-dark()` — a theme switch never re-tokenizes.
 */
import { createShikiPrimitiveAsync, type Grammar, type LanguageRegistration, type ShikiPrimitive, type ThemeRegistration } from 'shiki/core';
import { createJavaScriptRegexEngine, defaultJavaScriptRegexConstructor } from 'shiki/engine/javascript';
import { EmulatedRegExp } from 'oniguruma-to-es';
import { LIGHT_THEME, LINE_TIME_LIMIT, MAX_TOKENIZED_LINE } from './constants.js';
import type { TokenStyle } from './tokens.js';
import type { TextKind } from './latin1.js';
import { holdsPacked, unpackGrammar, type PackedRegExp } from './transfer.js';

export { LIGHT_THEME, DARK_THEME, MAX_TOKENIZED_LINE } from './constants.js';

export type { TokenStyle, TokenLine, TokenChunk } from './tokens.js';
export { chunkLine } from './tokens.js';

interface ThemePair {
  light: ThemeRegistration;
  darkOf: Map<string, string>;
  darkBgOf: Map<string, string>;
  defaultFg: string;
}

/** Where the engine gets grammars and themes. */
export interface HighlightAssets {
  /**
   * The grammar of language `id` with the grammars it embeds; null when it
   * cannot be had. `kind` `latin1`: for text without characters above U+00FF
   * only, its expressions may be narrowed (see latin1.ts).
   */
  language(id: string, kind: TextKind): Promise<LanguageRegistration[] | null>;
  /** The light and the dark theme; rejects when they cannot be had. */
  themes(): Promise<[ThemeRegistration, ThemeRegistration]>;
}

let assets: HighlightAssets | null = null;

/** Sets where grammars and themes come from (once, before the first job). */
export function provideAssets(source: HighlightAssets): void {
  assets = source;
}

/** A packed expression (transfer.ts) built as shipped: right for any text. */
export function shippedExpression([source, flags, options]: PackedRegExp): RegExp {
  return options ? new EmulatedRegExp(source, flags, options) : new RegExp(source, flags);
}

/**
 * `source` with each grammar that comes packed (the builds ship the
 * precompiled ones so, see transfer.ts) built as shipped: for the main
 * thread, which tokenizes any text with the grammars as shipped.
 */
export function withExpressions(source: HighlightAssets): HighlightAssets {
  return {
    themes: () => source.themes(),
    language: async (id, kind) => {
      const grammar = await source.language(id, kind);
      return grammar && holdsPacked(grammar) ? unpackGrammar(grammar, shippedExpression) : grammar;
    },
  };
}

function getAssets(): HighlightAssets {
  if (!assets) throw new Error('qa-sources-kit: the highlighter has no grammar source');
  return assets;
}

/** Converts a pattern written in Oniguruma's syntax into the engine's expression. */
export type PatternConstructor = (pattern: string) => RegExp;

const asShipped: PatternConstructor = (pattern) => defaultJavaScriptRegexConstructor(pattern, { target: 'auto' });

/** How patterns are converted for each kind of text: as shipped (right for any text) until told otherwise. */
const constructors: Record<TextKind, PatternConstructor> = { any: asShipped, latin1: asShipped };

/**
 * Sets how patterns are converted for text that is all Latin-1 (the worker
 * narrows them, see narrowed.ts), before a core for such text exists. The
 * conversion lives with its caller so that the main thread's copy of the
 * engine does not bring a second copy of the converter.
 */
export function convertLatin1With(construct: PatternConstructor): void {
  constructors.latin1 = construct;
}

/**
 * The engine's expressions by pattern (a grammar's patterns written as
 * strings, converted from Oniguruma's syntax), for each kind of text: filled
 * by the scanners as rules are first used, and ahead of them by
 * `patternExpression`.
 */
const patternCaches: Record<TextKind, Map<string, RegExp | Error>> = { any: new Map(), latin1: new Map() };

/**
 * The expression the engine runs for `pattern` on text of `kind` (converted
 * once, then kept where the engine looks for it), or null when the engine
 * cannot convert it (a rule using it fails as it would have).
 */
export function patternExpression(pattern: string, kind: TextKind): RegExp | null {
  const cache = patternCaches[kind];
  let re = cache.get(pattern);
  if (re === undefined) {
    try {
      re = constructors[kind](pattern);
    } catch (error) {
      re = error instanceof Error ? error : new Error(String(error));
    }
    cache.set(pattern, re);
  }
  return re instanceof RegExp ? re : null;
}

/** A highlighter core and its themes, one for each kind of text (the grammars they load differ). */
interface Core {
  hl: Promise<ShikiPrimitive> | null;
  themes: Promise<ThemePair> | null;
  languages: Map<string, Promise<boolean>>;
}
const cores: Record<TextKind, Core> = {
  any: { hl: null, themes: null, languages: new Map() },
  latin1: { hl: null, themes: null, languages: new Map() },
};

function lower(c: unknown): string {
  return typeof c === 'string' ? c.toLowerCase() : '';
}

/** A theme rule's scopes, as a key that names the same rule in both themes. */
function scopeKey(rule: { scope?: string | string[] }): string {
  return Array.isArray(rule.scope) ? rule.scope.join(',') : (rule.scope ?? '');
}

async function loadThemes(hl: ShikiPrimitive): Promise<ThemePair> {
  // A copy: loading a theme normalises it in place, and the page hands the same
  // module objects to the worker as well.
  const [l, d] = structuredClone(await getAssets().themes());
  // Rules are paired by their scopes, and before the light theme is loaded:
  // loading normalises it in place (a default rule goes first), so pairing by
  // position afterwards gave each light colour the dark colour of the next rule.
  const darkOf = new Map<string, string>();
  const darkBgOf = new Map<string, string>();
  darkOf.set(lower(l.colors?.['editor.foreground']), lower(d.colors?.['editor.foreground']));
  const darkRules = new Map<string, { foreground?: string; background?: string }>();
  for (const rule of d.tokenColors ?? []) if (!darkRules.has(scopeKey(rule))) darkRules.set(scopeKey(rule), rule.settings);
  for (const rule of l.tokenColors ?? []) {
    const a = rule.settings;
    const b = darkRules.get(scopeKey(rule));
    if (!b) continue;
    if (a.foreground && b.foreground && !darkOf.has(lower(a.foreground))) darkOf.set(lower(a.foreground), lower(b.foreground));
    if (a.background && b.background && !darkBgOf.has(lower(a.background))) darkBgOf.set(lower(a.background), lower(b.background));
  }
  const defaultFg = lower(l.colors?.['editor.foreground'] ?? l.fg);
  await hl.loadTheme(l);
  return { light: l, darkOf, darkBgOf, defaultFg };
}

/** The shared highlighter core for text of `kind`, with both theme colours ready. */
export async function getCore(kind: TextKind = 'any'): Promise<{ hl: ShikiPrimitive; themes: ThemePair }> {
  const core = cores[kind];
  core.hl ??= createShikiPrimitiveAsync({
    engine: createJavaScriptRegexEngine({ cache: patternCaches[kind], regexConstructor: constructors[kind] }),
    themes: [],
    langs: [],
  });
  const hl = await core.hl;
  core.themes ??= loadThemes(hl).catch((error: unknown) => {
    // Tried again by the next job (the themes' chunk may load on a retry).
    core.themes = null;
    throw error;
  });
  return { hl, themes: await core.themes };
}

/**
 * Loads a grammar (and the grammars it embeds) once for text of `kind`;
 * false for a language the kit does not know, or whose grammar or themes
 * could not be loaded (the text then stays plain).
 */
export function loadLanguage(id: string, kind: TextKind = 'any'): Promise<boolean> {
  const { languages } = cores[kind];
  let p = languages.get(id);
  if (!p) {
    p = (async () => {
      const [{ hl }, grammar] = await Promise.all([getCore(kind), getAssets().language(id, kind)]);
      if (!grammar) return false;
      await hl.loadLanguage(...grammar);
      return true;
    })().catch(() => false);
    languages.set(id, p);
  }
  return p;
}

/**
 * Lines that walk a grammar through the scopes most source files open in
 * their first screen: block and line comments, an import, a typed
 * declaration with an object, strings of three kinds and numbers, a
 * function and a class with bodies. Written for C-family syntax; other
 * grammars still compile their top level and whatever of it they share.
 */
const PRIME_SAMPLE = [
  '/**',
  ' * A comment. @see https://example.com/x',
  ' */',
  '// A line comment.',
  "import { a, b as c } from 'module';",
  'export declare const value: Record<string, number[]> = { key: "text", other: \'x\', n: 1.5e3, t: `t${1}` };',
  'export function f<T>(x: T, y = [1, 2]): T | null { if (x) { return x; } return null; }',
  'class A extends B implements C { private readonly m = new Map<string, A>(); method(): void {} }',
];

/** The grammar's state after a line: the stack of rules open at its end (null: a fresh start). */
export type LineState = ReturnType<Grammar['tokenizeLine2']>['ruleStack'] | null;

/** Lines a tokenizer reads: a count, and each line without its line break. */
export interface LineSource {
  readonly count: number;
  line(n: number): string;
}

// Bits of the tokenizer's encoded token metadata: font style (4 bits) then foreground colour index (9 bits).
const STYLE_SHIFT = 11;
const STYLE_BITS = 0x1fff;
const FONT_STYLE_MASK = 0xf;
const FOREGROUND_SHIFT = 4;

/**
 * Tokenizes one document piece by piece, straight from the grammar's encoded
 * tokens (two numbers per token, no object per token): each call continues
 * from the state the lines before it left, so any slice of lines can be
 * coloured exactly once the lines before it were. Empty lines and lines of
 * `MAX_TOKENIZED_LINE` or more stay plain and leave the state as it was.
 */
export class Tokenizer {
  private readonly ids = new Map<string, number>();
  /** Style id by the style bits of a token's metadata (-1: not seen yet). */
  private readonly byBits = new Int32Array(STYLE_BITS + 1).fill(-1);
  private fresh: Array<[number, TokenStyle]> = [];
  private buffer = new Uint32Array(4_096);

  constructor(
    private readonly hl: ShikiPrimitive,
    private readonly pair: ThemePair,
    readonly lang: string,
    private readonly grammar: Grammar,
  ) {}

  /** A tokenizer for `lang` on text of `kind` once its grammar and the themes are loaded; null for an unknown language. */
  static async create(lang: string, kind: TextKind = 'any'): Promise<Tokenizer | null> {
    if (!(await loadLanguage(lang, kind))) return null;
    const { hl, themes: pair } = await getCore(kind);
    return new Tokenizer(hl, pair, lang, hl.getLanguage(lang));
  }

  /** Styles first used since the last call: `[id, style]` pairs. */
  takeNewStyles(): Array<[number, TokenStyle]> {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  /**
   * Compiles, ahead of the document, what its first line needs (the
   * grammar's top-level patterns); with `sample`, also the rules of the
   * scopes most files open near their start (comments, imports, typed
   * declarations, strings, blocks), by tokenizing `PRIME_SAMPLE`. A grammar
   * compiles a rule's patterns the first time a line enters it. The sample
   * is for warming well ahead of an open (a card pointed at): at the open
   * itself it would hold the file's own first lines back, and compile rules
   * a file in another syntax never enters; the worker's spare time runs it
   * after those lines (`sampleLines`).
   */
  prime(sample = false): void {
    if (!sample) {
      this.hl.setTheme(LIGHT_THEME);
      this.grammar.tokenizeLine2('', null, LINE_TIME_LIMIT);
      return;
    }
    for (const _ of this.sampleLines());
  }

  /**
   * `PRIME_SAMPLE` tokenized one line per step (`prime(true)` in pieces), so
   * that spare time can compile the rules of a file's usual first screen
   * ahead of the grammar's other rules (see precompile.ts) and stop between
   * lines.
   */
  *sampleLines(): Generator<void, void, void> {
    let state: LineState = null;
    for (const line of PRIME_SAMPLE) {
      this.hl.setTheme(LIGHT_THEME);
      state = this.grammar.tokenizeLine2(line, state, LINE_TIME_LIMIT).ruleStack;
      yield;
    }
  }

  private styleId(bits: number, colorMap: readonly string[], replacements: Record<string, string> | undefined): number {
    let id = this.byBits[bits]!;
    if (id >= 0) return id;
    let color = colorMap[bits >>> FOREGROUND_SHIFT];
    if (color && replacements) color = replacements[color.toLowerCase()] ?? color;
    const fg = lower(color);
    const fs = bits & FONT_STYLE_MASK;
    if (fg === '' || fg === this.pair.defaultFg) {
      if (fs === 0) return (this.byBits[bits] = 0);
    }
    const key = `${fg}||${fs}`;
    id = this.ids.get(key) ?? -1;
    if (id < 0) {
      id = this.ids.size + 1;
      this.ids.set(key, id);
      this.fresh.push([id, { fg, bg: '', darkFg: this.pair.darkOf.get(fg) ?? fg, darkBg: '', fontStyle: fs }]);
    }
    return (this.byBits[bits] = id);
  }

  private push(n: number, a: number, b: number): number {
    if (n + 2 > this.buffer.length) {
      const grown = new Uint32Array(this.buffer.length * 2);
      grown.set(this.buffer);
      this.buffer = grown;
    }
    this.buffer[n] = a;
    this.buffer[n + 1] = b;
    return n + 2;
  }

  /**
   * Tokenizes lines `from`…`to` (end exclusive) of `source`, starting from
   * `state`; returns their tokens (flat, see `TokenChunk`), the state after
   * the last line and the line it stopped before (`end`). With a `deadline`
   * (a `performance.now()` time) it stops after the first line that ends
   * past it: a line can cost far more than the ones before it (the first
   * use of a grammar rule compiles its patterns), so a slice is cut by time,
   * not by a line count guessed up front.
   */
  tokenize(
    source: LineSource,
    from: number,
    to: number,
    state: LineState,
    deadline = Infinity,
  ): { offsets: Uint32Array; data: Uint32Array; state: LineState; end: number } {
    const { colorMap, theme } = this.hl.setTheme(LIGHT_THEME);
    const replacements = theme.colorReplacements;
    let offsets = new Uint32Array(to - from + 1);
    let n = 0;
    let i = from;
    for (; i < to; i += 1) {
      if (i > from && deadline !== Infinity && performance.now() > deadline) break;
      const text = source.line(i);
      const length = text.length;
      const start = n;
      if (length >= MAX_TOKENIZED_LINE) n = this.push(n, length, 0);
      else if (length > 0) {
        const result = this.grammar.tokenizeLine2(text, state, LINE_TIME_LIMIT);
        const tokens = result.tokens;
        const count = tokens.length >> 1;
        let covered = 0;
        for (let j = 0; j < count; j += 1) {
          const a = Math.min(tokens[2 * j]!, length);
          const b = j + 1 < count ? Math.min(tokens[2 * j + 2]!, length) : length;
          if (b <= a) continue;
          const id = this.styleId((tokens[2 * j + 1]! >>> STYLE_SHIFT) & STYLE_BITS, colorMap, replacements);
          if (n > start && this.buffer[n - 1] === id) this.buffer[n - 2]! += b - a;
          else n = this.push(n, b - a, id);
          covered += b - a;
        }
        // The tokens must spell the line exactly; anything else shows as plain text.
        if (covered !== length) n = this.push(start, length, 0);
        state = result.ruleStack;
      }
      offsets[i - from + 1] = n;
    }
    if (i < to) offsets = offsets.slice(0, i - from + 1);
    return { offsets, data: this.buffer.slice(0, n), state, end: i };
  }
}
