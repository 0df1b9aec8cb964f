import { css } from 'lit';

/** Styles of `<qa-file-preview>`: header, states, the raw view's scroller and the find bar (the rows and find's field come with their parts: `part-sheets.ts`). */
export const previewStyles = css`
  :host {
    display: block;
    block-size: 100%;
    min-inline-size: 0;
    --_bg: var(--qa-preview-background, var(--_qa-surface));
    --_header-bg: var(--qa-preview-header-background, var(--_bg));
    --_gutter-color: var(--qa-preview-gutter-color, var(--_qa-text-faint));
    --_raw-tint: var(--qa-color-highlight, light-dark(#fff8e0, rgb(210 153 34 / 0.12)));
    --_raw-edge: var(--_qa-highlight-edge);
    --_raw-select: var(--qa-color-line-selection, light-dark(#ddebff, rgb(56 139 253 / 0.22)));
    --_raw-select-edge: var(--qa-color-line-selection-edge, light-dark(#0969da, #58a6ff));
    --_raw-tint-current: var(--qa-color-highlight-current, light-dark(#ffeeb0, rgb(210 153 34 / 0.24)));
  }
  .base {
    display: flex;
    flex-direction: column;
    block-size: 100%;
    background: var(--_bg);
    color: var(--_qa-text);
    border-radius: inherit;
    min-inline-size: 0;
    container-type: inline-size;
  }
  [hidden] {
    display: none !important;
  }
  .header,
  .notice,
  .ranges {
    flex: none;
  }

  /* Header */
  .header {
    display: flex;
    flex-wrap: nowrap;
    align-items: center;
    gap: var(--_qa-space-2) var(--_qa-space-3);
    padding: var(--_qa-space-2) var(--_qa-space-3);
    padding-inline-end: var(--_qa-space-2);
    background: var(--_header-bg);
    border-block-end: 1px solid var(--_qa-border);
    min-block-size: 44px;
  }
  .crumbs {
    display: flex;
    align-items: center;
    gap: 6px;
    flex: 1 1 auto;
    min-inline-size: 0;
    color: var(--_qa-text-quiet);
    font-size: 13px;
  }
  .crumbs > .icon {
    color: var(--_qa-text-faint);
  }
  .crumbs ol {
    display: flex;
    align-items: center;
    flex-wrap: nowrap;
    list-style: none;
    margin: 0;
    padding: 0;
    min-inline-size: 0;
    overflow: hidden;
  }
  .crumb {
    display: inline-flex;
    align-items: center;
    white-space: nowrap;
    min-inline-size: 0;
    flex: 0 1 auto;
  }
  .crumb bdi {
    overflow: hidden;
    text-overflow: ellipsis;
    unicode-bidi: isolate;
  }
  /* Folders shrink first, down to nothing (their separator goes with them); the file name shrinks last. */
  .crumb:not(.name) {
    flex-shrink: 1000;
    min-inline-size: 0;
    overflow: hidden;
  }
  .crumb:not(.name) > bdi {
    min-inline-size: 0;
  }
  .crumb:has(> .elided),
  .sep {
    flex: none;
  }
  /* The name does not shrink while a folder can; then it takes what is left (beside the … button). */
  .crumb.name {
    flex: 0 0 auto;
    min-inline-size: 0;
    max-inline-size: 100%;
  }
  .crumbs ol:has(.elided) > .crumb.name {
    max-inline-size: calc(100% - 2.4em);
  }
  .crumb:has(> .elided) {
    box-sizing: border-box;
    inline-size: 2.4em;
    overflow: hidden;
  }
  .crumb.name {
    color: var(--_qa-text);
    font-weight: 600;
  }
  .sep {
    padding-inline: 4px;
    color: var(--_qa-text-faint);
  }
  .elided {
    position: relative;
    padding: 0 4px;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-text-quiet);
  }
  .elided:hover {
    background: var(--_qa-hover);
  }
  .elided:focus-visible::after {
    content: attr(data-full);
    position: absolute;
    inset-block-start: calc(100% + 6px);
    inset-inline-start: 0;
    z-index: 2;
    padding: 4px 8px;
    border-radius: var(--_qa-radius-small);
    background: var(--_qa-text);
    color: var(--_qa-surface);
    font-size: 12px;
    white-space: nowrap;
  }
  /* The toolbar never shrinks (a button clipped off the end is lost): the breadcrumb gives way, folders first. */
  .toolbar {
    display: flex;
    align-items: center;
    gap: var(--_qa-space-2);
    margin-inline-start: auto;
    flex: none;
  }
  .toolbar > * {
    flex: none;
  }
  .toolbar > .toggle {
    flex: 0 1 auto;
    min-inline-size: 0;
  }
  /* The file's facts: quiet, one line, the first thing to go when the header is short of room. */
  .facts {
    flex: 0 100000 auto;
    min-inline-size: 0;
    margin: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: var(--_qa-text-faint);
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
  @container (max-width: 820px) {
    .fact-language {
      display: none;
    }
  }
  @container (max-width: 720px) {
    .fact-size {
      display: none;
    }
  }
  @container (max-width: 560px) {
    .facts {
      display: none;
    }
  }
  /* Narrow: the header keeps the main controls; Wrap, Full view and Download are in the ? popover. */
  @container (max-width: 480px) {
    .toolbar > .wide-only {
      display: none;
    }
    .crumbs {
      min-inline-size: 6ch;
    }
  }
  .header {
    position: relative;
  }
  .keys-help {
    position: absolute;
    inset-block-start: calc(100% + 4px);
    inset-inline-end: var(--_qa-space-2);
    z-index: 5;
    box-sizing: border-box;
    inline-size: min(340px, calc(100% - 2 * var(--_qa-space-2)));
    max-block-size: min(440px, 70vh);
    overflow: auto;
    padding: var(--_qa-space-2) var(--_qa-space-3) var(--_qa-space-3);
    border: 1px solid var(--_qa-border-strong);
    border-radius: var(--_qa-radius);
    background: var(--_qa-surface);
    color: var(--_qa-text);
    box-shadow: 0 8px 24px rgb(0 0 0 / 0.16);
    font-size: 13px;
  }
  .keys-help-head {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_qa-space-2);
  }
  .keys-help-title {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    margin: 0;
    font-weight: 600;
  }
  .keys-help-facts {
    margin: 0 0 var(--_qa-space-2);
    color: var(--_qa-text-quiet);
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
  .keys-list {
    list-style: none;
    margin: 0;
    padding: 0;
  }
  .keys-list > li {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: var(--_qa-space-3);
    border-block-start: 1px solid var(--_qa-border);
  }
  .keys-action {
    flex: 1 1 auto;
    min-inline-size: 0;
    min-block-size: 30px;
    padding: 4px 6px;
    margin-inline-start: -6px;
    border-radius: var(--_qa-radius-small);
    text-align: start;
    color: var(--_qa-text);
  }
  button.keys-action:hover:not(:disabled) {
    background: var(--_qa-hover);
  }
  button.keys-action:disabled {
    color: var(--_qa-text-faint);
    cursor: default;
  }
  .keys {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    flex: none;
    color: var(--_qa-text-faint);
  }
  kbd {
    min-inline-size: 1.6em;
    padding: 1px 6px;
    border: 1px solid var(--_qa-border-strong);
    border-block-end-width: 2px;
    border-radius: var(--_qa-radius-small);
    background: var(--_qa-surface-raised);
    color: var(--_qa-text);
    font: 500 11.5px/1.5 var(--_qa-font-mono);
    text-align: center;
  }
  .icon-button[aria-pressed='true'] {
    background: color-mix(in srgb, var(--_qa-accent) 14%, transparent);
    color: var(--_qa-accent);
  }
  /* Full view: the preview fills the screen. */
  :host(:fullscreen) {
    block-size: 100vh;
    background: var(--_bg);
  }
  :host(:fullscreen) .raw,
  :host(:fullscreen) .md-scroll {
    max-block-size: none;
  }
  @container (max-width: 380px) {
    .header {
      padding-inline: var(--_qa-space-2);
    }
    /* The partial notice below says it in words: an icon-only badge here would be a bare half-circle. */
    .badge.partial {
      display: none;
    }
    .toolbar {
      gap: var(--_qa-space-1);
    }
    .segment {
      padding-inline: 6px;
    }
    /* The Rendered / Raw segments keep their icons; the words are their names and tooltips. */
    .segment-label {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
    .icon-button {
      inline-size: 28px;
    }
    .badge {
      padding: 3px;
    }
    .badge-label {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
      white-space: nowrap;
    }
  }
  .badge {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    padding: 1px 8px;
    border-radius: 999px;
    font-size: 12px;
    font-weight: 600;
    white-space: nowrap;
  }
  .badge.partial {
    color: var(--_qa-warning);
    background: color-mix(in srgb, var(--_qa-warning) 12%, transparent);
    border: 1px solid color-mix(in srgb, var(--_qa-warning) 35%, transparent);
  }
  .icon-button {
    display: inline-grid;
    place-items: center;
    inline-size: 30px;
    block-size: 30px;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-text-quiet);
    transition: background-color var(--_qa-duration), color var(--_qa-duration);
  }
  .icon-button:hover:not(:disabled) {
    background: var(--_qa-hover);
    color: var(--_qa-text);
  }
  .icon-button:disabled {
    opacity: 0.45;
    cursor: default;
  }
  .toggle {
    display: inline-flex;
    padding: 2px;
    border-radius: var(--_qa-radius);
    background: var(--_qa-surface-raised);
    border: 1px solid var(--_qa-border);
  }
  .segment {
    display: inline-flex;
    align-items: center;
    gap: 5px;
    flex: 0 1 auto;
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    padding: 3px 10px;
    border-radius: calc(var(--_qa-radius) - 3px);
    font-size: 12px;
    font-weight: 500;
    color: var(--_qa-text-quiet);
    transition: background-color var(--_qa-duration), color var(--_qa-duration);
  }
  .segment[aria-checked='true'] {
    background: var(--_qa-surface);
    color: var(--_qa-text);
    box-shadow: 0 0 0 1px var(--_qa-border-strong);
  }
  .segment[aria-disabled='true'] {
    opacity: 0.5;
    cursor: not-allowed;
  }
  .segment:hover:not([aria-checked='true']):not([aria-disabled='true']) {
    color: var(--_qa-text);
  }

  /* Notices and the ranges row */
  .notice {
    display: flex;
    align-items: flex-start;
    gap: var(--_qa-space-2);
    margin: 0;
    padding: var(--_qa-space-2) var(--_qa-space-3);
    font-size: 13px;
    color: var(--_qa-text-quiet);
    background: var(--_qa-surface-raised);
    border-block-end: 1px solid var(--_qa-border);
  }
  .notice .icon {
    margin-block-start: 2px;
    color: var(--_qa-accent);
  }
  /* One line at every width: what does not fit is shortened, never wrapped. */
  .ranges {
    display: flex;
    flex-wrap: nowrap;
    align-items: center;
    gap: var(--_qa-space-2) var(--_qa-space-3);
    padding: 6px var(--_qa-space-3);
    border-block-end: 1px solid var(--_qa-border);
    font-size: 13px;
    min-inline-size: 0;
    white-space: nowrap;
  }
  .ranges > * {
    flex: none;
  }
  .range-nav {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    color: var(--_qa-text-quiet);
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
  .range-count {
    padding-inline-end: 4px;
  }
  .icon-button.small {
    inline-size: 26px;
    block-size: 26px;
  }
  .chip-short {
    display: none;
  }
  .ranges > .ranges-note {
    flex: 0 1 auto;
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  @container (max-width: 520px) {
    .ranges {
      gap: var(--_qa-space-2);
      padding-inline: var(--_qa-space-2);
    }
    .ranges > .ranges-note {
      display: none;
    }
  }
  @container (max-width: 400px) {
    .chip-full {
      display: none;
    }
    .chip-short {
      display: inline;
    }
    .range-count {
      padding-inline-end: 0;
    }
    .ranges > .link-button {
      flex: 0 1 auto;
      min-inline-size: 0;
      overflow: hidden;
      text-overflow: ellipsis;
    }
  }
  .chip {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    padding: 2px 10px;
    border-radius: 999px;
    background: var(--_raw-tint);
    border: 1px solid color-mix(in srgb, var(--_raw-edge) 55%, transparent);
    color: var(--_qa-text);
    font-size: 12px;
    font-weight: 500;
    font-variant-numeric: tabular-nums;
  }
  .chip .icon {
    color: var(--_qa-warning);
  }
  .chip:hover {
    border-color: var(--_raw-edge);
  }
  .link-button {
    color: var(--_qa-accent);
    font-weight: 500;
    text-decoration: underline;
    text-underline-offset: 2px;
    text-decoration-thickness: from-font;
  }
  .link-button:hover {
    text-decoration-thickness: 2px;
  }
  .ranges-note {
    color: var(--_qa-text-faint);
    font-size: 12px;
  }

  /* Lines selected by their numbers */
  .selection-bar {
    flex: none;
    display: flex;
    flex-wrap: nowrap;
    align-items: center;
    gap: var(--_qa-space-2);
    padding: 4px var(--_qa-space-3);
    border-block-end: 1px solid var(--_qa-border);
    font-size: 13px;
    white-space: nowrap;
    min-inline-size: 0;
    overflow: hidden;
  }
  .selection-label {
    font-weight: 600;
    font-variant-numeric: tabular-nums;
    color: var(--_raw-select-edge);
  }
  .text-button {
    display: inline-flex;
    align-items: center;
    gap: 4px;
    min-block-size: 26px;
    padding: 2px 8px;
    border-radius: var(--_qa-radius-small);
    color: var(--_qa-text);
  }
  .text-button:hover {
    background: var(--_qa-hover);
  }
  .selection-note {
    color: var(--_qa-text-quiet);
    font-size: 12px;
    min-inline-size: 0;
    overflow: hidden;
    text-overflow: ellipsis;
  }
  @container (max-width: 400px) {
    /* Narrow: the selection bar's buttons keep their icons; their words stay for screen readers. */
    .text-button:not(.retry) > span {
      position: absolute;
      inline-size: 1px;
      block-size: 1px;
      overflow: hidden;
      clip-path: inset(50%);
    }
  }

  /* Body and states */
  .body {
    position: relative;
    display: flex;
    flex-direction: column;
    flex: 1 1 auto;
    min-block-size: 240px;
    min-inline-size: 0;
  }
  .skeleton {
    display: flex;
    flex-direction: column;
    gap: 10px;
    padding: var(--_qa-space-4) var(--_qa-space-3);
    flex: 1;
  }
  .bar {
    display: block;
    block-size: 10px;
    border-radius: 5px;
    background: linear-gradient(90deg, var(--_qa-surface-raised), var(--_qa-border), var(--_qa-surface-raised));
    background-size: 200% 100%;
    animation: shimmer 1.4s ease-in-out infinite;
  }
  .bar[data-w='72'] { inline-size: 72%; }
  .bar[data-w='54'] { inline-size: 54%; }
  .bar[data-w='88'] { inline-size: 88%; }
  .bar[data-w='40'] { inline-size: 40%; }
  .bar[data-w='66'] { inline-size: 66%; }
  .bar[data-w='80'] { inline-size: 80%; }
  .bar[data-w='35'] { inline-size: 35%; }
  .bar[data-w='60'] { inline-size: 60%; }
  .bar[data-w='74'] { inline-size: 74%; }
  .bar[data-w='50'] { inline-size: 50%; }
  @keyframes shimmer {
    from { background-position: 100% 0; }
    to { background-position: -100% 0; }
  }
  @media (prefers-reduced-motion: reduce) {
    .bar { animation: none; }
  }
  .error,
  .state-notice {
    display: flex;
    align-items: flex-start;
    gap: var(--_qa-space-3);
    margin: var(--_qa-space-4) var(--_qa-space-3);
    padding: var(--_qa-space-3) var(--_qa-space-4);
    border-radius: var(--_qa-radius);
    border: 1px solid var(--_qa-border);
    background: var(--_qa-surface-raised);
    color: var(--_qa-text-quiet);
    font-size: 13px;
  }
  .error .icon,
  .state-notice .icon {
    inline-size: 18px;
    block-size: 18px;
    margin-block-start: 1px;
    color: var(--_qa-text-faint);
  }
  .error {
    border-color: color-mix(in srgb, var(--_qa-danger) 40%, var(--_qa-border));
    background: color-mix(in srgb, var(--_qa-danger) 6%, var(--_qa-surface));
  }
  .error .icon,
  .too-large > .icon {
    color: var(--_qa-danger);
  }
  .error p,
  .state-notice p {
    margin: 0 0 4px;
  }
  .title {
    color: var(--_qa-text);
    font-weight: 600;
  }
  .actions {
    display: flex;
    flex-wrap: wrap;
    gap: var(--_qa-space-2);
    margin-block-start: var(--_qa-space-2);
  }
  .button {
    display: inline-flex;
    align-items: center;
    gap: 6px;
    margin-block-start: var(--_qa-space-2);
    padding: 5px 12px;
    border-radius: var(--_qa-radius-small);
    border: 1px solid var(--_qa-border-strong);
    background: var(--_qa-surface);
    color: var(--_qa-text);
    font-size: 13px;
    font-weight: 500;
  }
  .actions .button {
    margin-block-start: 0;
  }
  .button:hover {
    background: var(--_qa-hover);
  }

  /* Rendered document */
  .md-scroll {
    flex: 1 1 auto;
    min-block-size: 0;
    max-block-size: var(--qa-preview-max-block-size, 85vh);
    overflow: auto;
    overscroll-behavior: contain;
  }
  /* The start padding is the margin of the marked-run bands (rule and label); the bands lie behind the text. */
  .md-scroll {
    position: relative;
    background-color: var(--_qa-surface);
  }
  .md-scroll > .qa-markdown {
    position: relative;
    z-index: 1;
    background-color: transparent;
    padding: var(--_qa-space-3) var(--_qa-space-4) var(--_qa-space-4) 28px;
  }
  /*
   * The scrollers' focus ring is drawn over the body, above their content:
   * an outline of the scroller itself is painted under its positioned
   * children (the raw view's sticky gutter covered its start edge, the rows
   * its end edges).
   */
  .md-scroll:focus-visible,
  .raw:focus-visible {
    outline: none;
  }
  .body:has(> .md-scroll:focus-visible, > .raw:focus-visible)::after {
    content: '';
    position: absolute;
    inset: 0;
    z-index: 3;
    border: 2px solid var(--_qa-focus);
    border-radius: var(--_qa-radius-small);
    pointer-events: none;
  }
  /* Lines wider than the view fade out at its edge while there is more to scroll to. */
  .body {
    timeline-scope: --qa-raw-x;
  }
  .raw {
    scroll-timeline: --qa-raw-x inline;
  }
  .body:has(> .raw:not([hidden]))::before {
    content: '';
    position: absolute;
    inset-block: 0;
    inset-inline-end: 0;
    z-index: 2;
    inline-size: 28px;
    background: linear-gradient(to right, transparent, var(--_bg));
    pointer-events: none;
    opacity: 0;
    animation: qa-raw-more linear both;
    animation-timeline: --qa-raw-x;
  }
  @keyframes qa-raw-more {
    0%,
    96% {
      opacity: 1;
    }
    100% {
      opacity: 0;
    }
  }

  /* The current range's blocks in Rendered: a deeper tint of the same band. */
  .qa-markdown pre[data-qa-current] {
    --_qa-md-mark-tint: color-mix(in srgb, var(--_qa-highlight-edge) 22%, transparent);
  }

  /* Raw view */
  .raw {
    position: relative;
    flex: 1 1 auto;
    min-block-size: 0;
    max-block-size: var(--qa-preview-max-block-size, 85vh);
    overflow: auto;
    overscroll-behavior: contain;
    font-family: var(--_qa-font-mono);
    font-size: var(--qa-preview-code-font-size, 12.5px);
    font-variant-ligatures: none;
    tab-size: 4;
    color: var(--_qa-text);
    background: var(--_bg);
    padding-block: 6px;
  }
  @media (forced-colors: active) {
    .segment[aria-checked='true'] {
      outline: 2px solid Highlight;
    }
    .chip {
      border-color: CanvasText;
    }
  }

  /* Find bar: one row below the header. */
  .find-bar {
    flex: none;
    display: flex;
    align-items: center;
    gap: 4px;
    padding: 4px var(--_qa-space-3);
    border-block-end: 1px solid var(--_qa-border);
    background: var(--_header-bg);
    font-size: 13px;
    min-inline-size: 0;
  }
  .find-status {
    flex: none;
    min-inline-size: 0;
    max-inline-size: 16em;
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    color: var(--_qa-text-quiet);
    font-size: 12px;
    font-variant-numeric: tabular-nums;
  }
  .find-status:empty {
    display: none;
  }
  /* Find's code could not be loaded: the message says so in full, Retry and close after it. */
  .find-failed .find-status {
    flex: 1 1 auto;
    max-inline-size: none;
    white-space: normal;
    color: var(--_qa-text);
  }
  @container (max-width: 400px) {
    .find-bar {
      flex-wrap: wrap;
    }
    .find-status {
      margin-inline-end: auto;
    }
  }
  /* Find matches: painted over the text (CSS Custom Highlight API), the DOM and the syntax colours untouched. */
  .base {
    --_find: var(--qa-color-find-match, light-dark(rgb(255 170 60 / 0.38), rgb(255 166 87 / 0.3)));
    --_find-current: var(--qa-color-find-current, light-dark(#ffb45c, rgb(255 140 30 / 0.62)));
    --_find-edge: var(--qa-color-find-edge, light-dark(#d9730d, #ffa657));
  }
  ::highlight(qa-find) {
    background-color: var(--_find, rgb(255 170 60 / 0.38));
  }
  ::highlight(qa-find-current) {
    background-color: var(--_find-current, #ffb45c);
  }
  /* Go to line: the line (or block) flashes once. */
  .qa-markdown [data-qa-flash] {
    animation: qa-flash 1.2s ease-out 1;
  }
  @keyframes qa-flash {
    /* An outline that fades: the text's own colours and background stay (contrast never drops). */
    from {
      outline: 3px solid var(--_find-edge);
      outline-offset: -3px;
    }
    to {
      outline: 3px solid transparent;
      outline-offset: -3px;
    }
  }
  /* Lines of a #L10-L20 link in Rendered: the blocks holding them, blue like selected lines. */
  .qa-markdown [data-qa-selected] {
    background-color: var(--_raw-select);
    box-shadow: inset 3px 0 0 var(--_raw-select-edge);
  }
  /* The overview ruler beside the raw scroll track: ranges (yellow) and find matches (orange) in the whole file. */
  .raw-ruler {
    position: absolute;
    inset-block-start: 0;
    inset-inline-end: var(--_ruler-end, 0px);
    block-size: min(100%, var(--qa-preview-max-block-size, 85vh));
    inline-size: 8px;
    z-index: 2;
    cursor: pointer;
    background: var(--_bg);
    box-shadow: inset 1px 0 0 var(--_qa-border);
  }
  .raw-ruler:empty {
    display: none;
  }
  @media (prefers-reduced-motion: reduce) {
    .qa-markdown [data-qa-flash] {
      animation: none;
    }
  }
  @media (forced-colors: active) {
    ::highlight(qa-find) {
      background-color: Mark;
      color: MarkText;
    }
    ::highlight(qa-find-current) {
      background-color: Highlight;
      color: HighlightText;
    }
  }
`;
