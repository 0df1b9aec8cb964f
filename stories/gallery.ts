/**
 * The story gallery: a sidebar of stories per element, a toolbar (theme,
 * locale, width, debug) and a stage. All state lives in the URL, so a link
 * opens one state: `?story=panel/reference&theme=dark&locale=ru&width=320&dir=rtl&debug=1`.
 * `&bare=1` hides the chrome (screenshots).
 */
import { html, render, nothing } from 'lit';
import { cssProps } from './css-props.js';
import '../src/index.js';
import { storyGroups, findStory } from './index.js';

type Theme = 'light' | 'dark' | 'system' | 'dsh-light' | 'dsh-dark';
const THEMES: Array<[Theme, string]> = [
  ['light', 'Light'],
  ['dark', 'Dark'],
  ['system', 'System'],
  ['dsh-light', 'DSH light'],
  ['dsh-dark', 'DSH dark'],
];
const LOCALES: Array<[string, string]> = [
  ['en', 'EN'],
  ['ru', 'RU'],
  ['zh', '中文'],
];
const DIRS: Array<[string, string]> = [
  ['ltr', 'LTR'],
  ['rtl', 'RTL'],
];
const WIDTHS: Array<[string, string]> = [
  ['320', '320'],
  ['480', '480'],
  ['720', '720'],
  ['full', 'Full'],
];

interface State {
  story: string;
  theme: Theme;
  locale: string;
  width: string;
  dir: string;
  debug: boolean;
  bare: boolean;
}

function firstStory(): string {
  for (const g of storyGroups) if (g.stories[0]) return `${g.id}/${g.stories[0].id}`;
  return '';
}

function readState(): State {
  const q = new URLSearchParams(location.search);
  const theme = (THEMES.find(([t]) => t === q.get('theme'))?.[0] ?? 'light') as Theme;
  return {
    story: findStory(q.get('story')) ? q.get('story')! : firstStory(),
    theme,
    locale: LOCALES.some(([l]) => l === q.get('locale')) ? q.get('locale')! : 'en',
    width: WIDTHS.some(([w]) => w === q.get('width')) ? q.get('width')! : '480',
    dir: q.get('dir') === 'rtl' ? 'rtl' : 'ltr',
    debug: q.get('debug') === '1',
    bare: q.get('bare') === '1',
  };
}

function writeState(next: State, push = true): void {
  const q = new URLSearchParams();
  q.set('story', next.story);
  if (next.theme !== 'light') q.set('theme', next.theme);
  if (next.locale !== 'en') q.set('locale', next.locale);
  if (next.width !== '480') q.set('width', next.width);
  if (next.dir !== 'ltr') q.set('dir', next.dir);
  if (next.debug) q.set('debug', '1');
  if (next.bare) q.set('bare', '1');
  const url = `${location.pathname}?${q}`;
  if (push) history.pushState(null, '', url);
  else history.replaceState(null, '', url);
  paint();
}

function update(patch: Partial<State>): void {
  writeState({ ...readState(), ...patch });
}

function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.body.classList.toggle('dsh', theme.startsWith('dsh'));
  document.body.toggleAttribute('data-ds-dark-theme', theme === 'dsh-dark');
}

const eventLog: Array<{ n: number; name: string; text: string }> = [];
let eventSerial = 0;
const LOGGED = ['qa-source-open', 'qa-close', 'qa-group-open', 'qa-toggle', 'qa-mode-change', 'qa-rendered'];
for (const name of LOGGED) {
  document.addEventListener(name, (e) => {
    const detail = (e as CustomEvent).detail ?? {};
    const summary = 'source' in detail ? { id: detail.source?.id, path: detail.path, ranges: detail.ranges, href: detail.href } : detail;
    eventLog.unshift({ n: ++eventSerial, name, text: JSON.stringify(summary) });
    eventLog.length = Math.min(eventLog.length, 8);
    paintEvents();
  });
}

function paintEvents(): void {
  const el = document.querySelector('.events');
  if (!el) return;
  render(
    eventLog.length
      ? html`<div class="events-head">
            <span>Events</span>
            <button
              type="button"
              @click=${() => {
                eventLog.length = 0;
                paintEvents();
              }}
            >
              Clear
            </button>
          </div>
          <ol>
            ${eventLog.map((l) => html`<li><b>${l.name}</b> <span>${l.text}</span></li>`)}
          </ol>`
      : html``,
    el as HTMLElement,
  );
}

