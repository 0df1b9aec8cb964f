/** One line of the raw view as DOM: its tokens, with hidden characters shown as markers. */
import { renderTokens } from '../../render/highlight/sheet.js';
import type { TokenLine } from '../../render/highlight/tokens.js';
import { revealCharacters } from '../../render/reveal.js';
import { BIDI_CONTROL, INVISIBLE_CHARACTER } from './raw-document.js';

/**
 * The DOM of one line: its tokens, and each direction control shown as a
 * marker (`⟦U+202E⟧`) so that it cannot reorder what the reader sees, and
 * each invisible character (`⟦U+200B⟧`) so that it cannot hide a
 * difference. The markers only stand in for the characters: copying yields
 * the real text.
 */
export function renderLine(
  text: string,
  tokens: TokenLine | undefined,
  into: HTMLElement,
  bidiLabel: string | null,
  invisibleLabel: string | null = null,
): void {
  renderTokens(text, tokens, into, into.ownerDocument);
  if (bidiLabel !== null && BIDI_CONTROL.test(text) && revealCharacters(into, BIDI_CONTROL, 'bidi', bidiLabel)) into.classList.add('has-bidi');
  if (invisibleLabel !== null && INVISIBLE_CHARACTER.test(text) && revealCharacters(into, INVISIBLE_CHARACTER, 'bidi invisible', invisibleLabel))
    into.classList.add('has-bidi');
}
