// YAML front matter (src/render/markdown/front-matter.ts): which leading
// blocks are front matter (a YAML mapping at the very start, closed by ---
// or ...), the simple shapes the reader takes, and null for anything richer.
import { expect } from 'chai';
import MarkdownIt from 'markdown-it';
import { frontMatterPlugin, isYamlMapping, readFrontMatter } from '../../../src/render/markdown/front-matter.js';

describe('render/markdown/front-matter', () => {
  describe('readFrontMatter', () => {
    it('reads scalars, quoted scalars, flow lists and block lists, skipping comments and blank lines', () => {
      const text = [
        'title: Getting started',
        '# a comment',
        '',
        "single: 'it''s'",
        'double: "tab\\there"',
        'empty:',
        'nothing: ~',
        'tags: [a, "b c", \'d\']',
        'authors:',
        '  - Ann',
        '',
        '  - "Bob"',
        'date: 2026-01-01 # trailing comment',
      ].join('\n');
      expect(readFrontMatter(text)).to.deep.equal([
        ['title', 'Getting started'],
        ['single', "it's"],
        ['double', 'tab\there'],
        ['empty', ''],
        ['nothing', ''],
        ['tags', ['a', 'b c', 'd']],
        ['authors', ['Ann', 'Bob']],
        ['date', '2026-01-01'],
      ]);
    });

    it('an empty flow list and an unindented block list; a nested flow list is kept as its text', () => {
      expect(readFrontMatter('a: []\nb:\n- x\n- y\nc: [[1], 2]')).to.deep.equal([
        ['a', []],
        ['b', ['x', 'y']],
        ['c', '[[1], 2]'],
      ]);
    });

    it('is null for what it does not take: nested maps, block scalars, anchors, tags, unclosed quotes', () => {
      for (const text of [
        'a:\n  b: 1',
        'a: |\n  text',
        'a: >',
        'a: &x 1',
        'a: *x',
        'a: !tag 1',
        'a: {b: 1}',
        'a: "open',
        "a: 'open",
        'a:\n  - b: 1',
        'not a key line',
      ]) {
        expect(readFrontMatter(text), JSON.stringify(text)).to.equal(null);
      }
    });
  });

  describe('isYamlMapping', () => {
    it('is true for keys at the start of lines, continued by indented lines or a list under a key', () => {
      for (const text of ['a: 1', 'a: 1\nb:\n  - x', 'a:\n- x\n- y', '"quoted key": 1', '? complex', '{a: 1}', '# note\na: 1  # c']) {
        expect(isYamlMapping(text), JSON.stringify(text)).to.equal(true);
      }
    });

    it('is false for a scalar, a top-level list, indentation first, or nothing', () => {
      for (const text of ['Foo', '- a\n- b', '  a: 1', '', '# only a comment', '{a: 1', 'a: 1\nplain text']) {
        expect(isYamlMapping(text), JSON.stringify(text)).to.equal(false);
      }
    });
  });

  describe('frontMatterPlugin', () => {
    const md = new MarkdownIt().use(frontMatterPlugin);
    const tokens = (src: string) => md.parse(src, {});

    it('takes a leading mapping closed by --- or ... out of the flow as one hidden token', () => {
      for (const close of ['---', '...']) {
        const t = tokens(`---\ntitle: T\ntags: [a]\n${close}\n# Heading\n`);
        expect(t[0]!.type).to.equal('front_matter');
        expect(t[0]!.content).to.equal('title: T\ntags: [a]');
        expect(t[0]!.map).to.deep.equal([0, 4]);
        expect(t[0]!.hidden).to.equal(true);
        expect(t[1]!.type).to.equal('heading_open');
      }
    });

    it('leaves Markdown alone: not at the start, not a mapping, never closed, or indented', () => {
      for (const src of ['# H\n---\na: 1\n---\n', '---\nFoo\n---\n', '---\na: 1\n', ' ---\na: 1\n---\n', '---\n- a\n---\n']) {
        expect(
          tokens(src).some((x) => x.type === 'front_matter'),
          JSON.stringify(src),
        ).to.equal(false);
      }
    });

    it('an empty block is not front matter (a thematic break)', () => {
      expect(tokens('---\n---\ntext').some((x) => x.type === 'front_matter')).to.equal(false);
    });
  });
});
