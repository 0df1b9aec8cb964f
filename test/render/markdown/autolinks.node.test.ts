// Autolinks by GitHub's rules: which linkify-it matches count, and where a web link ends.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
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

test('the quick check before linkify-it changes no link: the corpus and tricky text render as without it', () => {
  const quick = markdownIt({ linkify: true });
  useGithubAutolinks(quick);
  const full = markdownIt({ linkify: true });
  useGithubAutolinks(full);
  // Every text goes through linkify-it's own test again, as before the quick check.
  full.linkify.test = (Object.getPrototypeOf(full.linkify) as typeof full.linkify).test.bind(full.linkify);
  assert.notEqual(quick.linkify.test, full.linkify.test);
  const tricky = [
    'WWW.A.EXAMPLE and Www.b.example/x',
    'mailto:me@a.example, MAILTO:you@b.example and me@a.example.',
    'ftp://a.example/f and HTTPS://B.EXAMPLE/y and http://[::1]:8080/',
    'crates.io, README.md, a.example.com, v@1.2.3, name@host',
    'a:b c://d //e.example @mention www',
    '| https://a.example | me@a.example |\n|---|---|\n| www.a.example | x |',
  ];
  const dir = fileURLToPath(new URL('../../../stories/fixtures/corpus/', import.meta.url));
  const docs = [
    ...tricky,
    ...readdirSync(dir)
      .filter((f) => f.endsWith('.md'))
      .map((f) => readFileSync(dir + f, 'utf8')),
  ];
  let links = 0;
  for (const doc of docs) {
    const html = quick.render(doc);
    assert.equal(html, full.render(doc), doc.slice(0, 80));
    links += html.split('<a href=').length - 1;
  }
  assert.ok(links > 100, `the documents hold autolinks and links (${links})`);
});
