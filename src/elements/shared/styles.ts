import { css } from 'lit';

/**
 * Kit tokens. Each public `--qa-*` custom property falls back to the DSH web
 * client's token when the page defines it, then to the kit's own light/dark
 * value (`light-dark()`, following the page's `color-scheme`). Elements read
 * only the private `--_qa-*` results. Every element takes these tokens (the
 * custom-elements manifest lists them on each).
 *
 * @cssproperty --qa-color-surface - Background of the elements (DSH: `--dsw-alias-bg-base`).
 * @cssproperty --qa-color-surface-raised - Background of raised areas: headers, code, skeletons.
 * @cssproperty --qa-color-text - Main text (DSH: `--dsw-alias-label-primary`).
 * @cssproperty --qa-color-text-quiet - Secondary text: paths, counts, details (DSH: `--dsw-alias-label-secondary`).
 * @cssproperty --qa-color-text-faint - Tertiary text: hints, line numbers (DSH: `--dsw-alias-label-tertiary`).
 * @cssproperty --qa-color-border - Borders and separators (DSH: `--dsw-alias-border-l1`).
 * @cssproperty --qa-color-border-strong - Stronger borders: separators that need more weight (DSH: `--dsw-alias-border-l2`).
 * @cssproperty --qa-color-border-control - Boundaries that identify a control: cards, chips, buttons (default at least 3:1 against the surface, WCAG 1.4.11).
 * @cssproperty --qa-color-accent - Accent: links, selection, focus ring (DSH: `--dsw-alias-state-business-primary`).
 * @cssproperty --qa-color-hover - Background of hovered controls (DSH: `--dsw-alias-interactive-bg-hover`).
 * @cssproperty --qa-color-danger - Errors (DSH: `--dsw-alias-state-error-primary`).
 * @cssproperty --qa-color-warning - Warnings: misleading names, partial content.
 * @cssproperty --qa-color-highlight - Background of referenced lines and blocks.
 * @cssproperty --qa-color-highlight-edge - Edge mark of referenced lines and blocks.
 * @cssproperty --qa-color-focus - Focus ring (default: the accent).
 * @cssproperty --qa-font-sans - Text font (DSH: `--dsw-font-family`, else the system font).
 * @cssproperty --qa-font-mono - Code font (DSH: `--ds-font-family-code`).
 * @cssproperty --qa-font-size - Base font size (default 14px).
 * @cssproperty --qa-radius - Corner radius of cards and panes (default 8px).
 * @cssproperty --qa-radius-small - Corner radius of badges and chips (default 5px).
 */
export const tokens = css`
  :host {
    color-scheme: inherit;
    --_qa-surface: var(--qa-color-surface, var(--dsw-alias-bg-base, light-dark(#ffffff, #16181d)));
    --_qa-surface-raised: var(--qa-color-surface-raised, light-dark(#f6f7f9, #1f2229));
    --_qa-text: var(--qa-color-text, var(--dsw-alias-label-primary, light-dark(#1f2328, #e6e8eb)));
    --_qa-text-quiet: var(--qa-color-text-quiet, var(--dsw-alias-label-secondary, light-dark(#555f6b, #aab1bb)));
    --_qa-text-faint: var(--qa-color-text-faint, var(--dsw-alias-label-tertiary, light-dark(#656e7a, #959ca7)));
    --_qa-border: var(--qa-color-border, var(--dsw-alias-border-l1, light-dark(#e3e7ec, #2c3038)));
    --_qa-border-strong: var(--qa-color-border-strong, var(--dsw-alias-border-l2, light-dark(#c9d0d8, #424852)));
    /* At least 3:1 against the default surface in light (3.15:1) and dark (3.40:1): a control's boundary must be seen (WCAG 1.4.11). */
    --_qa-border-control: var(--qa-color-border-control, light-dark(#8a929c, #666d78));
    --_qa-accent: var(--qa-color-accent, var(--dsw-alias-state-business-primary, light-dark(#0a5dc2, #6cb0ff)));
    --_qa-hover: var(--qa-color-hover, var(--dsw-alias-interactive-bg-hover, light-dark(rgb(31 35 40 / 0.06), rgb(230 232 235 / 0.08))));
    --_qa-danger: var(--qa-color-danger, var(--dsw-alias-state-error-primary, light-dark(#c4222c, #ff8079)));
    --_qa-warning: var(--qa-color-warning, light-dark(#8a5a00, #e3b341));
    --_qa-highlight: var(--qa-color-highlight, light-dark(#fff4cc, rgb(210 153 34 / 0.2)));
    --_qa-highlight-edge: var(--qa-color-highlight-edge, light-dark(#d4a017, #d29922));
    --_qa-focus: var(--qa-color-focus, var(--_qa-accent));
    --_qa-font-sans: var(
      --qa-font-sans,
      var(--dsw-font-family, system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', 'Helvetica Neue', Arial, sans-serif)
    );
    --_qa-font-mono: var(--qa-font-mono, var(--ds-font-family-code, ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace));
    --_qa-font-size: var(--qa-font-size, 14px);
    --_qa-radius: var(--qa-radius, 8px);
    --_qa-radius-small: var(--qa-radius-small, 5px);
    --_qa-space-1: 4px;
    --_qa-space-2: 8px;
    --_qa-space-3: 12px;
    --_qa-space-4: 16px;
    --_qa-duration: 140ms;
  }
  :host([data-qa-dsh-dark]) {
    color-scheme: dark;
  }
  @media (prefers-reduced-motion: reduce) {
    :host {
      --_qa-duration: 0ms;
    }
  }
`;

