/**
 * The parser's core rules in stages: those before inline parsing run once
 * over the whole document, the rest once per chunk, so a chunk is rendered
 * as soon as its blocks are known. Pure: no DOM.
 */
import type { MarkdownIt, StateCore, Token } from 'markdown-it';
import { defuseInlineAttributes } from '../inline-attributes.js';

/** The markdown-it env of one parse. */
export type Env = Record<string, unknown> & {
  qaNonce: string;
  /** Set while a chunk is processed when it holds raw HTML from the document. */
  qaRaw?: boolean;
};

/**
 * The rules run once over the whole document, before any chunk: block
 * structure, reference and footnote definitions. Inline content is parsed
 * chunk by chunk (`CHUNK_STAGE`), so the first chunk is out long before a
 * large document is done (benchmark rows "Markdown 1 MB: open → first
 * screen painted" and "Markdown 100 KB: open → first screen painted").
 */
export const BLOCK_STAGE = ['normalize', 'block', 'github-alerts', 'qa_alerts_pairing'];
/** The rules run over each chunk's tokens. */
export const CHUNK_STAGE = ['inline', 'linkify', 'replacements', 'smartquotes', 'text_join', 'emoji', 'qa_task_lists', 'anchor', 'qa_block_attributes'];
/** The rules run once more over the footnotes, after the last chunk. */
export const TAIL_STAGE = ['footnote_tail'];

/** The stage each core ruler was last set to (see `runStage`). */
const enabledStage = new WeakMap<object, string[]>();

/** Runs the core rules named in `rules` (and only those) over `state`. */
export function runStage(md: MarkdownIt, state: StateCore, rules: string[]): void {
  const ruler = md.core.ruler;
  // Switching the ruler makes it rebuild its rule chains: most calls run the same stage as the one
  // before (one per chunk), and the ruler keeps its chains until any rule is enabled, disabled or added.
  if (enabledStage.get(ruler) !== rules || ruler.__cache__ === null) {
    // Until the emoji table is loaded there is no emoji rule: names the parser does not know are skipped.
    ruler.enableOnly(rules, true);
    enabledStage.set(ruler, rules);
  }
  md.core.process(state);
}

/**
 * Runs the per-chunk rules over `tokens` and renders them; the document's
 * own inline style and handler attribute names are renamed when the chunk
 * holds raw HTML (here, off the main thread when this runs in the worker).
 */
export function renderPart(md: MarkdownIt, tokens: Token[], env: Env, rules: string[][]): string {
  const state = new md.core.State('', md, env);
  state.tokens = tokens;
  env.qaRaw = false;
  for (const stage of rules) runStage(md, state, stage);
  const html = md.renderer.render(state.tokens, md.options, env);
  return env.qaRaw ? defuseInlineAttributes(html) : html;
}
