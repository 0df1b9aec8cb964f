/**
 * Header sub-parts of the file preview: the breadcrumb of the workspace path,
 * the file's facts, the Rendered/Raw radio group and the toolbar.
 */
import { html, nothing, type TemplateResult } from 'lit';
import { formatBytes } from '../../i18n/index.js';
import type { QaTerms } from '../../i18n/types.js';
import { revealHidden } from '../../model/text.js';
import type { QaPreviewMode } from '../../events.js';
import { isMarkdownPath, languageForPath, languageName } from '../../workspace/languages.js';
import { icons, previewIcons } from '../shared/icons.js';
import { crumbs, lineCountOf } from './preview-helpers.js';
import { keysOf, withKey, type PreviewAction } from './keys.js';

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
      aria-label=${label}
      aria-keyshortcuts=${keysOf('toggle-mode') ?? nothing}
      @keydown=${(e: KeyboardEvent) => onRadioKey(e, mode, renderedDisabled, pick)}
    >
      ${m === 'rendered' ? icons.file() : icons.code()}<span class="segment-label">${label}</span>
    </button>`;
  return html`<div part="toggle" class="toggle" role="radiogroup" aria-label=${t('viewMode')}>
    ${option('rendered', t('rendered'), renderedDisabled)} ${option('raw', t('raw'), false)}
  </div>`;
}

/** What the header says about the file: `62 lines · 1.9 kB · TypeScript`. */
export interface FileFacts {
  lines: number;
  size: string;
  language: string;
}

/** The facts of a file whose document has `lines` lines (0: counted from its content), sizes written for `lang`. */
export function fileFacts(file: { path: string; content: string; size: number }, lines: number, lang: string, t: Translate): FileFacts {
  const language = languageForPath(file.path);
  return {
    lines: lines || lineCountOf(file.content),
    size: formatBytes(file.size, lang),
    language: isMarkdownPath(file.path) ? 'Markdown' : language ? languageName(language) : t('plainText'),
  };
}

/** The file's facts, quiet, after the breadcrumb (hidden where the header is narrow: the help popover repeats them). */
export function renderFacts(facts: FileFacts, t: Translate): TemplateResult {
  const text = [t('lineCount', { n: facts.lines }), facts.size, facts.language].join(' · ');
  // Each fact is its own span, so a narrower header drops the language first, then the size.
  return html`<p part="facts" class="facts" title=${text}>
    <span class="fact">${t('lineCount', { n: facts.lines })}</span><span class="fact fact-size"> · ${facts.size}</span><span class="fact fact-language"> · ${facts.language}</span>
  </p>`;
}

/** A header button that toggles (Wrap lines): `aria-pressed`, its key in the tooltip. */
export function renderToggleButton(opts: {
  label: string;
  title: string;
  keys?: string;
  pressed: boolean;
  icon: TemplateResult | unknown;
  cls: string;
  onClick: () => void;
}): TemplateResult {
  return html`<button
    part="button"
    class=${`icon-button ${opts.cls}`}
    type="button"
    title=${opts.title}
    aria-label=${opts.label}
    aria-pressed=${opts.pressed ? 'true' : 'false'}
    aria-keyshortcuts=${opts.keys ?? nothing}
    @click=${opts.onClick}
  >
    ${opts.icon}
  </button>`;
}

/** A header button for an action, its key in the tooltip and `aria-keyshortcuts`. */
export function renderActionButton(opts: {
  label: string;
  title: string;
  keys?: string;
  disabled?: boolean;
  expanded?: boolean;
  icon: TemplateResult | unknown;
  cls: string;
  onClick: () => void;
}): TemplateResult {
  return html`<button
    part="button"
    class=${`icon-button ${opts.cls}`}
    type="button"
    title=${opts.title}
    aria-label=${opts.label}
    aria-keyshortcuts=${opts.keys ?? nothing}
    aria-expanded=${opts.expanded === undefined ? nothing : opts.expanded ? 'true' : 'false'}
    ?disabled=${!!opts.disabled}
    @click=${opts.onClick}
  >
    ${opts.icon}
  </button>`;
}

/** What the toolbar shows. */
export interface ToolbarState {
  /** A file is shown. */
  ready: boolean;
  partial: boolean;
  /** The file is Markdown (it has the Rendered/Raw toggle). */
  markdown: boolean;
  mode: QaPreviewMode;
  /** Markdown that can only be shown raw. */
  rawOnly: boolean;
  wrapped: boolean;
  fullView: boolean;
  helpOpen: boolean;
  /** True when an action applies now (its button is enabled). */
  can(action: PreviewAction): boolean;
  /** The find button. */
  find: unknown;
}

/** What the toolbar's controls do: pick a mode, or do an action (as its key does). */
export interface ToolbarActions {
  pickMode(mode: QaPreviewMode): void;
  run(action: PreviewAction): void;
}

/** The toolbar: the partial badge, Rendered/Raw, find, Wrap lines, full view, Download, the keys help and Close. */
export function renderToolbar(s: ToolbarState, t: Translate, a: ToolbarActions): TemplateResult {
  const ready = s.ready;
  return html`${s.partial && ready ? html`<span class="badge partial" title=${t('partial')}>${icons.partial()}<span class="badge-label">${t('partial')}</span></span>` : nothing}
      ${s.markdown && ready ? renderModeToggle(s.mode, s.rawOnly, t, a.pickMode) : nothing}
      ${ready ? s.find : nothing}
      ${
        ready && s.mode === 'raw'
          ? renderToggleButton({
              label: t('wrapLines'),
              title: withKey(t('wrapLines'), 'wrap'),
              keys: keysOf('wrap'),
              pressed: s.wrapped,
              icon: previewIcons.wrap(),
              cls: 'wrap-button wide-only',
              onClick: () => a.run('wrap'),
            })
          : nothing
      }
      ${renderActionButton({
        label: s.fullView ? t('exitFullView') : t('openFullView'),
        title: withKey(s.fullView ? t('exitFullView') : t('openFullView'), 'full-view'),
        keys: keysOf('full-view'),
        disabled: !s.can('full-view'),
        icon: s.fullView ? previewIcons.exitFullView() : previewIcons.fullView(),
        cls: 'full-view-button wide-only',
        onClick: () => a.run('full-view'),
      })}
      <button part="button" class="icon-button wide-only" type="button" title=${withKey(t('download'), 'download')} aria-label=${t('download')} aria-keyshortcuts=${keysOf('download') ?? nothing} ?disabled=${!s.can('download')} @click=${() => a.run('download')}>
        ${icons.download()}
      </button>
      ${renderActionButton({ label: t('keyboardHelp'), title: withKey(t('keyboardHelp'), 'help'), keys: keysOf('help'), expanded: s.helpOpen, icon: previewIcons.keyboard(), cls: 'help-button', onClick: () => a.run('help') })}
      <button part="button" class="icon-button" type="button" title=${t('close')} aria-label=${t('close')} @click=${() => a.run('close')}>
        ${icons.close()}
      </button>`;
}
