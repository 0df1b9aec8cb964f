/**
 * Templates of the preview's states and bars: loading skeleton, error,
 * notices (partial, render limit, binary, empty), too large, and the
 * referenced-lines bar.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatBytes } from '../../i18n/index.js';
import type { QaTerms } from '../../i18n/types.js';
import { formatRange, type QaLineRange } from '../../model/display.js';
import type { QaPreviewMode } from '../../events.js';
import { icons, previewIcons } from '../shared/icons.js';
import { PREVIEW_KEYS, showKey, type PreviewAction } from './keys.js';

type Translate = <K extends keyof QaTerms>(key: K, params?: Record<string, string | number>) => string;

/** Widths of the skeleton's bars (percent), like lines of a document. */
const SKELETON = [72, 54, 88, 40, 66, 80, 35, 60, 74, 50];

/** Loading: a calm placeholder of the same size as the document it stands for, announced once. */
export function renderSkeleton(t: Translate): TemplateResult {
  return html`<div part="skeleton" class="skeleton" role="status">
    <span class="visually-hidden">${t('loading')}</span>
    ${SKELETON.map((w) => html`<span class="bar" data-w=${w}></span>`)}
  </div>`;
}

/** The error state: the fixed, safe wording (never the host's message) and Retry. */
export function renderError(kind: 'timeout' | 'other', t: Translate, retry: () => void): TemplateResult {
  return html`<div part="error" class="error" role="alert">
    ${icons.warning()}
    <div>
      <p class="title">${t('errorTitle')}</p>
      <p>${kind === 'timeout' ? t('timeoutBody') : t('errorBody')}</p>
      <button part="button" class="button" type="button" @click=${retry}>${icons.retry()}${t('retry')}</button>
    </div>
  </div>`;
}

/** A state that replaces the document (binary, empty). */
export function renderStateNotice(text: string): TemplateResult {
  return html`<p part="notice" class="state-notice">${icons.file()}<span>${text}</span></p>`;
}

/** Too large: sizes, and the excerpt and Download when the host sent one. */
export function renderTooLarge(
  info: { size: number | null; limit: number; lang: string; excerpt: boolean },
  t: Translate,
  actions: { openExcerpt: () => void; download: () => void },
): TemplateResult {
  return html`<div part="notice" class="state-notice too-large">
    ${icons.warning()}
    <div>
      <p class="title">${t('tooLarge')}</p>
      ${info.size !== null ? html`<p>${t('tooLargeDetail', { size: formatBytes(info.size, info.lang), limit: formatBytes(info.limit, info.lang) })}</p>` : nothing}
      ${
        info.excerpt
          ? html`<div class="actions">
            <button part="button" class="button" type="button" @click=${actions.openExcerpt}>${icons.lines()}${t('openRawExcerpt')}</button>
            <button part="button" class="button" type="button" @click=${actions.download}>${icons.download()}${t('download')}</button>
          </div>`
          : nothing
      }
    </div>
  </div>`;
}

/** Notices above the document (render limit, partial content). */
export function renderNotices(notes: string[]): TemplateResult | typeof nothing {
  if (!notes.length) return nothing;
  return html`${notes.map((n) => html`<p part="notice" class="notice" role="note">${icons.info()}<span>${n}</span></p>`)}`;
}

/**
 * The ranges bar, one line: `Referenced lines: 197–218` (a button that
 * scrolls to the current range), with several ranges `Range 1 of 3` and
 * previous / next buttons (F8 / Shift+F8), and in Rendered mode `View raw at
 * lines 197–218` with the block-granular note.
 */
