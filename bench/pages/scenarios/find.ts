/**
 * Find, go to line and line selection in `<qa-file-preview>` (Raw, the
 * 57,220-line file): a query typed into the find bar → first results
 * (status and marks) painted, and all matches counted (with the longest
 * task meanwhile: the count runs in slices); go to line 40,000 → the line
 * in view (the script of the call, then painted); a click on a line number,
 * a shift-click 10,000 lines further down, and Copy lines → the copy done.
 */
import { loadKit, newPreview } from '../kit.js';
import { deepQuery, longestTask, mark, nextTask, painted, stage, whenEvent, whenFrame, workload } from '../measure.js';
import type { Metrics, PreviewElement } from '../types.js';

interface FindPreview extends PreviewElement {
  openFind(query?: string): void;
  goToLine(line: number): void;
}

export function prepare(): Promise<string[]> {
  return loadKit(['qa-file-preview']);
}

const round = (ms: number) => Math.round(ms * 10) / 10;

/** Dispatches a pointer event on the line-number gutter at the middle of line `n`'s row. */
function pointAtNumber(el: Element, type: 'pointerdown' | 'pointerup', n: number, shift: boolean): boolean {
  const gutter = deepQuery(el, '.raw-gutter');
  const row = deepQuery(el, `.ln[data-n="${n}"]`);
  if (!gutter || !row) return false;
  const g = gutter.getBoundingClientRect();
  const r = row.getBoundingClientRect();
  gutter.dispatchEvent(
    new PointerEvent(type, {
      bubbles: true,
      composed: true,
      cancelable: true,
      button: 0,
      buttons: type === 'pointerdown' ? 1 : 0,
      pointerId: 1,
      pointerType: 'mouse',
      isPrimary: true,
      clientX: g.left + g.width / 2,
      clientY: r.top + r.height / 2,
      shiftKey: shift,
    }),
  );
  return true;
}

export async function run(params: Record<string, unknown>): Promise<Metrics> {
  const { path, text } = await workload(String(params.w ?? 'ts-2mb'));
  const box = stage();
  const el = (await newPreview(box, { [path]: text })) as FindPreview;
  el.mode = 'raw';
  await el.updateComplete;
  const rendered = whenEvent(el, 'qa-rendered', 30_000);
  el.path = path;
  await rendered;
  // Colouring the whole file ends first, so its token updates are not counted as find's work.
  const doc = (el as unknown as { doc?: { highlight?: (w: null) => Promise<string> } }).doc;
  if (typeof doc?.highlight === 'function') await doc.highlight(null);
  await painted();
  const out: Metrics = { lines: text.split('\n').length };

  // Find: the bar open, then a query arrives as one input event (the last keystroke of it).
  el.openFind();
  await el.updateComplete;
  await painted();
  // The keystroke is a task of its own, not part of the frame painted() resolved in.
  await nextTask();
  const input = deepQuery<HTMLInputElement>(el, '.find-input');
  const statusOf = () => deepQuery(el, '.find-status')?.textContent?.trim() ?? '';
  if (!input) throw new Error('no find field');
  const query = String(params.query ?? 'e');
  mark('find-start');
  const t0 = performance.now();
  input.value = query;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true, data: query.slice(-1), inputType: 'insertText' }));
  await el.updateComplete;
  const firstAt = await whenFrame(() => /\d/.test(statusOf()) && (CSS.highlights?.get('qa-find')?.size ?? 0) > 0, 30_000);
  out.findFirst = round(firstAt - t0);
  out.findFirstStatus = statusOf();
  const doneAt = await whenFrame(() => /\d/.test(statusOf()) && !statusOf().endsWith('+'), 60_000);
  out.findAll = round(doneAt - t0);
  mark('find-done');
  out.findLongestTask = await longestTask(t0);
  out.findStatus = statusOf();
  out.matches = Number((statusOf().split(' of ')[1] ?? '0').replace(/[^\d]/g, ''));
  input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true, cancelable: true }));
  await el.updateComplete;
  await painted();

  // Go to line 40,000: the script of the call (it scrolls and builds the rows at once), then painted.
  const line = Number(params.goTo ?? 40_000);
  const t1 = performance.now();
  el.goToLine(line);
  const t1end = performance.now();
  await painted();
  const t1painted = performance.now();
  const row = deepQuery(el, `.ln[data-n="${line}"]`);
  const raw = deepQuery(el, '.raw')!;
  const rb = row?.getBoundingClientRect();
  const vb = raw.getBoundingClientRect();
  out.goToScript = round(t1end - t1);
  out.goToPainted = round(t1painted - t1);
  out.goToInView = !!rb && rb.top >= vb.top && rb.bottom <= vb.bottom && row!.classList.contains('sel');
  out.goToLongestTask = await longestTask(t1);

  // Select 10,000 lines: click the number of line 1,000, scroll 10,000 lines on, shift-click, Copy lines.
  const from = 1_000;
  const to = from + 9_999;
  raw.scrollTop = (from - 3) * 20;
  await whenFrame(() => !!deepQuery(el, `.ln[data-n="${from}"]`), 10_000);
  pointAtNumber(el, 'pointerdown', from, false);
  pointAtNumber(el, 'pointerup', from, false);
  raw.scrollTop = (to - 10) * 20;
  await whenFrame(() => !!deepQuery(el, `.ln[data-n="${to}"]`), 10_000);
  await painted();
  const t2 = performance.now();
  pointAtNumber(el, 'pointerdown', to, true);
  pointAtNumber(el, 'pointerup', to, true);
  await el.updateComplete;
  const copyButton = Array.from(el.shadowRoot!.querySelectorAll<HTMLButtonElement>('.selection-bar button')).find((b) =>
    /copy lines/i.test(b.textContent ?? ''),
  );
  copyButton?.click();
  await el.updateComplete;
  const t2end = performance.now();
  await painted();
  const t2painted = performance.now();
  out.selectCopy = round(t2end - t2);
  out.selectCopyPainted = round(t2painted - t2);
  out.selectLongestTask = await longestTask(t2);
  out.selectedLabel = deepQuery(el, '.selection-label')?.textContent?.trim() ?? '';
  out.copyNote = deepQuery(el, '.selection-note')?.textContent?.trim() ?? '';
  return out;
}
