/**
 * The work budget of a Markdown document: how many elements, and how deeply
 * nested, the page's sanitizer and decoration may build for it. Measured on
 * the parser's block tokens (in the parsing worker when there is one),
 * before any chunk is rendered or any DOM is built; a document over the
 * budget is not rendered at all (the preview shows its source).
 *
 * The estimate follows the parts of the HTML tree builder that make the
 * DOM larger than the markup: end tags that close the formatting elements
 * (`<b>`, `<i>`, `<a>` …) left open inside a block, which the parser then
 * rebuilds in every later block ("reconstruct the active formatting
 * elements": 300 unclosed `<b>` and 300 paragraphs are 90,000 elements from
 * 5 KB), and nesting (an unclosed `<table><tr><td>` nests one level deeper
 * each time). Markdown's own blocks are counted as the elements they become.
 * The parser's limit of three identical formatting entries is left out: a
 * document that repeats one unclosed tag is counted high.
 *
 * Linear in the tokens and the raw HTML; stops as soon as a limit is passed.
 */
import type { Token } from 'markdown-it';

/** Elements the sanitizer and decoration may build for one document. */
export const MAX_DOCUMENT_ELEMENTS = 250_000;
/**
 * Elements in one chunk: one sanitizer call, one main-thread task (about
 * 120 ms on a busy two-core machine). A chunk is a run of blocks of about
 * `chunkChars` source characters, longer where raw HTML is left open (it
 * joins the blocks after it); a list item or a table row is never cut.
 */
export const MAX_PIECE_ELEMENTS = 6_000;
/** Nesting depth of elements (Markdown's own nesting stops at 100 too). */
export const MAX_DEPTH = 100;

/** What the estimate found; `over` names the first limit passed, if any. */
export interface WorkEstimate {
  elements: number;
  depth: number;
  /** The largest piece that cannot be cut, in elements. */
  piece: number;
  over: 'elements' | 'depth' | 'piece' | null;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr', 'keygen']);
const FORMATTING = new Set(['a', 'b', 'big', 'code', 'em', 'font', 'i', 'nobr', 's', 'small', 'strike', 'strong', 'tt', 'u']);
// Start tags that close an open `<p>` (and so leave its formatting elements to be rebuilt).
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'form',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'header',
  'hgroup',
  'hr',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'pre',
  'section',
  'summary',
  'table',
  'ul',
  'li',
  'dd',
  'dt',
  'listing',
  'xmp',
  'plaintext',
]);
// Where a search for an open element to close stops (the HTML parser's "scope").
const SCOPE = new Set(['table', 'td', 'th', 'caption', 'template', 'html', 'marquee', 'object', 'applet']);
const CELLS = new Set(['td', 'th', 'caption']);
// Elements whose content is text up to their end tag.
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

