// Emoji shortcodes: found only where a document may have them, added to the parser once their table is loaded.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import markdownIt from 'markdown-it';
import defs from 'markdown-it-emoji/lib/data/full.mjs';
import { mayHaveShortcodes, useEmoji } from '../../../src/render/markdown/emoji.ts';
import { documentChunks } from '../../../src/render/markdown/parser.ts';
import type { HtmlChunk } from '../../../src/render/markdown/protocol.ts';

test('something shaped like a shortcode is noticed; times and URLs are not', () => {
  assert.equal(mayHaveShortcodes('no shortcodes: here, 10:30 or a:b'), false);
  assert.equal(mayHaveShortcodes('party :tada:'), true);
  assert.equal(mayHaveShortcodes(':not_an_emoji:'), true);
});

test('shortcodes become emoji in text, not in code, links found by linkify or unknown names', () => {
  const md = markdownIt({ linkify: true });
  useEmoji(md, defs);
  assert.equal(md.render('Released :tada: and `:tada:`'), '<p>Released 🎉 and <code>:tada:</code></p>\n');
  assert.equal(md.render(':unknown_name: stays'), '<p>:unknown_name: stays</p>\n');
  assert.equal(md.render('https://a.example/:tada:/x'), '<p><a href="https://a.example/:tada:/x">https://a.example/:tada:/x</a></p>\n');
  // Shortcuts are off: `:)` stays as written.
  assert.equal(md.render(':) :+1:'), '<p>:) 👍</p>\n');
});

test('paragraphs without a shortcode are left alone, those with one are all replaced', () => {
  const md = markdownIt();
  useEmoji(md, defs);
  assert.equal(md.render('plain\n\n:rocket: one\n\nmore\n\ntwo :rocket: :fire:'), '<p>plain</p>\n<p>🚀 one</p>\n<p>more</p>\n<p>two 🚀 🔥</p>\n');
  assert.equal(md.render('- a :rocket:\n- b\n'), '<ul>\n<li>a 🚀</li>\n<li>b</li>\n</ul>\n');
});

test('a document that may use shortcodes gets them once the emoji table is loaded', async () => {
  const chunks: HtmlChunk[] = [];
  for await (const chunk of documentChunks('Released :tada: and `:tada:` in code', { nonce: 'N' })) chunks.push(chunk);
  assert.match(chunks[0]!.html, /Released 🎉 and <code[^>]*>:tada:<\/code>/);
});
