/** Messages between the Markdown renderer and its parsing worker. */
import type { HtmlChunk, ParseOptions } from './parser.js';

export type ParseRequest = ({ type: 'parse'; id: number; source: string } & ParseOptions) | { type: 'cancel'; id: number };

export type ParseResponse = { type: 'chunk'; id: number; chunk: HtmlChunk } | { type: 'done'; id: number } | { type: 'error'; id: number; message: string };
