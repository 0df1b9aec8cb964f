/**
 * What a file's name says about it: its language (for colouring and the
 * header), whether it opens Rendered, and its media type. One table, so the
 * extensions that open Rendered are always known languages in Raw.
 *
 * Pure: no DOM and no Node APIs.
 */
import { basename, extensionOf } from './paths.js';

/** Extensions (lower case, no dot) → language id, one line per language. */
// prettier-ignore
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
  md: 'markdown', markdown: 'markdown', mdown: 'markdown', mkd: 'markdown', mkdn: 'markdown',
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

/** The language id of an extension or fence name in lower case (`ts` → `typescript`), or null. */
export function languageForExtension(ext: string): string | null {
  return Object.prototype.hasOwnProperty.call(BY_EXTENSION, ext) ? BY_EXTENSION[ext]! : null;
}

/** The language of a workspace file (`src/app.ts` → `typescript`), or null when none fits. */
export function languageForPath(path: string): string | null {
  const name = basename(path).toLowerCase();
  if (Object.prototype.hasOwnProperty.call(BY_FILENAME, name)) return BY_FILENAME[name]!;
  if (name.startsWith('.env')) return 'dotenv';
  if (name.startsWith('dockerfile.') || name.endsWith('.dockerfile')) return 'dockerfile';
  return languageForExtension(extensionOf(name));
}

/** Extensions that open Rendered by default: every extension of the Markdown language. */
export const MARKDOWN_EXTENSIONS: ReadonlySet<string> = new Set(Object.keys(BY_EXTENSION).filter((ext) => BY_EXTENSION[ext] === 'markdown'));

/** True for a Markdown file (by extension): it opens Rendered. */
export function isMarkdownPath(path: string): boolean {
  return MARKDOWN_EXTENSIONS.has(extensionOf(path));
}

/** Media types by language; a few extensions have their own below. */
const MIME_BY_LANGUAGE: Readonly<Record<string, string>> = {
  markdown: 'text/markdown',
  mdx: 'text/markdown',
  json: 'application/json',
  jsonc: 'application/json',
  javascript: 'text/javascript',
  typescript: 'text/typescript',
  tsx: 'text/tsx',
  jsx: 'text/jsx',
  css: 'text/css',
  html: 'text/html',
  xml: 'application/xml',
  yaml: 'application/yaml',
  toml: 'application/toml',
  python: 'text/x-python',
  csharp: 'text/x-csharp',
  java: 'text/x-java',
  go: 'text/x-go',
  rust: 'text/x-rust',
  shellscript: 'text/x-shellscript',
  sql: 'application/sql',
};

const MIME_BY_EXTENSION: Readonly<Record<string, string>> = {
  txt: 'text/plain',
  csv: 'text/csv',
  svg: 'image/svg+xml',
};

/**
 * The media type of a text file by its name (`text/plain` when unknown).
 * Informational only: the kit never renders content by its type other than
 * choosing Markdown vs raw.
 */
export function mimeForPath(path: string): string {
  const ext = extensionOf(path);
  if (Object.prototype.hasOwnProperty.call(MIME_BY_EXTENSION, ext)) return MIME_BY_EXTENSION[ext]!;
  const lang = languageForPath(path);
  return lang !== null && Object.prototype.hasOwnProperty.call(MIME_BY_LANGUAGE, lang) ? MIME_BY_LANGUAGE[lang]! : 'text/plain';
}

const TEXT_MIME =
  /^(text\/|application\/(json|ld\+json|xml|javascript|ecmascript|x-javascript|typescript|x-typescript|yaml|x-yaml|toml|x-toml|x-sh|x-shellscript|sql|graphql|x-httpd-php|x-ndjson|csv|manifest\+json|x-www-form-urlencoded)\b|[a-z]+\/[\w.+-]*\+(json|xml)\b|image\/svg\+xml)/i;

/** True when the host's MIME type says the content is not text (images, archives, `application/octet-stream`…). */
export function isBinaryMime(mime: string | undefined): boolean {
  if (!mime) return false;
  const m = mime.trim().toLowerCase();
  if (m === '') return false;
  return !TEXT_MIME.test(m);
}

/** Names of languages whose id does not read as the name (`csharp`, `typescript`), for the header. */
const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  bat: 'Batch',
  cpp: 'C++',
  csharp: 'C#',
  css: 'CSS',
  dotenv: '.env',
  fsharp: 'F#',
  graphql: 'GraphQL',
  hcl: 'HCL',
  html: 'HTML',
  http: 'HTTP',
  ini: 'INI',
  javascript: 'JavaScript',
  json: 'JSON',
  json5: 'JSON5',
  jsonc: 'JSON with comments',
  jsonl: 'JSON Lines',
  jsx: 'JSX',
  latex: 'LaTeX',
  objc: 'Objective-C',
  'objective-c': 'Objective-C',
  php: 'PHP',
  powershell: 'PowerShell',
  scss: 'SCSS',
  shellscript: 'Shell',
  sql: 'SQL',
  svelte: 'Svelte',
  toml: 'TOML',
  tsx: 'TSX',
  typescript: 'TypeScript',
  vue: 'Vue',
  xml: 'XML',
  yaml: 'YAML',
};

/** A language id (`typescript`) as people name it (`TypeScript`). */
export function languageName(id: string): string {
  return LANGUAGE_NAMES[id] ?? id.charAt(0).toUpperCase() + id.slice(1);
}
