import { css } from 'lit';

/**
 * Styles of a rendered Markdown document (container `.qa-markdown`, part
 * `markdown`), to be adopted in the shadow root that holds it. GitHub-like,
 * built on the kit's `--_qa-*` tokens (src/elements/shared/styles.ts), light
 * and dark, logical properties throughout so right-to-left blocks read right.
 */
export const markdownStyles = css`
  .qa-markdown {
    --_qa-md-alert-note: light-dark(#0969da, #4493f8);
    --_qa-md-alert-tip: light-dark(#1a7f37, #3fb950);
    --_qa-md-alert-important: light-dark(#8250df, #ab7df8);
    --_qa-md-alert-warning: light-dark(#9a6700, #d29922);
    --_qa-md-alert-caution: light-dark(#d1242f, #f85149);
    --_qa-md-code-bg: var(--_qa-surface-raised);
    color: var(--_qa-text);
    background-color: var(--_qa-surface);
    font-family: var(--_qa-font-sans);
    font-size: var(--_qa-font-size);
    line-height: 1.6;
    overflow-wrap: break-word;
    min-inline-size: 0;
  }
  .qa-markdown .qa-chunk {
    content-visibility: auto;
    /* Space held by a chunk not yet laid out: its own estimate where typed attr() works; exact once rendered. */
    contain-intrinsic-size: auto 2400px;
    contain-intrinsic-size: auto attr(data-qa-estimate px, 2400px);
  }
  .qa-markdown .qa-chunk:first-child > :first-child {
    margin-block-start: 0;
  }

  /* Text blocks */
  .qa-markdown :is(p, blockquote, ul, ol, dl, pre, details, figure, .qa-table, .markdown-alert) {
    margin-block: 0 1em;
  }
  .qa-markdown :is(h1, h2, h3, h4, h5, h6) {
    margin-block: 1.5em 0.75em;
    font-weight: 600;
    line-height: 1.25;
    scroll-margin-block-start: var(--_qa-space-4);
  }
  .qa-markdown h1 {
    font-size: 1.85em;
    padding-block-end: 0.3em;
    border-block-end: 1px solid var(--_qa-border);
  }
  .qa-markdown h2 {
    font-size: 1.45em;
    padding-block-end: 0.3em;
    border-block-end: 1px solid var(--_qa-border);
  }
  .qa-markdown h3 {
    font-size: 1.2em;
  }
  .qa-markdown h4 {
    font-size: 1em;
  }
  .qa-markdown :is(h5, h6) {
    font-size: 0.9em;
  }
  .qa-markdown h6 {
    color: var(--_qa-text-quiet);
  }
  .qa-markdown hr {
    block-size: 0.25em;
    margin-block: 1.5em;
    padding: 0;
    border: 0;
    background: var(--_qa-border);
  }
  .qa-markdown :is(ul, ol) {
    padding-inline-start: 2em;
  }
  .qa-markdown :is(ul, ol) :is(ul, ol) {
    margin-block: 0;
  }
  .qa-markdown li + li {
    margin-block-start: 0.25em;
  }
  .qa-markdown li > p {
    margin-block: 0.5em;
  }
  .qa-markdown dt {
    font-weight: 600;
    margin-block-start: 0.75em;
  }
  .qa-markdown dd {
    margin-inline-start: 0;
    padding-inline-start: 1em;
  }
  .qa-markdown blockquote {
    margin-inline: 0;
    padding: 0 1em;
    color: var(--_qa-text-quiet);
    border-inline-start: 0.25em solid var(--_qa-border-strong);
  }
  .qa-markdown blockquote > :last-child,
  .qa-markdown li > :last-child,
  .qa-markdown .markdown-alert > :last-child,
  .qa-markdown details > :last-child {
    margin-block-end: 0;
  }
  .qa-markdown :is(del, s, strike) {
    color: var(--_qa-text-quiet);
  }
  .qa-markdown kbd {
    display: inline-block;
    padding: 0.1em 0.35em;
    font: 0.85em/1.2 var(--_qa-font-mono);
    background: var(--_qa-md-code-bg);
    border: 1px solid var(--_qa-border-strong);
    border-block-end-width: 2px;
    border-radius: var(--_qa-radius-small);
  }
  .qa-markdown mark {
    background: var(--_qa-highlight);
    color: inherit;
  }
  .qa-markdown details {
    padding: var(--_qa-space-2) var(--_qa-space-3);
    border: 1px solid var(--_qa-border);
    border-radius: var(--_qa-radius-small);
  }
  .qa-markdown summary {
    cursor: pointer;
    font-weight: 600;
  }
  .qa-markdown details[open] > summary {
    margin-block-end: var(--_qa-space-2);
  }

  /* Links */
  .qa-markdown a {
    color: var(--_qa-accent);
    text-decoration: underline;
    text-decoration-thickness: 1px;
    text-underline-offset: 0.15em;
    border-radius: 2px;
  }
  .qa-markdown a:hover {
    text-decoration-thickness: 2px;
  }
  .qa-markdown a:focus-visible {
    outline: 2px solid var(--_qa-focus);
    outline-offset: 1px;
  }
  /* The external-link mark: the kit's "external" icon (24-unit grid, 1.8 stroke) as one filled outline,
     the box and the arrow joined by a seam of no width. One box per link, no SVG. */
  .qa-markdown .qa-external-icon {
    display: inline-block;
    inline-size: 0.8em;
    block-size: 0.8em;
    margin-inline-start: 0.15em;
    vertical-align: -0.05em;
    background-color: currentColor;
    forced-color-adjust: none;
    clip-path: polygon(
      41.67% 21.25%, 17.92% 21.25%, 12.92% 26.25%, 12.92% 82.08%, 17.92% 87.08%, 73.75% 87.08%, 78.75% 82.08%,
      78.75% 58.33%, 71.25% 58.33%, 71.25% 79.58%, 20.42% 79.58%, 20.42% 28.75%, 41.67% 28.75%, 41.67% 21.25%,
      58.33% 20.42%, 58.33% 12.92%, 87.08% 12.92%, 87.08% 41.67%, 79.58% 41.67%, 79.58% 25.75%, 48.5% 56.83%,
      43.17% 51.5%, 74.25% 20.42%, 58.33% 20.42%
    );
  }
  .qa-markdown .qa-link-host {
    display: inline-block;
    margin-inline-start: 0.3em;
    padding: 0 0.35em;
    font-size: 0.8em;
    line-height: 1.5;
    color: var(--_qa-warning);
    border: 1px solid currentColor;
    border-radius: var(--_qa-radius-small);
    text-decoration: none;
    vertical-align: 0.05em;
  }
  .qa-markdown .qa-bidi {
    padding: 0 0.2em;
    font-family: var(--_qa-font-mono);
    font-size: 0.8em;
    color: var(--_qa-warning);
    border: 1px solid currentColor;
    border-radius: var(--_qa-radius-small);
    unicode-bidi: isolate;
  }
  .qa-markdown .qa-link-unavailable {
    text-decoration: underline dotted var(--_qa-text-faint);
    text-underline-offset: 0.15em;
    cursor: help;
  }

  /* Code */
  .qa-markdown code,
  .qa-markdown tt,
  .qa-markdown samp {
    font-family: var(--_qa-font-mono);
    font-size: 0.875em;
  }
  .qa-markdown :not(pre) > code {
    padding: 0.15em 0.35em;
    background: var(--_qa-md-code-bg);
    border-radius: var(--_qa-radius-small);
    overflow-wrap: anywhere;
  }
  /* Code reads left to right inside right-to-left text, isolated from it (what dir="ltr" would do). */
  .qa-markdown :not(pre) > code:not([dir]) {
    direction: ltr;
    unicode-bidi: isolate;
  }
  .qa-markdown pre {
    padding: var(--_qa-space-3) var(--_qa-space-4);
    overflow: auto;
    font-family: var(--_qa-font-mono);
    font-size: 0.875em;
    line-height: 1.5;
    background: var(--_qa-md-code-bg);
    border: 1px solid var(--_qa-border);
    border-radius: var(--_qa-radius);
    tab-size: 4;
    text-align: start;
  }
  .qa-markdown pre > code {
    font-size: inherit;
    white-space: pre;
    overflow-wrap: normal;
  }
  .qa-markdown pre:focus-visible,
  .qa-markdown .qa-table:focus-visible {
    outline: 2px solid var(--_qa-focus);
    outline-offset: 2px;
  }

  /* Tables: wide ones scroll sideways inside their own box */
  .qa-markdown .qa-table {
    max-inline-size: 100%;
    overflow-x: auto;
    border-radius: var(--_qa-radius-small);
  }
  /* A long table's first rows, then this control for the rest (long-tables.ts) */
  .qa-markdown .qa-show-rows {
    display: block;
    min-block-size: 32px;
    margin-block: 8px 16px;
    padding: 4px 12px;
    font: inherit;
    font-size: 0.9em;
    color: var(--_qa-accent);
    background: var(--_qa-surface-raised);
    border: 1px solid var(--_qa-border-strong);
    border-radius: var(--_qa-radius-small);
    cursor: pointer;
  }
  .qa-markdown .qa-show-rows:hover {
    text-decoration: underline;
  }
  .qa-markdown .qa-show-rows:focus-visible {
    outline: 2px solid var(--_qa-focus);
    outline-offset: 2px;
  }
  .qa-markdown .qa-show-rows:disabled {
    cursor: progress;
  }
  .qa-markdown table {
    border-collapse: collapse;
    border-spacing: 0;
    font-variant-numeric: tabular-nums;
  }
  .qa-markdown :is(th, td) {
    padding: 0.35em 0.8em;
    border: 1px solid var(--_qa-border-strong);
    text-align: start;
    vertical-align: top;
  }
  .qa-markdown th {
    font-weight: 600;
    background: var(--_qa-surface-raised);
  }
  .qa-markdown tbody tr:nth-child(2n) {
    background: color-mix(in srgb, var(--_qa-surface-raised) 55%, transparent);
  }
  .qa-markdown .qa-align-left {
    text-align: left;
  }
  .qa-markdown .qa-align-center {
    text-align: center;
  }
  .qa-markdown .qa-align-right {
    text-align: right;
  }

  /* Task lists */
  .qa-markdown .contains-task-list {
    padding-inline-start: 1.25em;
  }
  .qa-markdown .task-list-item {
    list-style: none;
  }
  .qa-markdown .task-list-item-checkbox {
    margin: 0 0.4em 0 -1.25em;
    margin-inline: -1.25em 0.4em;
    vertical-align: -0.1em;
    accent-color: var(--_qa-accent);
  }

  /* Alerts */
  .qa-markdown .markdown-alert {
    --_qa-md-alert: var(--_qa-md-alert-note);
    padding: var(--_qa-space-2) var(--_qa-space-4);
    border-inline-start: 0.25em solid var(--_qa-md-alert);
    border-radius: 0 var(--_qa-radius-small) var(--_qa-radius-small) 0;
  }
  .qa-markdown .markdown-alert:dir(rtl) {
    border-radius: var(--_qa-radius-small) 0 0 var(--_qa-radius-small);
  }
  .qa-markdown .markdown-alert-tip {
    --_qa-md-alert: var(--_qa-md-alert-tip);
  }
  .qa-markdown .markdown-alert-important {
    --_qa-md-alert: var(--_qa-md-alert-important);
  }
  .qa-markdown .markdown-alert-warning {
    --_qa-md-alert: var(--_qa-md-alert-warning);
  }
  .qa-markdown .markdown-alert-caution {
    --_qa-md-alert: var(--_qa-md-alert-caution);
  }
  .qa-markdown .markdown-alert-title {
    display: flex;
    align-items: center;
    gap: 0.5em;
    margin-block: 0 0.5em;
    font-weight: 600;
    color: var(--_qa-md-alert);
  }
  .qa-markdown .qa-alert-icon {
    inline-size: 1em;
    block-size: 1em;
    flex: none;
  }

  /* Footnotes */
  .qa-markdown .footnote-ref {
    font-size: 0.75em;
  }
  .qa-markdown .footnotes {
    font-size: 0.9em;
    color: var(--_qa-text-quiet);
  }
  .qa-markdown .footnotes-sep {
    block-size: 1px;
  }
  .qa-markdown .footnote-item:target,
  .qa-markdown .footnote-item[data-qa-focus] {
    background: var(--_qa-highlight);
  }
  .qa-markdown .qa-sr-only {
    position: absolute;
    inline-size: 1px;
    block-size: 1px;
    margin: -1px;
    padding: 0;
    overflow: hidden;
    clip-path: inset(50%);
    white-space: nowrap;
    border: 0;
  }

  /* Front matter */
  .qa-markdown .qa-front-matter {
    font-size: 0.875em;
  }
  .qa-markdown .qa-front-matter caption {
    padding-block-end: 0.25em;
    text-align: start;
    font-weight: 600;
    color: var(--_qa-text-quiet);
  }
  .qa-markdown .qa-front-matter th {
    font-family: var(--_qa-font-mono);
    font-weight: 500;
  }
  .qa-markdown .qa-front-matter ul {
    margin: 0;
    padding-inline-start: 1.2em;
  }

  /* Images: loaded ones fit; blocked ones are a quiet placeholder */
  .qa-markdown img {
    max-inline-size: 100%;
    block-size: auto;
  }
  .qa-markdown .qa-image {
    display: inline-flex;
    align-items: center;
    gap: 0.4em;
    max-inline-size: 100%;
    padding: 0.1em 0.5em;
    font-size: 0.85em;
    line-height: 1.5;
    color: var(--_qa-text-quiet);
    background: var(--_qa-surface-raised);
    border: 1px dashed var(--_qa-border-strong);
    border-radius: var(--_qa-radius-small);
    vertical-align: middle;
  }
  .qa-markdown a .qa-image {
    color: var(--_qa-accent);
  }
  .qa-markdown a.qa-image-link {
    text-decoration: none;
  }
  .qa-markdown a.qa-image-link:hover .qa-image-alt {
    text-decoration: underline;
  }
  .qa-markdown .qa-image-icon {
    inline-size: 1.1em;
    block-size: 1.1em;
    flex: none;
  }
  .qa-markdown .qa-image-alt {
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
  .qa-markdown .qa-image-source {
    color: var(--_qa-text-faint);
    white-space: nowrap;
  }
  .qa-markdown .qa-image-source::before {
    content: '· ';
  }

  /*
   * Blocks that contain referenced lines: one band per run of them, drawn
   * behind the text by the preview (.qa-band, from drawBands), so a marked
   * block keeps its exact place and its own look — no padding, no rounded
   * pill, no second tint on tables. Code blocks keep their background, tinted.
   */
  .qa-markdown pre[data-qa-marked] {
    background-image: linear-gradient(var(--_qa-md-mark-tint), var(--_qa-md-mark-tint));
    border-color: color-mix(in srgb, var(--_qa-highlight-edge) 45%, var(--_qa-border));
  }
  .qa-markdown {
    --_qa-md-mark-tint: color-mix(in srgb, var(--_qa-highlight-edge) 12%, transparent);
  }
  .qa-bands {
    position: absolute;
    inset-block-start: 0;
    inset-inline: 0;
    block-size: 0;
    pointer-events: none;
    user-select: none;
  }
  .qa-band {
    position: absolute;
    inset-inline: 6px;
    box-sizing: border-box;
    background: var(--_qa-highlight);
    border-inline-start: 3px solid var(--_qa-highlight-edge);
  }
  .qa-band:dir(rtl)::after {
    left: auto;
    right: 2px;
  }
  .qa-band[data-current] {
    background: var(--qa-color-highlight-current, light-dark(#ffeeb0, rgb(210 153 34 / 0.24)));
  }
  /* The margin label ties the band to the raw lines: beside the rule, read bottom to top. */
  .qa-band::after {
    content: attr(data-label);
    position: absolute;
    /* Physical sides: the label's own writing mode is vertical, so its logical sides are turned. */
    top: 4px;
    left: 2px;
    max-height: calc(100% - 8px);
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
    writing-mode: vertical-rl;
    transform: rotate(180deg);
    font-size: 10px;
    line-height: 12px;
    font-variant-numeric: tabular-nums;
    color: color-mix(in srgb, var(--_qa-highlight-edge) 70%, var(--_qa-text));
  }

  @media (forced-colors: active) {
    .qa-band {
      forced-color-adjust: none;
      background: Canvas;
      border-inline-start: 4px solid Highlight;
    }
    .qa-band::after {
      color: CanvasText;
    }
    .qa-markdown .markdown-alert,
    .qa-markdown blockquote {
      border-inline-start-color: CanvasText;
    }
    .qa-markdown .qa-image,
    .qa-markdown .qa-link-host {
      border-color: CanvasText;
    }
  }
  @media (prefers-reduced-motion: no-preference) {
    .qa-band {
      transition: background-color var(--_qa-duration) ease-out;
    }
  }
  @media print {
    .qa-markdown .qa-chunk {
      content-visibility: visible;
    }
  }
`;
