/**
 * Test helpers for the elements: mount a template (usually a story) in the
 * page, wait for every Lit element in it, run axe-core, record kit events.
 */
import 'axe-core';
import { render, type TemplateResult } from 'lit';
import { parseTurnSources } from '../../../src/model/parse.js';
import { presentSources, type QaSourcesView } from '../../../src/model/present.js';
import '../../../src/index.js';

const mounted: HTMLElement[] = [];

/** Renders a template into a fresh container attached to the body and waits for its elements. */
export async function mount(template: TemplateResult, attrs: Record<string, string> = {}): Promise<HTMLElement> {
  const container = document.createElement('div');
  for (const [k, v] of Object.entries(attrs)) container.setAttribute(k, v);
  document.body.append(container);
  mounted.push(container);
  render(template, container);
  await settle(container);
  return container;
}

/** Removes everything `mount` added. Call from `afterEach`. */
export function unmountAll(): void {
  for (const c of mounted.splice(0)) c.remove();
}

/** Every custom element under a root, crossing open shadow roots. */
export function customElementsIn(root: ParentNode): Element[] {
  const out: Element[] = [];
  const walk = (node: ParentNode) => {
    for (const el of node.querySelectorAll('*')) {
      if (el.localName.includes('-')) out.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(root);
  return out;
}

/** Waits for the pending updates of `root` (when it is an element of the kit) and of every Lit element under it, then two frames. */
export async function settle(root: ParentNode = document.body): Promise<void> {
  const elements = () =>
    root instanceof Element && root.localName.includes('-')
      ? [root, ...customElementsIn(root), ...(root.shadowRoot ? customElementsIn(root.shadowRoot) : [])]
      : customElementsIn(root);
  for (let round = 0; round < 3; round++) {
    const pending = elements()
      .map((el) => (el as unknown as { updateComplete?: Promise<unknown> }).updateComplete)
      .filter((p): p is Promise<unknown> => !!p);
    await Promise.all(pending);
  }
  await frame();
  await frame();
}

/**
 * One animation frame, or 50 ms when frames do not come: a page the runner
 * keeps in the background (tests run concurrently) gets no animation frames.
 */
export function frame(): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      cancelAnimationFrame(raf);
      resolve();
    }, 50);
    const raf = requestAnimationFrame(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** The open shadow root of an element (fails the test when there is none). */
export function shadowOf(el: Element): ShadowRoot {
  if (!el.shadowRoot) throw new Error(`<${el.localName}> has no open shadow root`);
  return el.shadowRoot;
}

interface AxeViolation {
  id: string;
  impact: string;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** Runs axe-core on `el` and fails with a readable list when anything is violated. */
export async function expectAxeClean(el: Element, label = el.localName, options: { disable?: string[] } = {}): Promise<void> {
  const axe = (window as unknown as { axe: { run(el: Element, opts?: object): Promise<{ violations: AxeViolation[] }> } }).axe;
  const rules = Object.fromEntries((options.disable ?? []).map((id) => [id, { enabled: false }]));
  const { violations } = await axe.run(el, { resultTypes: ['violations'], rules });
  if (violations.length > 0) {
    const text = violations
      .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`).join('\n')}`)
      .join('\n');
    throw new Error(`axe-core found ${violations.length} violation(s) in ${label}:\n${text}`);
  }
}

/** The kit's event names. */
export const KIT_EVENTS = ['qa-source-open', 'qa-close', 'qa-group-open', 'qa-toggle', 'qa-mode-change', 'qa-rendered'] as const;

/** Records kit events that reach the document. */
export function recordEvents(): { events: CustomEvent[]; names(): string[]; stop(): void } {
  const events: CustomEvent[] = [];
  const on = (e: Event) => events.push(e as CustomEvent);
  for (const n of KIT_EVENTS) document.addEventListener(n, on);
  return {
    events,
    names: () => events.map((e) => e.type),
    stop: () => KIT_EVENTS.forEach((n) => document.removeEventListener(n, on)),
  };
}

/**
 * Stops link navigation at the document (after the elements' own handlers
 * ran) and records whether the click was already cancelled by then.
 */
export function guardNavigation(): { cancelled: boolean[]; stop(): void } {
  const cancelled: boolean[] = [];
  const on = (e: Event) => {
    if ((e.composedPath()[0] as Element | undefined)?.closest?.('a[href]')) {
      cancelled.push(e.defaultPrevented);
      e.preventDefault();
    }
  };
  document.addEventListener('click', on);
  return { cancelled, stop: () => document.removeEventListener('click', on) };
}

/** The model's view of a raw payload: what every count must equal. */
export function expectedView(sources: unknown, threshold = 50, maxPerGroup?: number): QaSourcesView {
  return presentSources(parseTurnSources(sources).value, { threshold, maxPerGroup });
}

/** The deepest focused element, crossing shadow roots. */
export function deepActive(): Element | null {
  let a: Element | null = document.activeElement;
  while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
  return a;
}

/** Number of elements inside a shadow root (its whole subtree). */
export function elementCount(root: ShadowRoot): number {
  return root.querySelectorAll('*').length;
}
