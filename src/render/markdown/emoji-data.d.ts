// The parts of markdown-it-emoji the parser uses (see emoji.ts), which its own types do not declare.

/** The emoji table of markdown-it-emoji (shortcode name → emoji), loaded on demand by the parser. */
declare module 'markdown-it-emoji/lib/data/full.mjs' {
  const defs: Record<string, string>;
  export default defs;
}

/** The plugin's options made ready for its rule: the table, the shortcuts by alias, the patterns that find shortcodes. */
declare module 'markdown-it-emoji/lib/normalize_opts.mjs' {
  export default function normalizeOptions(options: { defs: Record<string, string>; shortcuts: Record<string, string | string[]>; enabled: string[] }): {
    defs: Record<string, string>;
    shortcuts: Record<string, string>;
    scanRE: RegExp;
    replaceRE: RegExp;
  };
}

/** The plugin's core rule: shortcodes in text become `emoji` tokens. */
declare module 'markdown-it-emoji/lib/replace.mjs' {
  import type { MarkdownIt, StateCore } from 'markdown-it';
  export default function emojiRule(
    md: MarkdownIt,
    defs: Record<string, string>,
    shortcuts: Record<string, string>,
    scanRE: RegExp,
    replaceRE: RegExp,
  ): (state: StateCore) => void;
}

/** The plugin's renderer rule of an `emoji` token: the emoji itself. */
declare module 'markdown-it-emoji/lib/render.mjs' {
  import type { Token } from 'markdown-it';
  export default function emojiHtml(tokens: Token[], idx: number): string;
}
