/**
 * The shapes tokens travel in, and the one helper every view needs to read
 * them. No dependencies: importing this never loads the tokenizer.
 */

/** Colours of one token style, light and dark (`#rrggbb`, '' for none), and shiki's font style bits (1 italic, 2 bold, 4 underline, 8 strikethrough). */
export interface TokenStyle {
  fg: string;
  bg: string;
  darkFg: string;
  darkBg: string;
  fontStyle: number;
}

/**
 * The tokens of one line as `[length, style, length, style, …]` in UTF-16
 * units, covering the line exactly; style 0 is plain text, other numbers are
 * style ids (tokenizer-local inside the tokenizer, token classes outside).
 */
export type TokenLine = ArrayLike<number>;

/**
 * The tokens of consecutive lines in two flat arrays (cheap to transfer from
 * a worker and light on the garbage collector): line `i` is
 * `data[offsets[i] … offsets[i + 1])`.
 */
export interface TokenChunk {
  /** First line (0-based). */
  from: number;
  count: number;
  offsets: Uint32Array;
  data: Uint32Array;
  /** False for lines coloured ahead of the exact pass (from a fresh grammar state). */
  exact: boolean;
}

/** The tokens of line `i` of a chunk (a view, no copy). */
export function chunkLine(chunk: TokenChunk, i: number): Uint32Array {
  return chunk.data.subarray(chunk.offsets[i]!, chunk.offsets[i + 1]!);
}
