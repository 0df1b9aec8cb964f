// Front matter: simple YAML shapes read as entries, taken only from the very start of a document.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFrontMatter } from '../../../src/render/markdown/front-matter.ts';
import { renderChunks } from '../../../src/render/markdown/render-chunks.ts';

const html = (src: string) => [...renderChunks(src, { nonce: 'N' })].map((c) => c.html).join('');

test('front matter: simple shapes become entries, anything else null', () => {
  const cases: Array<[string, unknown]> = [
    ['title: Hello', [['title', 'Hello']]],
    [
      "title: 'It''s'\nn: \"a\\tb\"",
      [
        ['title', "It's"],
        ['n', 'a\tb'],
      ],
    ],
    ['tags: [a, "b c"]', [['tags', ['a', 'b c']]]],
    [
      'list:\n  - x\n  - y\nafter: 1',
      [
        ['list', ['x', 'y']],
        ['after', '1'],
      ],
    ],
    ['# comment\nempty:', [['empty', '']]],
    ['nested:\n  key: value', null],
    ['text: |\n  block', null],
    ['anchor: &a 1', null],
    ['map: {a: 1}', null],
    ['- top level list', null],
    ['list:\n  - key: value', null],
  ];
  for (const [input, expected] of cases) assert.deepEqual(readFrontMatter(input), expected, input);
});

test('front matter is taken only from the very start of a document', () => {
  assert.match(html('---\ntitle: A\n---\n\nText'), /<table class="qa-front-matter"/);
  assert.doesNotMatch(html('Text\n\n---\ntitle: A\n---\n'), /qa-front-matter/);
  assert.doesNotMatch(html('---\nnot closed'), /qa-front-matter/);
});
