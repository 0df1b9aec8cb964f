/**
 * Long tables in rendered Markdown: a table shows its first
 * `TABLE_ROWS_SHOWN` body rows, and the rest wait (already sanitized and
 * decorated) behind a "Show all N rows" button. Every piece of rows appended
 * to a table makes the browser lay the whole table out again, so a table of
 * 30,000 rows arriving in pieces cost tens of seconds of style and layout and
 * never finished.
 */
import { term } from '../../i18n/index.js';
import { yieldToMain } from '../tasks.js';

/** Body rows a table shows before the rest waits for the reader to ask (the bench's long-table row measures what this costs). */
export const TABLE_ROWS_SHOWN = 1_000;
/** Rows added per task once the reader asks for all of them. */
const ROWS_PER_TASK = 1_000;

interface Held {
  rows: Node[];
  button: HTMLButtonElement;
  locale: string;
}

const held = new WeakMap<HTMLTableElement, Held>();

function bodyRows(table: HTMLTableElement): number {
  let n = 0;
  for (const body of Array.from(table.tBodies)) n += body.rows.length;
  return n;
}

function label(table: HTMLTableElement, h: Held): void {
  const n = bodyRows(table) + h.rows.length;
  h.button.textContent = term(h.locale, 'showAllRows', { n });
}

/** Adds the rows the reader held back, a slice per task, then removes the button and focuses the table. */
async function showAll(table: HTMLTableElement, h: Held): Promise<void> {
  h.button.disabled = true;
  const body = table.tBodies[table.tBodies.length - 1] ?? table.createTBody();
  while (h.rows.length) {
    body.append(...h.rows.splice(0, ROWS_PER_TASK));
    if (h.rows.length) await yieldToMain();
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
    h = { rows: rows.slice(room), button, locale };
    const state = h;
    button.addEventListener('click', () => void showAll(table, state));
    const scroller = table.parentElement?.classList.contains('qa-table') ? table.parentElement : table;
    scroller.after(button);
    held.set(table, h);
  } else h.rows.push(...rows);
  label(table, h);
}

/** Rows of `table` still held back (0 when it shows them all). */
export function heldRowCount(table: HTMLTableElement): number {
  return held.get(table)?.rows.length ?? 0;
}