/** Shared base rules: box sizing, font, focus ring, visually-hidden text, buttons. */
export const base = css`
  :host {
    box-sizing: border-box;
    font-family: var(--_qa-font-sans);
    font-size: var(--_qa-font-size);
    line-height: 1.45;
    color: var(--_qa-text);
    -webkit-font-smoothing: antialiased;
  }
  :host([hidden]) {
    display: none !important;
  }
  *,
  *::before,
  *::after {
    box-sizing: inherit;
  }
  :focus-visible {
    outline: 2px solid var(--_qa-focus);
    outline-offset: 2px;
  }
  .visually-hidden {
    position: absolute !important;
    inline-size: 1px;
    block-size: 1px;
    padding: 0;
    margin: -1px;
    overflow: hidden;
    clip: rect(0 0 0 0);
    white-space: nowrap;
    border: 0;
  }
  button {
    font: inherit;
    color: inherit;
    background: none;
    border: 0;
    padding: 0;
    margin: 0;
    cursor: pointer;
  }
  .icon {
    inline-size: 1em;
    block-size: 1em;
    flex: none;
    vertical-align: -0.125em;
  }
  @media (forced-colors: active) {
    :focus-visible {
      outline-color: Highlight;
    }
  }
`;

/**
 * The disclosure chevron: a `.chev` span, or the `::before` of a card's
 * details toggle (no extra node per card). Two borders of a square, rotated:
 * physical borders on purpose, it points the same way in both directions.
 * Down, and up when its toggle is expanded.
 */
export const chevronStyles = css`
  .chev,
  .card > .toggle::before {
    flex: none;
    inline-size: 8px;
    block-size: 8px;
    border-right: 2px solid currentColor;
    border-bottom: 2px solid currentColor;
    transform: translateY(-2px) rotate(45deg);
    transition: transform var(--_qa-duration);
  }
  .toggle[aria-expanded='true'] > .chev,
  .card > .toggle[aria-expanded='true']::before {
    transform: translateY(2px) rotate(225deg);
  }
  @media (forced-colors: active) {
    .chev,
    .card > .toggle::before {
      border-color: ButtonText;
    }
  }
`;

/** The dot that pulses while sources are still being collected (`.pulse`); still under reduced motion. */
export const pulseStyles = css`
  .pulse {
    inline-size: 7px;
    block-size: 7px;
    border-radius: 50%;
    background: var(--_qa-accent);
    animation: qa-pulse 1.4s ease-in-out infinite;
  }
  @keyframes qa-pulse {
    0%,
    100% {
      opacity: 1;
      transform: scale(1);
    }
    50% {
      opacity: 0.35;
      transform: scale(0.7);
    }
  }
  @media (prefers-reduced-motion: reduce) {
    .pulse {
      animation: none;
    }
  }
  @media (forced-colors: active) {
    .pulse {
      background: Highlight;
    }
  }
`;