/** The sidebar filter (not part of the URL: it is a way to find a story, not a state of one). */
let filter = '';

function radios<T extends string>(name: string, legend: string, options: Array<[T, string]>, current: string, onPick: (v: T) => void) {
  return html`<fieldset>
    <legend>${legend}</legend>
    ${options.map(
      ([value, label]) => html`<label
        ><input type="radio" name=${name} .value=${value} .checked=${value === current} @change=${() => onPick(value)} /><span>${label}</span></label
      >`,
    )}
  </fieldset>`;
}

function paint(): void {
  const state = readState();
  applyTheme(state.theme);
  const found = findStory(state.story);
  const root = document.getElementById('gallery')!;
  root.classList.toggle('bare', state.bare);
  const title = found ? `${found.group.title} · ${found.story.name}` : 'No stories yet';
  document.title = `${title} · qa-sources-kit`;
  const needle = filter.trim().toLowerCase();
  const groups = storyGroups
    .map((g) => ({ g, stories: g.stories.filter((s) => !needle || `${g.title} ${s.name} ${s.id}`.toLowerCase().includes(needle)) }))
    .filter((x) => x.stories.length > 0);
  render(
    html`
      <nav class="sidebar" aria-label="Stories">
        <div class="brand">qa-sources-kit<small>Story gallery</small></div>
        <div class="filter">
          <input
            type="search"
            placeholder="Filter stories"
            aria-label="Filter stories"
            .value=${filter}
            @input=${(e: Event) => {
              filter = (e.target as HTMLInputElement).value;
              paint();
            }}
          />
        </div>
        ${groups.map(
          ({ g, stories }) => html`<h2>${g.title} <code>&lt;${g.element}&gt;</code> <span class="n">${stories.length}</span></h2>
            <ul>
              ${stories.map((s) => {
                const id = `${g.id}/${s.id}`;
                return html`<li>
                  <a
                    href="?story=${id}"
                    aria-current=${id === state.story ? 'page' : nothing}
                    @click=${(e: MouseEvent) => {
                      if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
                      e.preventDefault();
                      update({ story: id });
                    }}
                    >${s.name}${s.live ? html` <small class="badge">live</small>` : nothing}</a
                  >
                </li>`;
              })}
            </ul>`,
        )}
        ${groups.length === 0 ? html`<p class="no-match">No story matches.</p>` : nothing}
      </nav>
      <header class="toolbar">
        <h1 class="title">${title}</h1>
        ${radios('theme', 'Theme', THEMES, state.theme, (v) => update({ theme: v }))}
        ${radios('locale', 'Locale', LOCALES, state.locale, (v) => update({ locale: v }))}
        ${radios('dir', 'Direction', DIRS, state.dir, (v) => update({ dir: v }))}
        ${radios('width', 'Width', WIDTHS, state.width, (v) => update({ width: v }))}
        <label class="check"><input type="checkbox" .checked=${state.debug} @change=${(e: Event) => update({ debug: (e.target as HTMLInputElement).checked })} />Debug</label>
      </header>
      <main class="stage">
        ${
          found
            ? html`<p class="frame-label">${state.width === 'full' ? 'Full width' : `${state.width} px`} · ${state.locale} · ${state.dir}</p>
              <div
                class="frame"
                data-width=${state.width}
                style=${cssProps({ width: state.width === 'full' ? undefined : `${state.width}px` })}
                lang=${state.locale}
                dir=${state.dir}
                data-story=${state.story}
              >
                ${found.story.render({ locale: state.locale, debug: state.debug })}
              </div>`
            : html`<p class="empty-gallery">No stories yet.</p>`
        }
        <section class="events" aria-label="Events" aria-live="polite"></section>
      </main>
    `,
    root,
  );
  paintEvents();
  root.querySelector('.sidebar a[aria-current="page"]')?.scrollIntoView({ block: 'nearest' });
}

window.addEventListener('popstate', () => paint());
writeState(readState(), false);