const TAG = /<(?:!--[\s\S]*?(?:-->|$)|[!?][^>]*>?|(\/?)([A-Za-z][^\s/>]*)((?:[^>"']|"[^"]*"|'[^']*')*)>)/g;
const CODE_SPAN = /(`+)[\s\S]*?\1/g;
// Markdown's own inline elements, roughly: emphasis and code delimiters come in pairs, links and images end in `](`.
const INLINE_MARKS = /\*+|_+|~~|`+|\]\(|\]\[/g;

interface Open {
  name: string;
  /** From the document's own HTML (not a Markdown block). */
  raw: boolean;
  /** Its entry in the active formatting list, for formatting elements. */
  entry: Entry | null;
}

interface Entry {
  name: string;
  open: Open | null;
}

const MARKER: Entry = { name: '', open: null };

class Estimate {
  elements = 0;
  depth = 0;
  piece = 0;
  private pieceElements = 0;
  private pieceChars = 0;
  over: WorkEstimate['over'] = null;
  private readonly stack: Open[] = [];
  private readonly active: Entry[] = [];
  private rawOpen = 0;

  constructor(private readonly chunkChars: number) {}

  private add(n: number): void {
    this.elements += n;
    this.pieceElements += n;
    if (this.pieceElements > this.piece) this.piece = this.pieceElements;
    if (this.elements > MAX_DOCUMENT_ELEMENTS) this.over ??= 'elements';
    else if (this.piece > MAX_PIECE_ELEMENTS) this.over ??= 'piece';
  }

  private push(name: string, raw: boolean, entry: Entry | null = null): Open {
    const open: Open = { name, raw, entry };
    this.stack.push(open);
    if (raw) this.rawOpen++;
    if (CELLS.has(name)) this.active.push(MARKER);
    if (this.stack.length > this.depth) {
      this.depth = this.stack.length;
      if (this.depth > MAX_DEPTH) this.over ??= 'depth';
    }
    this.add(1);
    return open;
  }

  /** Pops the stack down to (and without) index `to`. */
  private popTo(to: number): void {
    while (this.stack.length > to) {
      const open = this.stack.pop()!;
      if (open.raw) this.rawOpen--;
      if (open.entry) open.entry.open = null;
      if (CELLS.has(open.name)) {
        // Leaving a cell forgets the formatting opened inside it.
        let i = this.active.length - 1;
        while (i >= 0 && this.active[i] !== MARKER) i--;
        this.active.length = Math.max(0, i);
      }
    }
  }

  /** Index of the nearest open `name` within scope, or -1. */
  private find(name: string, scope = SCOPE): number {
    for (let i = this.stack.length - 1; i >= 0; i--) {
      const n = this.stack[i]!.name;
      if (n === name) return i;
      if (scope.has(n)) return -1;
    }
    return -1;
  }

  /** The formatting elements closed by a block end but not by their own end tags are rebuilt where content follows. */
  private reconstruct(): void {
    let i = this.active.length - 1;
    while (i >= 0 && this.active[i] !== MARKER && this.active[i]!.open === null) i--;
    for (let j = i + 1; j < this.active.length && this.over === null; j++) {
      const entry = this.active[j]!;
      entry.open = this.push(entry.name, true, entry);
    }
  }

  /**
   * A block of `chars` source characters starts. Like the chunker, a new
   * chunk starts here when the current one is full and no raw HTML is open.
   */
  boundary(chars: number): void {
    if (this.rawOpen === 0 && this.pieceChars >= this.chunkChars) {
      this.pieceElements = 0;
      this.pieceChars = 0;
    }
    this.pieceChars += chars;
  }

  /** A Markdown block element (balanced by the parser). */
  blockStart(name: string): void {
    if (CLOSES_P.has(name)) {
      const p = this.find('p');
      if (p >= 0) this.popTo(p);
    }
    this.push(name, false);
  }

  blockEnd(name: string): void {
    const i = this.find(name, EMPTY);
    if (i >= 0) this.popTo(i);
  }

  /** Elements with no content to nest (a code block, a rule, front matter). */
  leaf(n: number): void {
    this.add(n);
  }

  text(): void {
    this.reconstruct();
  }

  /** The document's own HTML, as the tree builder would take it. */
  html(html: string): void {
    TAG.lastIndex = 0;
    let last = 0;
    let lower: string | null = null;
    for (let m = TAG.exec(html); m && this.over === null; m = TAG.exec(html)) {
      if (m.index > last && /\S/.test(html.slice(last, m.index))) this.text();
      last = TAG.lastIndex;
      const name = m[2]?.toLowerCase();
      if (!name) continue;
      if (m[1]) this.rawEnd(name);
      else {
        this.rawStart(name);
        if (RAW_TEXT.has(name)) {
          const end = (lower ??= html.toLowerCase()).indexOf(`</${name}`, TAG.lastIndex);
          TAG.lastIndex = last = end < 0 ? html.length : end;
        }
      }
    }
    if (this.over === null && last < html.length && /\S/.test(html.slice(last))) this.text();
  }

  private rawStart(name: string): void {
    if (VOID.has(name)) {
      if (name !== 'hr') this.reconstruct();
      this.add(1);
      return;
    }
    if (CLOSES_P.has(name)) {
      const p = this.find('p');
      if (p >= 0) this.popTo(p);
      if (name === 'li' || name === 'dd' || name === 'dt') {
        const same = this.find(name, LIST_SCOPE);
        if (same >= 0) this.popTo(same);
      }
      this.push(name, true);
      return;
    }
    if (name === 'tr') {
      const open = this.find('tr', TABLE_SCOPE);
      if (open >= 0) this.popTo(open);
      else if (this.top() === 'table') this.push('tbody', true);
      this.push(name, true);
      return;
    }
    if (name === 'td' || name === 'th') {
      const cell = Math.max(this.find('td', ROW_SCOPE), this.find('th', ROW_SCOPE));
      if (cell >= 0) this.popTo(cell);
      if (this.top() === 'table') this.push('tbody', true);
      if (this.top() !== 'tr') this.push('tr', true);
      this.push(name, true);
      return;
    }
    this.reconstruct();
    if (FORMATTING.has(name)) {
      const entry: Entry = { name, open: null };
      this.active.push(entry);
      entry.open = this.push(name, true, entry);
      return;
    }
    this.push(name, true);
  }

  private rawEnd(name: string): void {
    if (FORMATTING.has(name)) {
      // The latest entry of that name (after the last marker) goes; its element closes if open.
      for (let i = this.active.length - 1; i >= 0 && this.active[i] !== MARKER; i--) {
        const entry = this.active[i]!;
        if (entry.name !== name) continue;
        this.active.splice(i, 1);
        if (entry.open) {
          const at = this.stack.lastIndexOf(entry.open);
          if (at >= 0) this.popTo(at);
        }
        return;
      }
      return;
    }
    if (name === 'p' && this.find('p') < 0) {
      // `</p>` without an open paragraph makes an empty one.
      this.add(1);
      return;
    }
    const i = this.find(name, name === 'table' || CELLS.has(name) || name === 'tr' ? TABLE_END_SCOPE : SCOPE);
    if (i >= 0) this.popTo(i);
  }

  private top(): string {
    return this.stack[this.stack.length - 1]?.name ?? '';
  }

  result(): WorkEstimate {
    return { elements: this.elements, depth: this.depth, piece: this.piece, over: this.over };
  }
}

const EMPTY = new Set<string>();
const LIST_SCOPE = new Set([...SCOPE, 'ul', 'ol', 'dl']);
const TABLE_SCOPE = new Set(['table', 'html', 'template', 'tbody', 'thead', 'tfoot']);
const ROW_SCOPE = new Set(['table', 'html', 'template', 'tr']);
const TABLE_END_SCOPE = new Set(['html', 'template']);

/** Top-level lists and tables are sent in pieces between their items and rows. */
const SPLITTABLE = new Set(['bullet_list_open', 'ordered_list_open', 'table_open']);

/**
 * Estimates the elements and nesting that the block tokens of a document
 * (markdown-it's block stage: `inline` tokens not parsed yet) will become,
 * and the most elements one chunk of about `chunkChars` source characters
 * will hold (`sizeOf`: a block token's source length).
 */
export function estimateWork(tokens: readonly Token[], sizeOf: (t: Token) => number, chunkChars: number): WorkEstimate {
  const steps = estimateWorkSteps(tokens, sizeOf, chunkChars, Infinity);
  for (let r = steps.next(); ; r = steps.next()) if (r.done) return r.value;
}

/** Tokens estimated between two looks at the clock. */
const TOKENS_PER_STEP = 2_000;

/**
 * `estimateWork` in slices of about `sliceMs` (on the main thread, where one
 * pass over a long document's tokens would hold the page): yields between
 * slices, returns the same estimate as one pass.
 */
export function* estimateWorkSteps(
  tokens: readonly Token[],
  sizeOf: (t: Token) => number,
  chunkChars: number,
  sliceMs: number,
): Generator<void, WorkEstimate, void> {
  const e = new Estimate(chunkChars);
  let splittable = false;
  let deadline = performance.now() + sliceMs;
  for (let i = 0; i < tokens.length && e.over === null; i++) {
    if (i % TOKENS_PER_STEP === 0 && i > 0 && sliceMs !== Infinity && performance.now() >= deadline) {
      yield;
      deadline = performance.now() + sliceMs;
    }
    const t = tokens[i]!;
    if (t.level === 0 && t.nesting !== -1) {
      splittable = SPLITTABLE.has(t.type);
      // A long list or table is sent in pieces between its items or rows (counted there).
      e.boundary(splittable ? 0 : sizeOf(t));
    } else if (splittable && t.nesting === 1 && ((t.type === 'list_item_open' && t.level === 1) || (t.type === 'tr_open' && t.level === 2)))
      e.boundary(sizeOf(t));
    switch (t.type) {
      case 'inline': {
        const content = t.content;
        if (!content) break;
        e.text();
        if (content.includes('<')) e.html(content.replace(CODE_SPAN, ''));
        // One native call: counting with a loop of `exec` took about twice as long (the corpus in Chromium).
        e.leaf((content.match(INLINE_MARKS)?.length ?? 0) >> 1);
        break;
      }
      case 'html_block':
        e.html(t.content);
        break;
      case 'fence':
      case 'code_block':
        e.leaf(2);
        break;
      case 'front_matter':
        e.leaf(4 + (t.content.match(/\n/g)?.length ?? 0) * 3);
        break;
      default:
        if (t.hidden || !t.tag) break;
        if (t.nesting === 1) e.blockStart(t.tag);
        else if (t.nesting === -1) e.blockEnd(t.tag);
        else e.leaf(1);
    }
  }
  return e.result();
}
