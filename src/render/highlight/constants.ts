/** Limits and theme names of the highlighter (no dependencies, safe to import anywhere). */

/** The light theme: passes WCAG AA contrast on white (plain `github-light` does not). */
export const LIGHT_THEME = 'github-light-default';
/** The dark theme: the light theme's counterpart, rule for rule. */
export const DARK_THEME = 'github-dark-default';
/** Lines longer than this (UTF-16 units) stay plain text: tokenizing them costs far more than it gives. */
export const MAX_TOKENIZED_LINE = 3_000;
/**
 * No single line may spend longer than this in the tokenizer (ms). Generous on
 * purpose: the first lines a grammar sees also pay for compiling its regular
 * expressions, and a line cut short by the limit loses its colours.
 */
export const LINE_TIME_LIMIT = 2_000;