export function renderRangesBar(
  ranges: QaLineRange[],
  current: number,
  mode: QaPreviewMode,
  t: Translate,
  actions: { jump: () => void; step: (by: 1 | -1) => void; viewRaw: (r: QaLineRange) => void },
): TemplateResult {
  const range = ranges[current] ?? ranges[0]!;
  const label = t('referencedLines', { range: formatRange(range) });
  const many = ranges.length > 1;
  return html`<div class="ranges" part="ranges">
    <button part="chip" class="chip" type="button" aria-label=${label} title=${label} @click=${actions.jump}>
      ${icons.lines()}<span class="chip-full" aria-hidden="true">${label}</span><span class="chip-short" aria-hidden="true">${formatRange(range)}</span>
    </button>
    ${
      many
        ? html`<span class="range-nav">
          <span class="range-count" aria-live="polite">${t('rangeOf', { n: current + 1, total: ranges.length })}</span>
          <button part="button" class="icon-button small" type="button" title=${`${t('previousRange')} (Shift+F8)`} aria-label=${t('previousRange')} aria-keyshortcuts="Shift+F8 Alt+ArrowUp" @click=${() => actions.step(-1)}>
            ${previewIcons.up()}
          </button>
          <button part="button" class="icon-button small" type="button" title=${`${t('nextRange')} (F8)`} aria-label=${t('nextRange')} aria-keyshortcuts="F8 Alt+ArrowDown" @click=${() => actions.step(1)}>
            ${previewIcons.down()}
          </button>
        </span>`
        : nothing
    }
    ${
      mode === 'rendered'
        ? html`<button part="button" class="link-button" type="button" title=${t('blocksMarked')} @click=${() => actions.viewRaw(range)}>
            ${t('viewRawAt', { range: formatRange(range) })}
          </button>
          <span class="ranges-note">${t('blocksMarked')}</span>`
        : nothing
    }
  </div>`;
}

/** Lines selected by their numbers: `Lines 10–20` with Copy lines, Copy link and Clear, and what the last copy did. */
export function renderSelectionBar(
  range: QaLineRange,
  note: string,
  t: Translate,
  actions: { copyLines: () => void; copyLink: () => void; clear: () => void },
): TemplateResult {
  return html`<div class="selection-bar" part="selection" role="group" aria-label=${t('selectedLines', { range: formatRange(range) })}>
    <span class="selection-label">${t('selectedLines', { range: formatRange(range) })}</span>
    <button part="button" class="text-button" type="button" @click=${actions.copyLines}>${previewIcons.copy()}<span>${t('copyLines')}</span></button>
    <button part="button" class="text-button" type="button" @click=${actions.copyLink}>${previewIcons.link()}<span>${t('copyLink')}</span></button>
    <button part="button" class="icon-button small" type="button" title=${`${t('clearSelection')} (Esc)`} aria-label=${t('clearSelection')} @click=${actions.clear}>${previewIcons.clear()}</button>
    <span class="selection-note" role="status">${note}</span>
  </div>`;
}

/**
 * The `?` popover: every action of the preview with its keys, each a button
 * that does it (the header keeps only the main buttons where it is narrow,
 * so this is also where they are). Actions that do not apply now (no
 * selection, one range) are disabled; keys that work inside another part
 * (the find bar) are listed without a button. The file's facts head it.
 */
export function renderKeysHelp(
  opts: { id: string; facts: string | null; t: Translate; can: (a: PreviewAction) => boolean; label?: (a: PreviewAction) => string | null },
  actions: { run: (a: PreviewAction) => void; close: () => void; keydown: (e: KeyboardEvent) => void },
): TemplateResult {
  const { t } = opts;
  return html`<div class="keys-help" part="keys-help" id=${opts.id} role="dialog" aria-labelledby=${`${opts.id}-title`} @keydown=${actions.keydown}>
    <div class="keys-help-head">
      <p class="keys-help-title" id=${`${opts.id}-title`}>${previewIcons.keyboard()}${t('keyboardHelp')}</p>
      <button part="button" class="icon-button small" type="button" title=${`${t('close')} (Esc)`} aria-label=${t('close')} @click=${actions.close}>${previewIcons.clear()}</button>
    </div>
    ${opts.facts ? html`<p class="keys-help-facts">${opts.facts}</p>` : nothing}
    <ul class="keys-list">
      ${PREVIEW_KEYS.filter((k) => k.action !== 'help').map((k) => {
        const label = opts.label?.(k.action) ?? t(k.term);
        const keys = html`<span class="keys">${k.keys.map((c, i) => html`${i ? html`<span class="or" aria-hidden="true">/</span>` : nothing}<kbd>${showKey(c)}</kbd>`)}</span>`;
        return html`<li>
          ${
            k.listedOnly
              ? html`<span class="keys-action">${label}</span>`
              : html`<button class="keys-action" type="button" data-action=${k.action} aria-keyshortcuts=${k.keys.join(' ')} ?disabled=${!opts.can(k.action)} @click=${() => actions.run(k.action)}>${label}</button>`
          }
          ${keys}
        </li>`;
      })}
    </ul>
  </div>`;
}
