/**
 * Header sub-parts of the file preview: the breadcrumb of the workspace path
 * and the Rendered/Raw radio group.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { QaTerms } from '../../i18n/types.js';
import { revealHidden } from '../../model/text.js';
import type { QaPreviewMode } from '../shared/events.js';
import { icons } from '../shared/icons.js';
import { crumbs } from './preview-helpers.js';

type Translate = <K extends keyof QaTerms>(key: K, params?: Record<string, string | number>) => string;

/**
 * The path as a breadcrumb: directories quiet, the file name strong; the
 * middle of a long path is a `…` button that shows every segment. The full
 * path is the breadcrumb's tooltip and is read by screen readers.
 */
export function renderBreadcrumb(path: string, expanded: boolean, t: Translate, onExpand: () => void): TemplateResult {
  const full = revealHidden(path).text;
  const parts = crumbs(path, expanded);
  return html`<nav part="breadcrumb" class="crumbs" aria-label=${t('breadcrumb')} title=${full}>
    ${icons.file()}
    <ol>
      ${parts.map((c, i) => {
        const last = i === parts.length - 1;
        const sep = last ? nothing : html`<span class="sep" aria-hidden="true">/</span>`;
        if (c.elided) {
          return html`<li class="crumb">
            <button class="elided" type="button" aria-label=${full} aria-expanded="false" data-full=${full} @click=${onExpand}>…</button>${sep}
          </li>`;
        }
        return html`<li class=${last ? 'crumb name' : 'crumb'} aria-current=${last ? 'page' : nothing}><bdi>${c.text}</bdi>${sep}</li>`;
      })}
    </ol>
  </nav>`;
}

function onRadioKey(e: KeyboardEvent, mode: QaPreviewMode, renderedDisabled: boolean, pick: (m: QaPreviewMode) => void): void {
  const order: QaPreviewMode[] = renderedDisabled ? ['raw'] : ['rendered', 'raw'];
  let next: QaPreviewMode | null = null;
  const i = order.indexOf(mode);
  switch (e.key) {
    case 'ArrowRight':
    case 'ArrowDown':
      next = order[(i + 1) % order.length]!;
      break;
    case 'ArrowLeft':
    case 'ArrowUp':
      next = order[(i - 1 + order.length) % order.length]!;
      break;
    case 'Home':
      next = order[0]!;
      break;
    case 'End':
      next = order[order.length - 1]!;
      break;
    default:
      return;
  }
  e.preventDefault();
  pick(next);
  const group = (e.currentTarget as HTMLElement).closest('[role="radiogroup"]');
  // The checked radio is re-rendered; move focus to it once it is.
  setTimeout(() => group?.querySelector<HTMLElement>(`[data-mode="${next}"]`)?.focus(), 0);
}

/** `Rendered | Raw` as a radio group: one tab stop, arrow keys move the choice. */
export function renderModeToggle(mode: QaPreviewMode, renderedDisabled: boolean, t: Translate, pick: (m: QaPreviewMode) => void): TemplateResult {
  const option = (m: QaPreviewMode, label: string, disabled: boolean) =>
    html`<button
      type="button"
      role="radio"
      class="segment"
      data-mode=${m}
      title=${label}
      aria-checked=${m === mode ? 'true' : 'false'}
      aria-disabled=${disabled ? 'true' : nothing}
      tabindex=${m === mode ? 0 : -1}
      @click=${() => !disabled && pick(m)}
      @keydown=${(e: KeyboardEvent) => onRadioKey(e, mode, renderedDisabled, pick)}
    >
      ${label}
    </button>`;
  return html`<div part="toggle" class="toggle" role="radiogroup" aria-label=${t('viewMode')}>
    ${option('rendered', t('rendered'), renderedDisabled)} ${option('raw', t('raw'), false)}
  </div>`;
}
