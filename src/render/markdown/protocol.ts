/**
 * What the parser and the renderer exchange: the options of a parse, the
 * HTML chunks it yields, and the messages to and from the parsing worker
 * that carry them.
 */
import type { WorkEstimate } from './budget.js';

/** Options of one parse. */
export interface ParseOptions {
  /** Random per render; marks the elements the kit itself emits. */
  nonce: string;
  /** Source characters in the first chunk (small, so the first screen is quick). */
  firstChunkChars?: number;
  /** Source characters in the following chunks. */
  chunkChars?: number;
  /** Where the first chunk ends (a source offset at a block boundary, e.g. the end of `provisionalPrefix`); overrides `firstChunkChars`. */
  firstChunkEnd?: number;
  /**
   * On the main thread: parse the document's block structure in slices of
   * about this long (ms), yielding a `pause` chunk between them, so a long
   * document never holds the page for its whole parse. Unset (the worker):
   * one pass.
   */
  sliceMs?: number;
}

/** One block-aligned piece of the rendered document. */
export interface HtmlChunk {
  /**
   * The chunk's markup. Inline `style` and `on…` attribute names in the
   * document's own HTML are already renamed (`defuseInlineAttributes`), so
   * the page's sanitizer need not scan for them again; the parser's own
   * markup never has such attributes.
   */
  html: string;
  /** Top-level blocks in this chunk. */
  blocks: number;
  /** Source lines this chunk spans (for a size estimate before layout). */
  lines: number;
  /**
   * A first screen rendered from the document's start alone, sent before
   * the whole document is parsed; the real first chunk follows and replaces
   * it (usually with the very same HTML).
   */
  provisional?: true;
  /** No markup: the parser stopped between two slices of its work (see `ParseOptions.sliceMs`); ask for the next chunk after yielding. */
  pause?: true;
  /**
   * The chunk starts with the rest of the previous chunk's last block: a
   * long list or table is sent in pieces (each a complete list or table of
   * its own), and this piece's items or body rows belong at the end of that
   * block.
   */
  continues?: true;
  /**
   * Set on a middle piece of a long table (`continues` is set too): the
   * chunk is nothing but this many body rows of the table the previous
   * chunk ends with, so a page that holds a long table's later rows back can
   * keep the markup aside and sanitize it only when the rows are shown.
   */
  rows?: number;
  /**
   * The document is over its work budget (see `budget.ts`): this is the
   * only chunk, with no markup, and the document must not be rendered.
   */
  tooComplex?: WorkEstimate;
}

/** A message from the page to the parsing worker. */
export type ParseRequest = ({ type: 'parse'; id: number; source: string } & ParseOptions) | { type: 'cancel'; id: number };

/** A message from the parsing worker to the page. */
export type ParseResponse = { type: 'chunk'; id: number; chunk: HtmlChunk } | { type: 'done'; id: number } | { type: 'error'; id: number; message: string };
