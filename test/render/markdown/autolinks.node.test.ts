// Autolinks by GitHub's rules: which linkify-it matches count, and where a web link ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import markdownIt from 'markdown-it';
import { gfmLinkEnd, githubAutolink, useGithubAutolinks } from '../../../src/render/markdown/autolinks.ts';

test('a web link ends before trailing punctuation, unmatched closing parentheses and a trailing entity', () => {
  const cases: Array<[string, string]> = [
    ['www.example.com.', 'www.example.com'],
    ['https://a.example/x?!.,:*_~', 'https://a.example/x'],
    ['https://a.example/wiki/Foo_(bar))', 'https://a.example/wiki/Foo_(bar)'],
    ['https://a.example/x)).', 'https://a.example/x'],
    ['https://a.example/x&amp;', 'https://a.example/x'],
    ['https://a.example/x&hl;.', 'https://a.example/x'],
    ['https://a.example/a<b', 'https://a.example/a'],
    ['https://a.example/a b', 'https://a.example/a'],
    ['https://a.example/q?a=1&b=2', 'https://a.example/q?a=1&b=2'],
  ];
  for (const [text, link] of cases) assert.equal(text.slice(0, gfmLinkEnd(text, 0)), link, text);
  assert.equal(gfmLinkEnd('see www.a.example, then', 4), 4 + 'www.a.example'.length);
});

test('GitHub links URLs of its schemes, www. addresses and plain e-mail addresses, nothing else', () => {
  const yes = [
    { schema: 'https:', raw: 'https://a.example' },
    { schema: 'ftp:', raw: 'ftp://a.example' },
    { schema: '', raw: 'www.a.example' },
    { schema: 'mailto:', raw: 'me@a.example' },
    { schema: 'mailto:', raw: 'mailto:me@a' },
  ];
  const no = [
    { schema: '', raw: 'crates.io' },
    { schema: '', raw: 'README.md' },
    { schema: '//', raw: '//a.example' },
    { schema: 'mailto:', raw: 'name@1.2.3' },
    { schema: 'skype:', raw: 'skype:me' },
  ];
  for (const m of yes) assert.equal(githubAutolink(m), true, m.raw);
  for (const m of no) assert.equal(githubAutolink(m), false, m.raw);
});

test('a markdown-it using them links as GitHub does', () => {
  const md = markdownIt({ linkify: true });
  useGithubAutolinks(md);
  const inline = (s: string) => md.renderInline(s);
  assert.equal(inline('Visit www.a.example.'), 'Visit <a href="http://www.a.example">www.a.example</a>.');
  assert.equal(inline('(see https://a.example/x)'), '(see <a href="https://a.example/x">https://a.example/x</a>)');
  assert.equal(inline('Write to me@a.example!'), 'Write to <a href="mailto:me@a.example">me@a.example</a>!');
  assert.equal(inline('crates.io and README.md and v@1.2.3'), 'crates.io and README.md and v@1.2.3');
  assert.equal(inline('https://a.example/x?!'), '<a href="https://a.example/x">https://a.example/x</a>?!');
});
