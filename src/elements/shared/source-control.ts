/**
 * The main control of a source, shared by the panel's cards and the footer's
 * entries: a real link for a remote source (new tab, no opener, no referrer)
 * and a button otherwise, described by hidden hints of where it opens. The
 * hints are rendered once per element and pointed at by id.
 */
import { html, nothing, type TemplateResult } from 'lit';
import type { Translate } from '../../i18n/types.js';
import type { QaSourceItemView } from '../../model/item.js';

/** Ids of the hidden descriptions: opens in a new tab / opens a preview / what the Subagent and Partial tags mean. */
export interface Hints {
  external: string;
  preview: string;
  subagent?: string;
  partial?: string;
}

/** The ids of the hints `hiddenHints(t)` renders: where a control opens. */
export const HINTS = { external: 'hint-external', preview: 'hint-preview' } as const satisfies Hints;
/** The ids of the hints `hiddenHints(t, true)` renders: where a control opens and what its tags mean. */
export const TAG_HINTS = { ...HINTS, subagent: 'hint-subagent', partial: 'hint-partial' } as const satisfies Hints;

/** The hidden descriptions controls point at; `tags` adds those of the Subagent and Partial tags. */
export function hiddenHints(t: Translate, tags = false): TemplateResult {
  return html`<span id=${HINTS.external} hidden>${t('opensInNewTab')}</span><span id=${HINTS.preview} hidden>${t('openInPreview')}</span>${
    tags ? html`<span id=${TAG_HINTS.subagent} hidden>${t('subagentHint')}</span><span id=${TAG_HINTS.partial} hidden>${t('partialHint')}</span>` : nothing
  }`;
}

/** The ids describing a source's control: where it opens, then what its tags mean (when `hints` names theirs). */
export function describedBy(item: QaSourceItemView, hints: Hints): string | typeof nothing {
  const where = item.href ? hints.external : item.local ? hints.preview : null;
  const ids = [where, item.subagent ? hints.subagent : null, item.partial ? hints.partial : null].filter((x): x is string => !!x);
  return ids.length ? ids.join(' ') : nothing;
}

/** How a source's control is drawn and what it calls. */
export interface ControlOptions {
  /** Its class and part (`main` / `card-control`, `entry` / `entry`). */
  cls: string;
  part: string;
  /** It is the one control of its list in the tab order. */
  tabbable: boolean;
  hints: Hints;
  /** Its file is the one open in the preview. */
  current?: boolean;
  onClick(e: Event): void;
}

/** The control: `<a>` for a source with an openable URL, else `<button>`; `content` inside. */
export function sourceControl(item: QaSourceItemView, o: ControlOptions, content: unknown): TemplateResult {
  const tab = o.tabbable ? 0 : -1;
  return item.href
    ? html`<a
        class=${o.cls}
        part=${o.part}
        href=${item.href}
        target="_blank"
        rel="noopener noreferrer"
        referrerpolicy="no-referrer"
        tabindex=${tab}
        aria-describedby=${describedBy(item, o.hints)}
        @click=${o.onClick}
        >${content}</a
      >`
    : html`<button
        type="button"
        class=${o.cls}
        part=${o.part}
        tabindex=${tab}
        aria-current=${o.current ? 'true' : nothing}
        aria-describedby=${describedBy(item, o.hints)}
        @click=${o.onClick}
      >
        ${content}
      </button>`;
}
