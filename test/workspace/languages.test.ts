// What a file's name says about it: its language, whether it opens Rendered,
// its media type and the language's display name; one table for all of them.
import { expect } from 'chai';
import { LANGUAGE_LOADERS } from '../../src/render/highlight/languages.js';
import {
  isBinaryMime,
  isMarkdownPath,
  languageForExtension,
  languageForPath,
  languageName,
  MARKDOWN_EXTENSIONS,
  mimeForPath,
} from '../../src/workspace/languages.js';

describe('workspace languages', () => {
  it('maps extensions and well-known file names', () => {
    const table: Array<[string, string | null]> = [
      ['src/app.ts', 'typescript'],
      ['a/b/C.TSX', 'tsx'],
      ['x.mjs', 'javascript'],
      ['README.md', 'markdown'],
      ['docs/guide.markdown', 'markdown'],
      ['main.py', 'python'],
      ['lib.rs', 'rust'],
      ['Dockerfile', 'dockerfile'],
      ['build/Makefile', 'makefile'],
      ['.env.local', 'dotenv'],
      ['conf.yml', 'yaml'],
      ['x.unknownext', null],
      ['LICENSE', null],
      ['notes.txt', null],
    ];
    for (const [path, lang] of table) expect(languageForPath(path), path).to.equal(lang);
  });

  it('every extension that opens Rendered is Markdown in Raw too, with the Markdown media type', () => {
    expect([...MARKDOWN_EXTENSIONS].sort()).to.deep.equal(['markdown', 'md', 'mdown', 'mkd', 'mkdn']);
    for (const ext of MARKDOWN_EXTENSIONS) {
      expect(isMarkdownPath(`docs/notes.${ext.toUpperCase()}`), ext).to.equal(true);
      expect(languageForPath(`docs/notes.${ext}`), ext).to.equal('markdown');
      expect(mimeForPath(`docs/notes.${ext}`), ext).to.equal('text/markdown');
    }
    expect(isMarkdownPath('page.mdx')).to.equal(false);
  });

  it('every language a name maps to has a grammar to load', () => {
    const names = ['a.ts', 'a.py', 'Dockerfile', '.env', 'a.mkdn', 'tsconfig.json', 'a.vue', 'x.Dockerfile', 'CMakeLists.txt'];
    for (const n of names) expect(LANGUAGE_LOADERS, n).to.have.property(languageForPath(n)!);
  });

  it('names that are Object properties are not languages', () => {
    for (const n of ['x.constructor', 'x.__proto__', 'constructor', 'hasownproperty', 'x.toString']) expect(languageForPath(n), n).to.equal(null);
    expect(languageForExtension('constructor')).to.equal(null);
    expect(mimeForPath('x.constructor')).to.equal('text/plain');
  });

  it('gives media types by name', () => {
    const table: Array<[string, string]> = [
      ['README.md', 'text/markdown'],
      ['a.json', 'application/json'],
      ['tsconfig.json', 'application/json'],
      ['a.mts', 'text/typescript'],
      ['logo.svg', 'image/svg+xml'],
      ['CMakeLists.txt', 'text/plain'],
      ['data.csv', 'text/csv'],
      ['run.sh', 'text/x-shellscript'],
      ['LICENSE', 'text/plain'],
      ['a.unknownext', 'text/plain'],
    ];
    for (const [path, mime] of table) expect(mimeForPath(path), path).to.equal(mime);
  });

  it('tells binary media types from text ones', () => {
    for (const m of ['image/png', 'application/octet-stream', 'application/zip']) expect(isBinaryMime(m), m).to.equal(true);
    for (const m of [undefined, '', 'text/plain', 'application/json; charset=utf-8', 'image/svg+xml', 'application/vnd.api+json'])
      expect(isBinaryMime(m), String(m)).to.equal(false);
  });

  it('names languages as people do', () => {
    expect([languageName('typescript'), languageName('csharp'), languageName('rust')]).to.deep.equal(['TypeScript', 'C#', 'Rust']);
  });
});
