/**
 * DOMPurify, as a lazy chunk of its own (`loadDOMPurify` in sanitize.ts):
 * only a browser without a usable HTML Sanitizer API downloads it.
 */
export { default } from 'dompurify';
