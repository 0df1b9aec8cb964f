/**
 * The strict page that renders gallery stories (served as
 * `/__qa/csp/story.html`, see test/server/csp.ts). The parent test calls
 * `window.qaStoryPage.run(id, options)` for one story after another; each run
 * renders the story into a fresh gallery frame, waits until it has finished
 * (files loaded, documents rendered, code coloured, then a quiet moment) and
 * reports what happened during it: policy violations, errors, what the
 * previews show, and whether rendered Markdown is still sanitized.
 */
import { render } from 'lit';
import '../../../src/index.js';
import { resolveLanguage, TOKEN_CLASS_PREFIX } from '../../../src/render/highlight/index.js';
import { languageForPath } from '../../../src/workspace/languages.js';
import { storyGroups } from '../../../stories/index.js';
import { findSanitizeProblems } from '../../render/sanitize/assert-sanitized.js';
import { security, settleElements, until, type Violation } from './shared.js';

/** What the strict page saw while one story rendered. */
export interface StoryReport {
  id: string;
  theme: string;
  violations: Violation[];
  errors: string[];
  rejections: string[];
  /** Custom elements of the kit in the story (shadow roots included). */
  elements: number;
  previews: PreviewReport[];
  /** A hostile payload ran (`window.__qaPwned` was set). */
  pwned: boolean;
  /** What the page was still waiting for when it gave up. */
  waitedOut: string[];
  durationMs: number;
}

/** One `<qa-file-preview>` of the story. */
export interface PreviewReport {
  path: string;
  status: string;
  mode: 'raw' | 'rendered' | 'none';
  /** Shiki language of the file, or null for plain text. */
  language: string | null;
  /** Raw view: rows in the DOM, and how many of them carry token classes. */
  rows: number;
  colouredRows: number;
  /** Rendered Markdown: fenced code blocks, those near the viewport, those coloured. */
  fences: number;
  fencesNear: number;
  fencesColoured: number;
  /** Elements of the rendered document, and what `findSanitizeProblems` says about it. */
  markdownElements: number;
  sanitizeProblems: string[];
  /** Computed colour of the first coloured token (changes with the theme). */
  tokenColour: string | null;
  /** Computed colour of the preview's text. */
  textColour: string;
}

const KIT_TAGS = new Set(['qa-sources-panel', 'qa-source-footer', 'qa-file-preview']);
const NEAR_PX = 600;

function findStory(id: string) {
  const [g, s] = id.split('/');
  const group = storyGroups.find((x) => x.id === g);
  const story = group?.stories.find((x) => x.id === s);
  if (!story) throw new Error(`no story ${id}`);
  return story;
}

function applyTheme(theme: string): void {
  document.documentElement.dataset.theme = theme;
  document.body.classList.toggle('dsh', theme.startsWith('dsh'));
  document.body.toggleAttribute('data-ds-dark-theme', theme === 'dsh-dark');
}

