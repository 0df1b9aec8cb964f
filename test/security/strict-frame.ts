/**
 * Test-side helper: loads a strict page (test/server/csp.ts) in a same-origin
 * iframe of the test page, waits until it is ready, and gives access to its
 * window and security log.
 */
import type { SecurityLog } from './pages/shared.js';

/** The window of a strict page. */
export type StrictWindow = Window & { __qaSecurity: SecurityLog; __qaPwned?: unknown };

/** A strict page loaded in a frame. */
export interface StrictFrame<T> {
  frame: HTMLIFrameElement;
  win: StrictWindow;
  api: T;
  /** The `Content-Security-Policy` header the page was served with. */
  policy: string;
  remove(): void;
}

/**
 * Loads `/__qa/csp/<name>.html` (plus `query`) and waits up to `ms` for
 * `ready(win)` to return something: a global the page's module publishes, or
 * an element it renders.
 */
export async function openStrictPage<T>(
  name: string,
  ready: string | ((win: StrictWindow) => T | null | undefined),
  options: { query?: string; ms?: number; width?: number; height?: number } = {},
): Promise<StrictFrame<T>> {
  const url = `/__qa/csp/${name}.html${options.query ?? ''}`;
  const policy = (await fetch(url, { method: 'HEAD' })).headers.get('content-security-policy') ?? '';
  const probe = typeof ready === 'string' ? (win: StrictWindow) => (win as unknown as Record<string, T>)[ready] : ready;
  const frame = document.createElement('iframe');
  frame.title = `strict page ${name}`;
  // In view: lazy highlighting waits for code to come near the viewport.
  frame.style.cssText = `position: fixed; inset: 0 auto auto 0; width: ${options.width ?? 800}px; height: ${options.height ?? 700}px; border: 0; z-index: 1;`;
  frame.src = url;
  document.body.append(frame);
  const end = performance.now() + (options.ms ?? 30_000);
  for (;;) {
    const win = frame.contentWindow as StrictWindow | null;
    const api = win && win.document.readyState !== 'loading' && win.location.pathname !== 'blank' ? probe(win) : null;
    if (win && api) return { frame, win, api, policy, remove: () => frame.remove() };
    if (performance.now() > end) {
      const log = win?.__qaSecurity;
      frame.remove();
      throw new Error(`the strict page ${name} did not start: ${JSON.stringify(log ?? null)}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}
