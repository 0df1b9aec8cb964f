/**
 * Size baseline: what lit + markdown-it + DOMPurify alone cost a page,
 * bundled and minified the same way as the kit's size check.
 */
export { LitElement, css, html, render, nothing } from 'lit';
export { default as MarkdownIt } from 'markdown-it';
export { default as DOMPurify } from 'dompurify';
