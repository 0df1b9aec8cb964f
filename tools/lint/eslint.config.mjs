// The kit's ESLint rules: typescript-eslint (syntax-level, no type
// information, so a run stays fast on a small machine), eslint-plugin-lit
// for templates and eslint-plugin-wc (recommended and best practice) for
// custom elements. Formatting is Prettier's job (`.prettierrc.json`), so no
// rule here is about layout.
//
// typescript-eslint needs the compiler API of TypeScript 5, which the kit's
// TypeScript 7 (the native compiler) does not have. This package installs
// TypeScript 5 for the linter alone, and every `require('typescript')` made
// while linting is answered with it.
import Module, { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const typescript5 = require.resolve('typescript');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, ...rest) {
  return request === 'typescript' ? typescript5 : resolveFilename.call(this, request, ...rest);
};

const { default: js } = await import('@eslint/js');
const { default: tseslint } = await import('typescript-eslint');
const { default: lit } = await import('eslint-plugin-lit');
const { default: wc } = await import('eslint-plugin-wc');
const { default: globals } = await import('globals');

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'coverage/**',
      'screenshots/**',
      '.scratch/**',
      '.pack/**',
      'custom-elements.json',
      'stories/fixtures/corpus/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // The kit finds and marks control, bidi and invisible characters on purpose (paths, names, raw text).
      'no-control-regex': 'off',
      'no-misleading-character-class': 'off',
      // `_name` marks a deliberately unused parameter or binding.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Imports of types say so (`import type`, `type X` in a list), as verbatimModuleSyntax requires.
      // `typeof import('./x.js')` names the type of a lazily loaded module.
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    files: ['src/**/*.ts', 'stories/**/*.ts'],
    ...lit.configs['flat/recommended'],
  },
  {
    files: ['src/elements/**/*.ts'],
    ...wc.configs['flat/recommended'],
  },
  {
    files: ['src/elements/**/*.ts'],
    ...wc.configs['flat/best-practice'],
  },
  {
    // chai's property assertions: `expect(x).to.be.true`.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // Type-level tests declare values only to check their types.
    files: ['test/**/*.types.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
  {
    // Plain scripts: Node and the browser test runner.
    files: ['**/*.{js,mjs,cjs}'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
