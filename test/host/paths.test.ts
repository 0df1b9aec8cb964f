// The shared path rules: reasons, deny patterns, link candidates, and
// generated inputs (fast-check, seeded) that must never produce a path
// leaving the workspace.
import { expect } from 'chai';
import fc from 'fast-check';
import { checkReadablePath, checkWorkspacePath, DEFAULT_DENY, isDeniedPath, linkCandidates, matchesDenyPattern } from '../../src/host/index.js';

const SEED = 20_260_105;

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
      fc.property(fc.oneof(fc.string(), fc.array(pieces, { maxLength: 12 }).map((a) => a.join(''))), (input) => {
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
      }),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});

describe('deny list', () => {
  const denied = ['.git', '.git/config', 'a/.git/HEAD', '.env', '.env.production', 'a/.ENV.local', 'cert.pem', 'keys/cert.PEM', 'x.key', 'id_rsa', 'id_rsa.pub', 'home/.ssh/config', 'id_ed25519', 'store.p12', '.npmrc'];
  const allowed = ['README.md', 'git/config', '.github/workflows/ci.yml', '.gitignore', 'environment.md', 'docs/env.md', 'keys.md', 'pem.txt', 'my_id_rsa_notes.md', 'a.keys'];
  for (const p of denied) it(`default denies ${p}`, () => expect(isDeniedPath(p)).to.equal(true));
  for (const p of allowed) it(`default allows ${p}`, () => expect(isDeniedPath(p)).to.equal(false));

  it('has the documented defaults', () => {
    for (const p of ['.git/', '.env*', '*.pem', '*.key', 'id_rsa*']) expect(DEFAULT_DENY).to.include(p);
  });

  it('pattern forms: directory, any segment, whole path with * and **', () => {
    expect(matchesDenyPattern('a/build/x.js', 'build/')).to.equal(true);
    expect(matchesDenyPattern('a/build.js', 'build/')).to.equal(false);
    expect(matchesDenyPattern('a/b/secret.txt', 'secret.*')).to.equal(true);
    expect(matchesDenyPattern('config/prod.json', 'config/*.json')).to.equal(true);
    expect(matchesDenyPattern('config/a/prod.json', 'config/*.json')).to.equal(false);
    expect(matchesDenyPattern('config/a/prod.json', 'config/**')).to.equal(true);
    expect(matchesDenyPattern('private/x/y', 'private/')).to.equal(true);
    expect(matchesDenyPattern('a/private/x', 'private/**')).to.equal(false);
    expect(matchesDenyPattern('a+b.md', 'a+b.md')).to.equal(true);
    expect(matchesDenyPattern('aab.md', 'a+b.md')).to.equal(false);
  });

  it('checkReadablePath adds the deny list to the rules', () => {
    expect(checkReadablePath('./.env')).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md', ['docs/'])).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md', [/\.md$/])).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md', [(p) => p.length > 3])).to.deep.equal({ ok: false, reason: 'denied' });
    expect(checkReadablePath('docs/a.md')).to.deep.include({ ok: true });
  });
});

describe('linkCandidates', () => {
  const table: Array<[string, string, string[]]> = [
    ['docs/guide.md', '../README.md', ['README.md']],
    ['docs/guide.md', 'api.md', ['api.md', 'docs/api.md']],
    ['docs/guide.md', 'docs/api.md', ['docs/api.md', 'docs/docs/api.md']],
    ['docs/guide.md', './api.md#x', ['docs/api.md']],
    ['docs/guide.md', '/top.md', ['top.md']],
    ['docs/guide.md', 'my%20file.md?raw=1', ['my file.md', 'docs/my file.md']],
    ['docs/guide.md', '../../x.md', []],
    ['docs/guide.md', 'https://a.example/x.md', []],
    ['docs/guide.md', 'mailto:a@b.c', []],
    ['docs/guide.md', '//a.example/x', []],
    ['docs/guide.md', '#only', []],
    ['docs/guide.md', '..\\x.md', []],
    ['docs/guide.md', '%E0%A4%A', []],
    ['../bad.md', 'x.md', []],
  ];
  for (const [from, href, expected] of table) {
    it(`${href} from ${from}`, () => expect(linkCandidates(from, href)).to.deep.equal(expected));
  }

  it('never yields a candidate that fails the rules (generated links)', () => {
    const piece = fc.constantFrom('..', '.', '/', 'a', 'b.md', '%2e', '%2f', '%00', '#', '?', '\\', 'http:', '//', '%25');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }).map((a) => a.join('')), fc.constantFrom('README.md', 'docs/guide.md', 'a/b/c/d.md'), (href, from) =>
        linkCandidates(from, href).every((c) => checkWorkspacePath(c).ok && !c.split('/').includes('..')),
      ),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});
