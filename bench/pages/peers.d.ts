// Type declarations for the peer elements' untyped files.
declare module 'md-block/md-block.js';
declare module 'md-block/prism.js';
declare module 'marked-v4' {
  export const marked: unknown;
}
declare module '@highlightjs/cdn-assets/es/highlight.min.js' {
  const hljs: unknown;
  export default hljs;
}
declare module 'markdown-it?as-published' {
  export { default } from 'markdown-it';
}
declare module 'dompurify?as-published' {
  export { default } from 'dompurify';
}