function kitElements(root: ParentNode): HTMLElement[] {
  const out: HTMLElement[] = [];
  const walk = (node: ParentNode) => {
    for (const el of node.querySelectorAll<HTMLElement>('*')) {
      if (KIT_TAGS.has(el.localName)) out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(root);
  return out;
}

function statusOf(preview: HTMLElement): string {
  return preview.shadowRoot?.querySelector('[part="base"]')?.getAttribute('data-status') ?? 'none';
}

function modeOf(root: ShadowRoot): 'raw' | 'rendered' | 'none' {
  const raw = root.querySelector<HTMLElement>('[part="raw"]');
  if (raw && !raw.hidden) return 'raw';
  const md = root.querySelector<HTMLElement>('.md-scroll');
  if (md && !md.hidden) return 'rendered';
  return 'none';
}

function isToken(el: Element): boolean {
  return [...el.classList].some((c) => c.startsWith(TOKEN_CLASS_PREFIX));
}

function describePreview(preview: HTMLElement): PreviewReport {
  const root = preview.shadowRoot!;
  const path = (preview as unknown as { path: string | null }).path ?? '';
  const mode = modeOf(root);
  const rows = [...root.querySelectorAll('[part="raw"] .ln')];
  const colouredRows = rows.filter((r) => [...r.querySelectorAll('span')].some(isToken)).length;
  const md = root.querySelector<HTMLElement>('[part="markdown"]');
  const scroller = root.querySelector<HTMLElement>('.md-scroll');
  // Fenced code in a language the highlighter knows (a `mermaid` fence stays plain text).
  const fences = md
    ? [...md.querySelectorAll<HTMLElement>('pre.qa-code[data-lang] code')].filter((c) => !!resolveLanguage(c.closest('pre')!.dataset.lang ?? ''))
    : [];
  let fencesNear = 0;
  if (scroller && mode === 'rendered') {
    const box = scroller.getBoundingClientRect();
    for (const f of fences) {
      const r = f.getBoundingClientRect();
      if (r.bottom > box.top - NEAR_PX && r.top < box.bottom + NEAR_PX) fencesNear += 1;
    }
  }
  const token = [...root.querySelectorAll('span')].find(isToken) ?? (md ? [...md.querySelectorAll('code span')].find(isToken) : undefined);
  return {
    path,
    status: statusOf(preview),
    mode,
    language: path ? languageForPath(path) : null,
    rows: rows.length,
    colouredRows,
    fences: fences.length,
    fencesNear,
    fencesColoured: fences.filter((f) => f.querySelector('span') && [...f.querySelectorAll('span')].some(isToken)).length,
    markdownElements: md ? md.querySelectorAll('*').length : 0,
    sanitizeProblems: md ? findSanitizeProblems(md) : [],
    tokenColour: token ? getComputedStyle(token).color : null,
    textColour: getComputedStyle(root.querySelector('[part="base"]') ?? preview).color,
  };
}

/** True when a preview has nothing more to do: its file is shown (and coloured) or it shows a final state. */
function previewDone(preview: HTMLElement, rendered: Set<EventTarget>, stillLoading: boolean): string | null {
  const status = statusOf(preview);
  const path = (preview as unknown as { path: string | null }).path;
  if (!path || preview.hidden) return null;
  if (status === 'loading') return stillLoading ? null : `${path}: loading`;
  if (status !== 'ready') return null;
  if (!rendered.has(preview)) return `${path}: qa-rendered`;
  const r = describePreview(preview);
  if (r.mode === 'raw' && r.language && r.rows > 0 && r.colouredRows === 0) return `${path}: raw colours`;
  if (r.mode === 'rendered' && r.fencesNear > 0 && r.fencesColoured === 0) return `${path}: fence colours`;
  return null;
}

/** Drops the Rendered/Raw choices the preview remembers per extension for the browser session. */
function forgetRememberedModes(): void {
  for (const key of Object.keys(sessionStorage)) if (key.startsWith('qa-sources-kit:preview-mode:')) sessionStorage.removeItem(key);
}

let frame: HTMLElement | null = null;

/** Options of one run. */
export interface RunOptions {
  theme: string;
  locale?: string;
  /** The story stays loading on purpose (do not wait for its file). */
  stillLoading?: boolean;
  /** Longest wait for the story to finish, in ms. */
  timeoutMs?: number;
}

async function run(id: string, options: RunOptions): Promise<StoryReport> {
  const started = performance.now();
  const story = findStory(id);
  // Stories show their default Rendered/Raw mode: no choice remembered by an earlier test in this tab.
  forgetRememberedModes();
  const log = security();
  const mark = { v: log.violations.length, e: log.errors.length, r: log.rejections.length };
  const locale = options.locale ?? 'en';
  applyTheme(options.theme);
  frame?.closest('.gallery')?.remove();
  const gallery = document.createElement('div');
  gallery.className = 'gallery bare';
  const stage = document.createElement('main');
  stage.className = 'stage';
  frame = document.createElement('div');
  frame.className = 'frame';
  frame.dataset.width = '480';
  frame.dataset.story = id;
  frame.lang = locale;
  frame.dir = 'ltr';
  frame.style.setProperty('width', '480px');
  const rendered = new Set<EventTarget>();
  frame.addEventListener('qa-rendered', (e) => rendered.add(e.target!));
  stage.append(frame);
  gallery.append(stage);
  document.body.append(gallery);
  render(story.render({ locale, debug: false }), frame);

  const root = frame;
  await settleElements(() => kitElements(root));
  const pending = () =>
    kitElements(root)
      .filter((el) => el.localName === 'qa-file-preview')
      .map((p) => previewDone(p, rendered, !!options.stillLoading))
      .filter((x): x is string => !!x);
  await until(() => pending().length === 0, options.timeoutMs ?? 20_000);
  const waitedOut = pending();
  await settleElements(() => kitElements(root));
  // A quiet moment for anything late (lazy highlighting, link answers, late loads).
  await new Promise((r) => setTimeout(r, 120));
  return collect(id, options.theme, mark, started, waitedOut);
}

function collect(id: string, theme: string, mark: { v: number; e: number; r: number }, started: number, waitedOut: string[]): StoryReport {
  const log = security();
  const elements = frame ? kitElements(frame) : [];
  return {
    id,
    theme,
    violations: log.violations.slice(mark.v),
    errors: log.errors.slice(mark.e),
    rejections: log.rejections.slice(mark.r),
    elements: elements.length,
    previews: elements.filter((el) => el.localName === 'qa-file-preview' && !el.hidden && (el as unknown as { path: string | null }).path).map(describePreview),
    pwned: (window as { __qaPwned?: unknown }).__qaPwned !== undefined,
    waitedOut,
    durationMs: Math.round(performance.now() - started),
  };
}

/** Switches the theme of the story on screen (no re-render) and reports the quiet moment after it. */
async function retheme(id: string, theme: string): Promise<StoryReport> {
  const started = performance.now();
  const log = security();
  const mark = { v: log.violations.length, e: log.errors.length, r: log.rejections.length };
  applyTheme(theme);
  await new Promise((r) => setTimeout(r, 150));
  return collect(id, theme, mark, started, []);
}

declare global {
  interface Window {
    qaStoryPage?: { run: typeof run; retheme: typeof retheme };
  }
}

window.qaStoryPage = { run, retheme };
