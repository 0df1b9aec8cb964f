/**
 * Which shiki grammar colours which language, and the language of a Markdown
 * fence name (with the usual aliases). A file's language comes from its name
 * (`languageForPath` in `src/workspace/languages.ts`). Grammars are imported
 * lazily, one module per language, only when a file needs them.
 */
import type { LanguageRegistration } from 'shiki/core';
import { languageForExtension } from '../../workspace/languages.js';

type Loader = () => Promise<{ default: LanguageRegistration[] }>;

/**
 * Grammar modules by shiki language id. Only these are ever loaded. The
 * JavaScript family comes precompiled (its Oniguruma patterns already
 * translated to JavaScript regular expressions, same grammar version): those
 * are the largest grammars and the most opened files, and translating their
 * patterns was most of the cost of a first file in the language.
 */
export const LANGUAGE_LOADERS: Readonly<Record<string, Loader>> = {
  astro: () => import('@shikijs/langs/astro'),
  bat: () => import('@shikijs/langs/bat'),
  c: () => import('@shikijs/langs/c'),
  clojure: () => import('@shikijs/langs/clojure'),
  cmake: () => import('@shikijs/langs/cmake'),
  coffee: () => import('@shikijs/langs/coffee'),
  cpp: () => import('@shikijs/langs/cpp'),
  crystal: () => import('@shikijs/langs/crystal'),
  csharp: () => import('@shikijs/langs/csharp'),
  css: () => import('@shikijs/langs/css'),
  dart: () => import('@shikijs/langs/dart'),
  diff: () => import('@shikijs/langs/diff'),
  dockerfile: () => import('@shikijs/langs/dockerfile'),
  dotenv: () => import('@shikijs/langs/dotenv'),
  elixir: () => import('@shikijs/langs/elixir'),
  erlang: () => import('@shikijs/langs/erlang'),
  fish: () => import('@shikijs/langs/fish'),
  fsharp: () => import('@shikijs/langs/fsharp'),
  go: () => import('@shikijs/langs/go'),
  graphql: () => import('@shikijs/langs/graphql'),
  groovy: () => import('@shikijs/langs/groovy'),
  handlebars: () => import('@shikijs/langs/handlebars'),
  haskell: () => import('@shikijs/langs/haskell'),
  hcl: () => import('@shikijs/langs/hcl'),
  html: () => import('@shikijs/langs/html'),
  http: () => import('@shikijs/langs/http'),
  ini: () => import('@shikijs/langs/ini'),
  java: () => import('@shikijs/langs/java'),
  javascript: () => import('@shikijs/langs-precompiled/javascript'),
  jinja: () => import('@shikijs/langs/jinja'),
  json: () => import('@shikijs/langs/json'),
  json5: () => import('@shikijs/langs/json5'),
  jsonc: () => import('@shikijs/langs/jsonc'),
  jsonl: () => import('@shikijs/langs/jsonl'),
  jsx: () => import('@shikijs/langs-precompiled/jsx'),
  julia: () => import('@shikijs/langs/julia'),
  kotlin: () => import('@shikijs/langs/kotlin'),
  latex: () => import('@shikijs/langs/latex'),
  less: () => import('@shikijs/langs/less'),
  liquid: () => import('@shikijs/langs/liquid'),
  lua: () => import('@shikijs/langs/lua'),
  makefile: () => import('@shikijs/langs/makefile'),
  markdown: () => import('@shikijs/langs/markdown'),
  matlab: () => import('@shikijs/langs/matlab'),
  mdx: () => import('@shikijs/langs/mdx'),
  nginx: () => import('@shikijs/langs/nginx'),
  nim: () => import('@shikijs/langs/nim'),
  nix: () => import('@shikijs/langs/nix'),
  'objective-c': () => import('@shikijs/langs/objective-c'),
  ocaml: () => import('@shikijs/langs/ocaml'),
  perl: () => import('@shikijs/langs/perl'),
  php: () => import('@shikijs/langs/php'),
  powershell: () => import('@shikijs/langs/powershell'),
  prisma: () => import('@shikijs/langs/prisma'),
  properties: () => import('@shikijs/langs/properties'),
  proto: () => import('@shikijs/langs/proto'),
  pug: () => import('@shikijs/langs/pug'),
  python: () => import('@shikijs/langs/python'),
  r: () => import('@shikijs/langs/r'),
  ruby: () => import('@shikijs/langs/ruby'),
  rust: () => import('@shikijs/langs/rust'),
  sass: () => import('@shikijs/langs/sass'),
  scala: () => import('@shikijs/langs/scala'),
  scss: () => import('@shikijs/langs/scss'),
  shellscript: () => import('@shikijs/langs/shellscript'),
  sql: () => import('@shikijs/langs/sql'),
  stylus: () => import('@shikijs/langs/stylus'),
  svelte: () => import('@shikijs/langs/svelte'),
  swift: () => import('@shikijs/langs/swift'),
  terraform: () => import('@shikijs/langs/terraform'),
  toml: () => import('@shikijs/langs/toml'),
  tsx: () => import('@shikijs/langs-precompiled/tsx'),
  twig: () => import('@shikijs/langs/twig'),
  typescript: () => import('@shikijs/langs-precompiled/typescript'),
  viml: () => import('@shikijs/langs/viml'),
  vb: () => import('@shikijs/langs/vb'),
  vue: () => import('@shikijs/langs/vue'),
  xml: () => import('@shikijs/langs/xml'),
  yaml: () => import('@shikijs/langs/yaml'),
  zig: () => import('@shikijs/langs/zig'),
};

/** Languages whose loader above gives a precompiled grammar (it holds regular expressions, not only JSON). */
export const PRECOMPILED_LANGUAGES: ReadonlySet<string> = new Set(['javascript', 'jsx', 'tsx', 'typescript']);

/** Fence names and aliases that differ from a language id or an extension. */
const FENCE_ALIASES: Record<string, string> = {
  shell: 'shellscript',
  console: 'shellscript',
  shellsession: 'shellscript',
  sh: 'shellscript',
  bash: 'shellscript',
  zsh: 'shellscript',
  javascript: 'javascript',
  node: 'javascript',
  typescript: 'typescript',
  'c++': 'cpp',
  'c#': 'csharp',
  'f#': 'fsharp',
  objc: 'objective-c',
  'objective-c': 'objective-c',
  docker: 'dockerfile',
  make: 'makefile',
  golang: 'go',
  py: 'python',
  python3: 'python',
  yml: 'yaml',
  rb: 'ruby',
  rs: 'rust',
  kt: 'kotlin',
  ps: 'powershell',
  pwsh: 'powershell',
  html: 'html',
  xml: 'xml',
  svg: 'xml',
  md: 'markdown',
  tf: 'terraform',
  vim: 'viml',
  gql: 'graphql',
  proto: 'proto',
  protobuf: 'proto',
  patch: 'diff',
  env: 'dotenv',
};

/** The language of a Markdown fence info string (`ts`, `TypeScript`, `c++ {1,3}`), or null. */
export function languageForFence(info: string): string | null {
  const name = info.trim().split(/[\s{]/)[0]?.toLowerCase() ?? '';
  if (!name) return null;
  if (Object.prototype.hasOwnProperty.call(LANGUAGE_LOADERS, name)) return name;
  if (Object.prototype.hasOwnProperty.call(FENCE_ALIASES, name)) return FENCE_ALIASES[name]!;
  return languageForExtension(name);
}

/** A language id, a fence name or an extension, resolved to a loadable language id, or null. */
export function resolveLanguage(lang: string): string | null {
  return languageForFence(lang);
}
