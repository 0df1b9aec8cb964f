// Workspace paths: their parts and short forms, the shared path rules
// (reasons, and the deny list on top of them) and generated inputs (fast-check, seeded) that must
// never produce a path leaving the workspace.
import { expect } from 'chai';
import fc from 'fast-check';
import {
  basename,
  checkReadablePath,
  checkWorkspacePath,
  dirname,
  elideSegments,
  extensionOf,
  isAbsolutePath,
  pathSegments,
  samePath,
  shortDirectory,
} from '../../src/workspace/paths.js';

const SEED = 20_260_105;

describe('path parts', () => {
  const table: Array<[string, string[], string, string, string]> = [
    // path, segments, basename, extension, dirname
    ['docs/guide.md', ['docs', 'guide.md'], 'guide.md', 'md', 'docs'],
    ['./a//b/./C.TSX', ['a', 'b', 'C.TSX'], 'C.TSX', 'tsx', 'a/b'],
    ['README', ['README'], 'README', '', ''],
    ['.env', ['.env'], '.env', '', ''],
    ['a/.config.json', ['a', '.config.json'], '.config.json', 'json', 'a'],
    ['win\\dir\\x.ts', ['win', 'dir', 'x.ts'], 'x.ts', 'ts', 'win/dir'],
    ['dir/', ['dir'], 'dir', '', ''],
    ['archive.tar.gz', ['archive.tar.gz'], 'archive.tar.gz', 'gz', ''],
    ['', [], '', '', ''],
  ];
  for (const [path, segments, base, ext, dir] of table) {
    it(JSON.stringify(path), () => {
      expect([pathSegments(path), basename(path), extensionOf(path), dirname(path)]).to.deep.equal([segments, base, ext, dir]);
    });
  }

  it('tells absolute host paths from workspace paths', () => {
    for (const p of ['/home/a', '~/a', '\\\\server\\share', 'C:\\x', 'c:/x']) expect(isAbsolutePath(p), p).to.equal(true);
    for (const p of ['docs/a.md', 'c:x', 'a/~b', '.hidden']) expect(isAbsolutePath(p), p).to.equal(false);
  });

  it('shortens a directory for a secondary line', () => {
    expect(shortDirectory('README.md')).to.equal('');
    expect(shortDirectory('docs/guide/install.md')).to.equal('docs / guide');
    expect(shortDirectory('a/b/c/d/e/f.md')).to.equal('a / … / d / e');
    expect(shortDirectory('a/b/c/d/e/f.md', 4)).to.equal('a / … / c / d / e');
    expect(shortDirectory('/home/me/project/docs/a.md')).to.equal('… / project / docs');
    expect(shortDirectory(`${'x'.repeat(40)}/a.md`)).to.have.length.below(40);
  });

  it('elides the middle of a segment list', () => {
    expect(elideSegments(['a', 'b', 'c'], 3, 1)).to.deep.equal(['a', 'b', 'c']);
    expect(elideSegments(['a', 'b', 'c', 'd', 'e'], 4, 2)).to.deep.equal(['a', null, 'd', 'e']);
  });

  it('samePath: one workspace path in any normalised form; anything else only itself', () => {
    expect(samePath('./docs//a.md', 'docs/a.md')).to.equal(true);
    expect(samePath('cafe\u0301.md', 'caf\u00e9.md')).to.equal(true);
    expect(samePath('docs/b.md', 'docs/a.md')).to.equal(false);
    expect(samePath('/etc/passwd', '/etc/passwd')).to.equal(true);
    expect(samePath('../a.md', 'a.md')).to.equal(false);
  });
});

describe('checkWorkspacePath', () => {
  const reasons: Array<[unknown, string]> = [
    ['', 'empty'],
    [null, 'empty'],
    [42, 'empty'],
    ['./', 'empty'],
    ['a'.repeat(5_000), 'too-long'],
    [Array.from({ length: 300 }, () => 'a').join('/'), 'too-long'],
    ['a\u0000b', 'nul'],
    ['a\nb', 'control'],
    ['a\u007fb', 'control'],
    ['a\\b', 'backslash'],
    ['/a', 'absolute'],
    ['https://example.com/a', 'absolute'],
    ['file:///etc/passwd', 'absolute'],
    ['C:/a', 'drive'],
    ['c:a', 'drive'],
    ['a.txt::$DATA', 'stream'],
    ['a.txt:$DATA', 'stream'],
    ['%2e%2e/a', 'encoded'],
    ['a%2Fb', 'encoded'],
    ['..', 'traversal'],
    ['a/../b', 'traversal'],
    ['a/...', 'traversal'],
    ['.. /a', 'traversal'],
  ];
  for (const [input, reason] of reasons) {
    it(`${JSON.stringify(input).slice(0, 40)} → ${reason}`, () => {
      expect(checkWorkspacePath(input)).to.deep.equal({ ok: false, reason });
    });
  }

  it('normalises dot and empty segments and keeps everything else byte for byte', () => {
    expect(checkWorkspacePath('./a//b/./c.md/')).to.deep.equal({ ok: true, path: 'a/b/c.md', segments: ['a', 'b', 'c.md'] });
    expect(checkWorkspacePath('文档/заметка 1.md')).to.deep.include({ ok: true, path: '文档/заметка 1.md' });
    expect(checkWorkspacePath('50%.md')).to.deep.include({ ok: true, path: '50%.md' });
    expect(checkWorkspacePath('..a/b..')).to.deep.include({ ok: true, path: '..a/b..' });
    expect(checkWorkspacePath('cafe\u0301.md')).to.deep.include({ ok: true, path: 'cafe\u0301.md' });
  });

  it('no generated input yields a path that climbs, is absolute, or carries a separator or NUL', () => {
    const pieces = fc.constantFrom('..', '.', '', '/', '\\', '%2e', '%2f', '%00', '\u0000', 'a', 'b.md', 'C:', ':', ' ', '~', '．', '%', '..%2f', '//');
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(pieces, { maxLength: 12 }).map((a) => a.join('')),
        ),
        (input) => {
          const c = checkWorkspacePath(input);
          if (!c.ok) return true;
          return (
            !c.path.startsWith('/') &&
            !c.path.includes('\\') &&
            !c.path.includes('\u0000') &&
            c.segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/^[. ]+$/.test(s)) &&
            c.segments.join('/') === c.path &&
            checkWorkspacePath(c.path).ok
          );
        },
      ),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});

describe('readable paths', () => {
  it('checkReadablePath adds the deny list to the rules', () => {
    expect(checkReadablePath('./.env')).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md', ['docs/'])).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md', [/\.md$/])).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md', [(p) => p.length > 3])).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md')).to.deep.include({ ok: true });
  });
});
