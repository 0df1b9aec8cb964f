/** Fixtures for the file-preview tests: mounting stories, waiting for states, hosts whose answers a test controls. */
import { render, type TemplateResult } from 'lit';
import 'axe-core';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/index.js';
import type { QaFilePreview } from '../../../src/elements/file-preview/file-preview.js';
import { QaHostError, type QaFileContent, type QaReadFileRequest, type QaSourcesHost } from '../../../src/host/types.js';
import { previewStories } from '../../../stories/preview.stories.js';
import { until as waitFor } from '../../wait.js';

const mounted: HTMLElement[] = [];

/** Renders a template into a fresh container in the page and returns the preview inside it. */
export function mount(template: TemplateResult, width = 720): QaFilePreview {
  const box = document.createElement('div');
  box.style.width = `${width}px`;
  document.body.append(box);
  mounted.push(box);
  render(template, box);
  const el = box.querySelector('qa-file-preview');
  if (!el) throw new Error('no qa-file-preview in the template');
  return el;
}

/** Renders a gallery story (the same template the gallery shows). */
export function mountStory(id: string, locale = 'en', width = 720): QaFilePreview {
  const story = previewStories.stories.find((s) => s.id === id);
  if (!story) throw new Error(`no story ${id}`);
  return mount(story.render({ locale, debug: false }), width);
}

/** Removes everything mounted so far. */
export function cleanup(): void {
  for (const box of mounted.splice(0)) {
    render(null, box);
    box.remove();
  }
}

/** Polls until `check()` returns a truthy value (see test/wait.ts). */
export { waitFor };

/** The preview's shadow root. */
export function root(el: QaFilePreview): ShadowRoot {
  return el.shadowRoot!;
}

/** The first element matching `sel` in the preview's shadow root (throws when there is none). */
export function q<T extends Element = HTMLElement>(el: QaFilePreview, sel: string): T {
  const found = root(el).querySelector<T>(sel);
  if (!found) throw new Error(`no ${sel}`);
  return found;
}

/** The focused element, through shadow roots. */
export function deepActive(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/** Presses a key combination such as `Control+g` or `Shift+F8` (modifiers held around the key). */
export async function press(combo: string): Promise<void> {
  const parts = combo.split('+');
  const key = parts.pop()!;
  for (const m of parts) await sendKeys({ down: m });
  await sendKeys({ press: key });
  for (const m of parts.reverse()) await sendKeys({ up: m });
}

/** The `data-status` of the preview's base part. */
export function status(el: QaFilePreview): string | undefined {
  return root(el).querySelector<HTMLElement>('[part="base"]')?.dataset.status;
}

/** Waits until the preview shows `expected` (a status: ready, error, binary…). */
export async function waitForStatus(el: QaFilePreview, expected: string): Promise<void> {
  await waitFor(() => status(el) === expected, `status ${expected} (now ${status(el)})`);
  await el.updateComplete;
}

/** Waits for the next `qa-rendered` event of `el` in `mode` (the Raw view's event first fails the wait: the document fell back to its source). */
export function nextRenderedAs(el: QaFilePreview, mode: 'rendered' | 'raw'): Promise<void> {
  return new Promise((resolve, reject) =>
    el.addEventListener(
      'qa-rendered',
      (e) => {
        const got = (e as CustomEvent<{ mode: string }>).detail.mode;
        if (got === mode) resolve();
        else {
          const notes = [...root(el).querySelectorAll('[part="notice"]')].map((n) => n.textContent?.trim()).filter(Boolean);
          reject(new Error(`rendered as ${got}, expected ${mode} (${notes.join(' | ') || 'no notice'})`));
        }
      },
      { once: true },
    ),
  );
}

/** Waits for the next `qa-rendered` event of `el`. */
export function nextRendered(el: HTMLElement): Promise<CustomEvent<{ path: string; mode: string }>> {
  return new Promise((resolve) => el.addEventListener('qa-rendered', (e) => resolve(e as CustomEvent<{ path: string; mode: string }>), { once: true }));
}

/** Clicks the preview's Download button and returns the link it made (its navigation is prevented), or null. */
export function clickDownload(el: QaFilePreview): HTMLAnchorElement | null {
  let captured: HTMLAnchorElement | null = null;
  const onClick = (e: Event) => {
    const a = e.target as HTMLAnchorElement;
    if (a.tagName === 'A' && a.hasAttribute('download')) {
      captured = a;
      e.preventDefault();
    }
  };
  root(el).addEventListener('click', onClick, { capture: true });
  root(el).querySelector<HTMLButtonElement>('button[aria-label="Download"]')!.click();
  root(el).removeEventListener('click', onClick, { capture: true });
  return captured;
}

/** Runs axe-core on the element and returns the violations (id: target list). */
export async function axeViolations(el: Element, options: { authoredDocument?: boolean } = {}): Promise<string[]> {
  const axe = (
    window as unknown as { axe: { run(el: Element, opts: object): Promise<{ violations: Array<{ id: string; nodes: Array<{ target: unknown }> }> }> } }
  ).axe;
  // A real document's own outline (skipped heading levels, tables with an
  // empty corner header) is authored content the preview shows as written:
  // those two best-practice rules are off for it, every other rule is on.
  const rules = options.authoredDocument ? { 'heading-order': { enabled: false }, 'empty-table-header': { enabled: false } } : {};
  const result = await axe.run(el, { resultTypes: ['violations'], rules });
  return result.violations.map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
}

/** A read the test answers by hand. */
export interface PendingRead {
  req: QaReadFileRequest;
  resolve(file: Partial<QaFileContent> & { content: string }): void;
  reject(e: unknown): void;
  aborted: boolean;
}

/** A host whose reads stay pending until the test answers them; `resolveLink` accepts the listed paths. */
export function controlledHost(accept: string[] = []): QaSourcesHost & { reads: PendingRead[]; linkRequests: string[] } {
  const reads: PendingRead[] = [];
  const linkRequests: string[] = [];
  return {
    reads,
    linkRequests,
    readFile(req) {
      return new Promise<QaFileContent>((resolve, reject) => {
        const pending: PendingRead = {
          req,
          aborted: false,
          resolve: (f) => resolve({ path: req.path, size: new TextEncoder().encode(f.content).length, truncated: false, ...f }),
          reject,
        };
        req.signal?.addEventListener('abort', () => {
          pending.aborted = true;
          reject(new QaHostError('aborted'));
        });
        reads.push(pending);
      });
    },
    async resolveLink(req) {
      linkRequests.push(req.href);
      return accept.includes(req.href) ? req.href : null;
    },
  };
}

/** A raw row's text with each marker turned back into the character it stands for. */
export function unmarked(r: Element): string {
  let out = '';
  const walk = (n: Node) => {
    if (n instanceof HTMLElement && n.classList.contains('bidi')) out += String.fromCodePoint(parseInt(n.textContent!.slice(3, -1), 16));
    else if (n.nodeType === Node.TEXT_NODE) out += (n as Text).data;
    else n.childNodes.forEach(walk);
  };
  r.childNodes.forEach(walk);
  return out;
}

/** What a copy from `target` puts on the clipboard, or `(not handled)` when the kit leaves it to the browser. */
export function copyFrom(target: Element): string {
  const data = new DataTransfer();
  const e = new ClipboardEvent('copy', { clipboardData: data, bubbles: true, composed: true, cancelable: true });
  target.dispatchEvent(e);
  return e.defaultPrevented ? data.getData('text/plain') : '(not handled)';
}
