/**
 * Long tables in rendered Markdown: a table shows its first
 * `TABLE_ROWS_SHOWN` body rows, and the rest wait behind a "Show all N
 * rows" button. Every piece of rows appended to a table makes the browser
 * lay the whole table out again, so a table of 30,000 rows arriving in
 * pieces cost tens of seconds of style and layout and never finished.
 *
 * Rows that wait are either ready (sanitized and decorated nodes) or, for
 * the pieces of a long table that arrive once rows are already held back,
 * markup kept aside as it came from the parser: it is sanitized and
 * decorated only when the reader asks for the rows (the sanitizer still
 * sees every row before it is in the page), so a table nobody expands costs
 * the page no sanitizing beyond its first rows.
 */
import { term } from '../../i18n/index.js';
import { yieldToMain } from '../tasks.js';

/** Body rows a table shows before the rest waits for the reader to ask (the bench's long-table row measures what this costs). */
export const TABLE_ROWS_SHOWN = 1_000;
/** Rows added per task once the reader asks for all of them. */
const ROWS_PER_TASK = 1_000;

/** Rows kept aside as markup: `rows` of them, made into nodes (sanitized, decorated) by `take`. */
export interface DeferredRows {
  rows: number;
  take(): Node[];
}

type Part = Node[] | DeferredRows;

interface Held {
  parts: Part[];
  button: HTMLButtonElement;
  locale: string;
}

const held = new WeakMap<HTMLTableElement, Held>();

function bodyRows(table: HTMLTableElement): number {
  let n = 0;
  for (const body of Array.from(table.tBodies)) n += body.rows.length;
  return n;
}

const count = (h: Held): number => h.parts.reduce((n, part) => n + (Array.isArray(part) ? part.length : part.rows), 0);

function label(table: HTMLTableElement, h: Held): void {
  h.button.textContent = term(h.locale, 'showAllRows', { n: bodyRows(table) + count(h) });
}

/** Adds the rows the reader held back, a slice per task, then removes the button and focuses the table. */
async function showAll(table: HTMLTableElement, h: Held): Promise<void> {
  h.button.disabled = true;
  const body = table.tBodies[table.tBodies.length - 1] ?? table.createTBody();
  let added = 0;
  while (h.parts.length) {
    const part = h.parts[0]!;
    if (Array.isArray(part)) {
      const take = part.splice(0, ROWS_PER_TASK - added);
      body.append(...take);
      added += take.length;
      if (!part.length) h.parts.shift();
    } else {
      h.parts.shift();
      const rows = part.take();
      body.append(...rows);
      added += rows.length;
    }
    if (h.parts.length && added >= ROWS_PER_TASK) {
      added = 0;
      await yieldToMain();
    }
  }
  held.delete(table);
  const scroller = table.parentElement?.classList.contains('qa-table') ? table.parentElement : null;
  h.button.remove();
  scroller?.focus({ preventScroll: true });
}

/**
 * Appends `rows` (body rows of a later piece of `table`) to the table's last
 * body, holding back everything past `TABLE_ROWS_SHOWN` behind the table's
 * "Show all N rows" button (made with the first rows held back).
 */
export function appendRows(table: HTMLTableElement, rows: Node[], locale: string): void {
  const body = table.tBodies[table.tBodies.length - 1] ?? table.createTBody();
  let h = held.get(table);
  if (!h) {
    const room = Math.max(0, TABLE_ROWS_SHOWN - bodyRows(table));
    if (rows.length <= room) {
      body.append(...rows);
      return;
    }
    body.append(...rows.slice(0, room));
    const button = table.ownerDocument.createElement('button');
    button.type = 'button';
    button.className = 'qa-show-rows';
    h = { parts: [rows.slice(room)], button, locale };
    const state = h;
    button.addEventListener('click', () => void showAll(table, state));
    const scroller = table.parentElement?.classList.contains('qa-table') ? table.parentElement : table;
    scroller.after(button);
    held.set(table, h);
  } else h.parts.push(rows);
  label(table, h);
}

/**
 * The table `el` shows (itself, or the table in a `.qa-table` scroller) when
 * it already holds rows back behind its button — past the button itself,
 * which follows it — else null.
 */
export function holdingTable(el: Element | null): HTMLTableElement | null {
  if (el?.classList.contains('qa-show-rows')) el = el.previousElementSibling;
  const table = el?.localName === 'table' ? el : el?.classList.contains('qa-table') ? el.firstElementChild : null;
  return table?.localName === 'table' && held.has(table as HTMLTableElement) ? (table as HTMLTableElement) : null;
}

/** Keeps later rows of `table` (which holds rows back, see `holdingTable`) aside as markup until the reader asks for them. */
export function deferRows(table: HTMLTableElement, rows: DeferredRows): void {
  const h = held.get(table);
  if (!h) throw new Error('deferRows: the table holds no rows back');
  h.parts.push(rows);
  label(table, h);
}

/** Rows of `table` still held back (0 when it shows them all). */
export function heldRowCount(table: HTMLTableElement): number {
  const h = held.get(table);
  return h ? count(h) : 0;
}
