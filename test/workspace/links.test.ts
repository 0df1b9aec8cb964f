// Links in workspace documents: what an href stands for, the one workspace
// path a relative link resolves to, and that the renderer and the hosts read
// every link alike (tables and generated links, fast-check, seeded).
import { expect } from 'chai';
import fc from 'fast-check';
import { classifyHref, linkCandidates, resolveWorkspacePath, rootRelative } from '../../src/workspace/links.js';
import { checkWorkspacePath } from '../../src/workspace/paths.js';

const SEED = 20_260_105;

describe('classifyHref', () => {
  it('classifies hrefs', () => {
    expect(classifyHref('https://a.example/x', 'docs/a.md')).to.deep.equal({ kind: 'external', href: 'https://a.example/x' });
    expect(classifyHref('#Top', 'docs/a.md')).to.deep.equal({ kind: 'anchor', fragment: 'Top' });
    expect(classifyHref('b.md#x%20y', 'docs/a.md')).to.deep.equal({ kind: 'workspace', path: 'docs/b.md', fragment: 'x y' });
    expect(classifyHref('./c/../d.md?plain=1', 'docs/a.md')).to.deep.equal({ kind: 'workspace', path: 'docs/d.md', fragment: '' });
    expect(classifyHref('../../x.md', 'docs/a.md').kind).to.equal('none');
    expect(classifyHref('%2e%2e/%2e%2e/x.md', 'docs/a.md').kind).to.equal('none');
    expect(classifyHref('..%5c..%5cx.md', 'docs/a.md').kind).to.equal('none');
    expect(classifyHref('/../abs.md', 'docs/a.md').kind).to.equal('none');
    expect(classifyHref('C:/x.md', 'docs/a.md').kind).to.equal('none');
    expect(classifyHref('java\tscript:alert(1)', 'docs/a.md').kind).to.equal('none');
    expect(resolveWorkspacePath('', 'a/./b/../c.md')).to.equal('a/c.md');
  });

  it('a root-relative link is a workspace path from the workspace root, as the hosts read it', () => {
    expect(classifyHref('/docs/api.md', 'docs/guide.md')).to.deep.equal({ kind: 'workspace', path: 'docs/api.md', fragment: '' });
    expect(linkCandidates('docs/guide.md', '/docs/api.md')).to.deep.equal(['docs/api.md']);
  });

  it('a path no host would read is not a link (the hosts refuse it too)', () => {
    for (const href of ['.../x.md', 'a%252e.md', 'a%09b.md', 'c%3A/x', 'x%00.md', 'a/. ./b.md']) {
      expect(classifyHref(href, 'docs/guide.md').kind, href).to.equal('none');
      expect(linkCandidates('docs/guide.md', href), href).to.deep.equal([]);
    }
  });
});

describe('linkCandidates', () => {
  const table: Array<[string, string, string[]]> = [
    ['docs/guide.md', '../README.md', ['README.md']],
    ['docs/guide.md', 'api.md', ['docs/api.md']],
    // A link as written is relative to its document; it is never also guessed as resolved already.
    ['docs/guide.md', 'docs/api.md', ['docs/docs/api.md']],
    ['docs/guide.md', './api.md#x', ['docs/api.md']],
    ['docs/guide.md', '/top.md', ['top.md']],
    ['docs/guide.md', 'my%20file.md?raw=1', ['docs/my file.md']],
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

  it('the root-relative form of a path reads as that path from any document', () => {
    const segment = fc.oneof(fc.string({ minLength: 1, maxLength: 8 }), fc.constantFrom('a b', '50%', '#x', '?q', 'é', '%41', 'a;b', '...x'));
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.constantFrom('README.md', 'docs/guide.md', 'a/b/c/d.md'), (parts, from) => {
        const check = checkWorkspacePath(parts.join('/'));
        if (!check.ok) return true;
        expect(linkCandidates(from, rootRelative(check.path))).to.deep.equal([check.path]);
        return true;
      }),
      { seed: SEED, numRuns: 2_000 },
    );
  });

  it('reads every link as classifyHref does, and never yields a path that fails the rules (generated links)', () => {
    const piece = fc.constantFrom('..', '.', '/', 'a', 'b.md', '%2e', '%2f', '%00', '#', '?', '\\', 'http:', '//', '%25', 'C:', '%3A', ' ', '\t');
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 10 }).map((a) => a.join('')),
        fc.constantFrom('README.md', 'docs/guide.md', 'a/b/c/d.md'),
        (href, from) => {
          const candidates = linkCandidates(from, href);
          const target = classifyHref(href, from);
          expect(candidates).to.deep.equal(target.kind === 'workspace' ? [target.path] : []);
          return candidates.every((c) => checkWorkspacePath(c).ok && !c.split('/').includes('..'));
        },
      ),
      { seed: SEED, numRuns: 3_000 },
    );
  });
});
