/**
 * Emoji shortcodes (`:tada:`). The emoji table is large: it is loaded only
 * for documents that may use it, and the parser gains the shortcode rule
 * then. Pure: no DOM.
 */
import type { MarkdownIt, StateCore } from 'markdown-it';
import normalizeOptions from 'markdown-it-emoji/lib/normalize_opts.mjs';
import emojiHtml from 'markdown-it-emoji/lib/render.mjs';
import emojiRule from 'markdown-it-emoji/lib/replace.mjs';
import { getParser } from './setup.js';

const MAYBE_SHORTCODE = /:[\w+-]+:/;

/** True when `source` contains something shaped like an emoji shortcode (`:tada:`). */
export function mayHaveShortcodes(source: string): boolean {
  return MAYBE_SHORTCODE.test(source);
}

/**
 * Adds the shortcodes of `defs` to `md`: markdown-it-emoji's rule, where its
 * plugin puts it (after `linkify`), run only over the paragraphs that contain
 * something shaped like a shortcode (its one large pattern is slow to run
 * over every piece of text, and most text has none).
 */
export function useEmoji(md: MarkdownIt, defs: Record<string, string>): void {
  const options = normalizeOptions({ defs, shortcuts: {}, enabled: [] });
  const replace = emojiRule(md, options.defs, options.shortcuts, options.scanRE, options.replaceRE);
  md.renderer.rules.emoji = emojiHtml;
  md.core.ruler.after('linkify', 'emoji', (state) => {
    const candidates = state.tokens.filter((t) => t.type === 'inline' && MAYBE_SHORTCODE.test(t.content));
    // The rule reads nothing of the state but its tokens and their constructor.
    if (candidates.length) replace({ tokens: candidates, Token: state.Token } as StateCore);
  });
}

let emoji: Promise<void> | null = null;

/**
 * Loads the emoji table (a large list, loaded only for documents that may
 * use it: see `mayHaveShortcodes`) and adds shortcodes to the parser.
 * Documents parsed before it resolves show shortcodes as written.
 */
export function loadEmoji(): Promise<void> {
  emoji ??= import('markdown-it-emoji/lib/data/full.mjs').then(({ default: defs }) => useEmoji(getParser(), defs));
  return emoji;
}
