/**
 * Which shiki grammar colours which file: by extension, by well-known file
 * name, and by Markdown fence name (with the usual aliases). Grammars are
 * imported lazily, one module per language, only when a file needs them.
 */
import type { LanguageRegistration } from 'shiki/core';

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

/** Extensions (lower case, no dot) → language id. */
const BY_EXTENSION: Record<string, string> = {
  astro: 'astro',
  bat: 'bat', cmd: 'bat',
  c: 'c', h: 'c',
  clj: 'clojure', cljs: 'clojure', cljc: 'clojure', edn: 'clojure',
  cmake: 'cmake',
  coffee: 'coffee',
  cc: 'cpp', cpp: 'cpp', cxx: 'cpp', hh: 'cpp', hpp: 'cpp', hxx: 'cpp', ino: 'cpp',
  cr: 'crystal',
  cs: 'csharp', csx: 'csharp',
  css: 'css',
  dart: 'dart',
  diff: 'diff', patch: 'diff',
  dockerfile: 'dockerfile',
  env: 'dotenv',
  ex: 'elixir', exs: 'elixir',
  erl: 'erlang', hrl: 'erlang',
  fish: 'fish',
  fs: 'fsharp', fsi: 'fsharp', fsx: 'fsharp',
  go: 'go',
  graphql: 'graphql', gql: 'graphql',
  groovy: 'groovy', gradle: 'groovy',
  hbs: 'handlebars', handlebars: 'handlebars',
  hs: 'haskell',
  hcl: 'hcl',
  html: 'html', htm: 'html', xhtml: 'html',
  http: 'http',
  ini: 'ini', cfg: 'ini', conf: 'ini', editorconfig: 'ini',
  java: 'java',
  js: 'javascript', mjs: 'javascript', cjs: 'javascript',
  j2: 'jinja', jinja: 'jinja', jinja2: 'jinja',
  json: 'json', webmanifest: 'json', 'map': 'json',
  json5: 'json5',
  jsonc: 'jsonc',
  jsonl: 'jsonl', ndjson: 'jsonl',
  jsx: 'jsx',
  jl: 'julia',
  kt: 'kotlin', kts: 'kotlin',
  tex: 'latex', sty: 'latex', cls: 'latex',
  less: 'less',
  liquid: 'liquid',
  lua: 'lua',
  mk: 'makefile', mak: 'makefile',
  md: 'markdown', markdown: 'markdown', mdown: 'markdown', mkd: 'markdown',
  m: 'objective-c', mm: 'objective-c',
  mdx: 'mdx',
  nim: 'nim',
  nix: 'nix',
  ml: 'ocaml', mli: 'ocaml',
  pl: 'perl', pm: 'perl',
  php: 'php',
  ps1: 'powershell', psm1: 'powershell', psd1: 'powershell',
  prisma: 'prisma',
  properties: 'properties',
  proto: 'proto',
  pug: 'pug',
  py: 'python', pyi: 'python', pyw: 'python',
  r: 'r',
  rb: 'ruby', rake: 'ruby', gemspec: 'ruby',
  rs: 'rust',
  sass: 'sass',
  scala: 'scala', sc: 'scala',
  scss: 'scss',
  sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript', ksh: 'shellscript',
  sql: 'sql',
  styl: 'stylus',
  svelte: 'svelte',
  swift: 'swift',
  tf: 'terraform', tfvars: 'terraform',
  toml: 'toml',
  tsx: 'tsx',
  twig: 'twig',
  ts: 'typescript', mts: 'typescript', cts: 'typescript',
  vim: 'viml',
  vb: 'vb',
  vue: 'vue',
  xml: 'xml', svg: 'xml', xsd: 'xml', xsl: 'xml', plist: 'xml', csproj: 'xml',
  yaml: 'yaml', yml: 'yaml',
  zig: 'zig',
};

/** Whole file names (lower case) that say their language without an extension. */
const BY_FILENAME: Record<string, string> = {
  dockerfile: 'dockerfile',
  containerfile: 'dockerfile',
  makefile: 'makefile',
  gnumakefile: 'makefile',
  'cmakelists.txt': 'cmake',
  gemfile: 'ruby',
  rakefile: 'ruby',
  '.bashrc': 'shellscript',
  '.zshrc': 'shellscript',
  '.profile': 'shellscript',
  '.gitconfig': 'ini',
  '.npmrc': 'ini',
  '.editorconfig': 'ini',
  'tsconfig.json': 'jsonc',
  'jsconfig.json': 'jsonc',
  '.eslintrc': 'jsonc',
  '.babelrc': 'jsonc',
};

/** Fence names and aliases that differ from a language id or an extension. */
const FENCE_ALIASES: Record<string, string> = {
  shell: 'shellscript', console: 'shellscript', shellsession: 'shellscript', sh: 'shellscript', bash: 'shellscript', zsh: 'shellscript',
  javascript: 'javascript', node: 'javascript', typescript: 'typescript',
  'c++': 'cpp', 'c#': 'csharp', 'f#': 'fsharp', objc: 'objective-c', 'objective-c': 'objective-c',
  docker: 'dockerfile', make: 'makefile', golang: 'go', py: 'python', python3: 'python',
  yml: 'yaml', rb: 'ruby', rs: 'rust', kt: 'kotlin', ps: 'powershell', pwsh: 'powershell',
  html: 'html', xml: 'xml', svg: 'xml', md: 'markdown', tf: 'terraform', vim: 'viml',
  gql: 'graphql', proto: 'proto', protobuf: 'proto', patch: 'diff', env: 'dotenv',
};

function lastSegment(path: string): string {
  const parts = path.split(/[\\/]/);
  return (parts[parts.length - 1] ?? '').toLowerCase();
}

/** The language of a workspace file (`src/app.ts` → `typescript`), or null when none fits. */
export function languageForPath(path: string): string | null {
  const name = lastSegment(path);
  if (BY_FILENAME[name]) return BY_FILENAME[name]!;
  if (name.startsWith('.env')) return 'dotenv';
  if (name.startsWith('dockerfile.') || name.endsWith('.dockerfile')) return 'dockerfile';
  const dot = name.lastIndexOf('.');
  if (dot < 0) return null;
  return BY_EXTENSION[name.slice(dot + 1)] ?? null;
}

/** The language of a Markdown fence info string (`ts`, `TypeScript`, `c++ {1,3}`), or null. */
export function languageForFence(info: string): string | null {
  const name = info.trim().split(/[\s{]/)[0]?.toLowerCase() ?? '';
  if (!name) return null;
  if (Object.prototype.hasOwnProperty.call(LANGUAGE_LOADERS, name)) return name;
  if (Object.prototype.hasOwnProperty.call(FENCE_ALIASES, name)) return FENCE_ALIASES[name]!;
  return Object.prototype.hasOwnProperty.call(BY_EXTENSION, name) ? BY_EXTENSION[name]! : null;
}

/** A language id, a fence name or an extension, resolved to a loadable language id, or null. */
export function resolveLanguage(lang: string): string | null {
  return languageForFence(lang);
}
