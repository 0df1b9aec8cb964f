/**
 * A long top-level list or table cut into pieces that are each a complete
 * list or table of their own, so that no chunk is much larger than the
 * others. Pure: no DOM.
 */
import type { Token } from 'markdown-it';

/** Makes a token, as the parse state's `Token` constructor does. */
export type TokenFactory = (type: string, tag: string, nesting: -1 | 0 | 1) => Token;

/** A piece of a split block and the source lines it covers (0-based, end exclusive). */
export interface Piece {
  tokens: Token[];
  span: [number, number];
}

function cloneToken(make: TokenFactory, t: Token, map: [number, number] | null = t.map): Token {
  const c = make(t.type, t.tag, t.nesting);
  Object.assign(c, t);
  c.attrs = t.attrs ? t.attrs.map(([name, value]) => [name, value] as [string, string]) : null;
  c.map = map ? [map[0], map[1]] : null;
  return c;
}

/** Index ranges `[open, close]` of the children of `block[from…to)` at `level` (list items, table rows). */
function childRanges(block: Token[], from: number, to: number, level: number, openType: string): Array<[number, number]> | null {
  const out: Array<[number, number]> = [];
  for (let k = from; k < to;) {
    const t = block[k]!;
    if (t.type !== openType || t.level !== level) return null;
    let e = k + 1;
    while (e < to && !(block[e]!.nesting === -1 && block[e]!.level === level)) e++;
    if (e >= to) return null;
    out.push([k, e]);
    k = e + 1;
  }
  return out;
}

/** Markup per element, roughly (tags and the kit's attributes), for a size estimate before rendering. */
const MARKUP_PER_ELEMENT = 40;

/**
 * Consecutive runs of `ranges` that render to about twice `chars`
 * characters each (what a chunk of ordinary text renders to), estimated
 * from their source and their elements' markup: a table row of short cells
 * renders to several times its source, and the sanitizer's work grows with
 * elements.
 */
function groupBySize(block: Token[], ranges: Array<[number, number]>, chars: number, sizeOf: (t: Token) => number): Array<Array<[number, number]>> {
  const groups: Array<Array<[number, number]>> = [];
  let current: Array<[number, number]> = [];
  let size = 0;
  for (const range of ranges) {
    current.push(range);
    let elements = 0;
    for (let k = range[0]; k <= range[1]; k++) if (block[k]!.nesting === 1 && !block[k]!.hidden) elements++;
    size += sizeOf(block[range[0]]!) + elements * MARKUP_PER_ELEMENT;
    if (size >= chars * 2) {
      groups.push(current);
      current = [];
      size = 0;
    }
  }
  if (current.length) groups.push(current);
  return groups;
}

const spanOfRanges = (block: Token[], ranges: Array<[number, number]>): [number, number] => {
  const a = block[ranges[0]![0]]!.map;
  const b = block[ranges[ranges.length - 1]![0]]!.map;
  return a && b ? [a[0], b[1]] : [0, 0];
};

/**
 * A long top-level list or table cut between its items or body rows into
 * pieces of about `chars` source characters, each a complete list or table
 * of its own (the first keeps the table's head; the pieces of an ordered
 * list keep their numbers). Null when `block` is neither or cannot be cut.
 */
export function splitBlock(block: Token[], chars: number, sizeOf: (t: Token) => number, make: TokenFactory): Piece[] | null {
  const open = block[0]!;
  const close = block[block.length - 1]!;
  if (!open.map) return null;
  const whole = open.map;
  // The first piece starts where the block does (a table's head comes with it).
  const spanOf = (group: Array<[number, number]>, g: number): [number, number] => {
    const span = spanOfRanges(block, group);
    return g === 0 ? [whole[0], span[1]] : span;
  };
  if (open.type === 'bullet_list_open' || open.type === 'ordered_list_open') {
    const items = childRanges(block, 1, block.length - 1, open.level + 1, 'list_item_open');
    if (!items || items.length < 2) return null;
    const groups = groupBySize(block, items, chars, sizeOf);
    const first = Number(open.attrGet('start') ?? 1);
    let count = 0;
    return groups.map((group, g) => {
      let head = open;
      if (g > 0) {
        head = cloneToken(make, open, spanOf(group, g));
        if (open.type === 'ordered_list_open') head.attrSet('start', String(first + count));
      }
      count += group.length;
      const tokens = [head, ...block.slice(group[0]![0], group[group.length - 1]![1] + 1), g === groups.length - 1 ? close : cloneToken(make, close)];
      return { tokens, span: spanOf(group, g) };
    });
  }
  if (open.type === 'table_open') {
    const bodyOpen = block.findIndex((t) => t.type === 'tbody_open' && t.level === open.level + 1);
    const bodyClose = block.length - 2;
    if (bodyOpen < 0 || block[bodyClose]!.type !== 'tbody_close') return null;
    const rows = childRanges(block, bodyOpen + 1, bodyClose, open.level + 2, 'tr_open');
    if (!rows || rows.length < 2) return null;
    const groups = groupBySize(block, rows, chars, sizeOf);
    return groups.map((group, g) => {
      const last = g === groups.length - 1;
      const head = g === 0 ? block.slice(0, bodyOpen + 1) : [cloneToken(make, open, spanOf(group, g)), cloneToken(make, block[bodyOpen]!)];
      const tail = last ? [block[bodyClose]!, close] : [cloneToken(make, block[bodyClose]!), cloneToken(make, close)];
      return { tokens: [...head, ...block.slice(group[0]![0], group[group.length - 1]![1] + 1), ...tail], span: spanOf(group, g) };
    });
  }
  return null;
}
