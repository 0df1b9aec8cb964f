/** The emoji table of markdown-it-emoji (shortcode name → emoji), loaded on demand by the parser. */
declare module 'markdown-it-emoji/lib/data/full.mjs' {
  const defs: Record<string, string>;
  export default defs;
}
