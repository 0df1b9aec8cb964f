// ESLint: the rules and the plugins live in tools/lint (a package of its own; see its eslint.config.mjs).
export { default } from './tools/lint/eslint.config.mjs';
