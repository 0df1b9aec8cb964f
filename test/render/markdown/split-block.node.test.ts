// Long lists and tables cut into pieces that are each a complete list or table.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Token } from 'markdown-it';
import { getParser } from '../../../src/render/markdown/setup.ts';
import { splitBlock, type TokenFactory } from '../../../src/render/markdown/split-block.ts';

function topBlock(source: string): { block: Token[]; make: TokenFactory; sizeOf: (t: Token) => number } {
  const md = getParser();
  const state = new md.core.State(source, md, { qaNonce: 'N' });
  md.block.parse(source, md, state.env, state.tokens);
  const lines = source.split('\n');
  const sizeOf = (t: Token) => (t.map ? lines.slice(t.map[0], t.map[1]).join('\n').length + 1 : 0);
  return { block: state.tokens, make: (type, tag, nesting) => new state.Token(type, tag, nesting), sizeOf };
}

test('a long ordered list is cut between items; the pieces keep counting and cover the list', () => {
  const source = Array.from({ length: 300 }, (_, i) => `${i + 3}. item ${i + 3} with some words`).join('\n');
  const { block, make, sizeOf } = topBlock(source);
  const pieces = splitBlock(block, 1_000, sizeOf, make)!;
  assert.ok(pieces.length >= 5, `${pieces.length} pieces`);
  let items = 0;
  let line = 0;
  for (const [p, { tokens, span }] of pieces.entries()) {
    assert.equal(tokens[0]!.type, 'ordered_list_open');
    assert.equal(tokens.at(-1)!.type, 'ordered_list_close');
    assert.equal(tokens[0]!.attrGet('start') === null ? 3 : Number(tokens[0]!.attrGet('start')), p === 0 ? 3 : 3 + items);
    assert.equal(span[0], line, 'the pieces follow each other without a gap');
    line = span[1];
    items += tokens.filter((t) => t.type === 'list_item_open').length;
  }
  assert.equal(items, 300);
  assert.equal(line, 300);
  // The first piece keeps the list's own open token, the last its close token; the others are copies.
  assert.equal(pieces[0]!.tokens[0], block[0]);
  assert.equal(pieces.at(-1)!.tokens.at(-1), block.at(-1));
  assert.notEqual(pieces[1]!.tokens[0], block[0]);
  assert.equal(String(block[0]!.attrGet('start')), '3', 'the original is left as it was');
});

test('a long table is cut between body rows; only the first piece has the head', () => {
  const source = `| a | b |\n|---|---|\n${Array.from({ length: 400 }, (_, i) => `| ${i} | row ${i} |`).join('\n')}`;
  const { block, make, sizeOf } = topBlock(source);
  const pieces = splitBlock(block, 1_000, sizeOf, make)!;
  assert.ok(pieces.length >= 5);
  const types = pieces.map((p) => p.tokens.map((t) => t.type));
  assert.ok(types[0]!.includes('thead_open'));
  for (const t of types.slice(1)) {
    assert.deepEqual(t.slice(0, 2), ['table_open', 'tbody_open']);
    assert.ok(!t.includes('thead_open'));
  }
  for (const t of types) assert.deepEqual(t.slice(-2), ['tbody_close', 'table_close']);
  assert.equal(types.flat().filter((t) => t === 'tr_open').length, 401);
  assert.equal(pieces[0]!.span[0], 0);
});

test('what cannot be cut is not: a paragraph, a one-item list, a table with one row', () => {
  for (const source of ['a paragraph\nof two lines', `- ${'long item '.repeat(500)}`, `| a |\n|---|\n| ${'x'.repeat(5_000)} |`]) {
    const { block, make, sizeOf } = topBlock(source);
    assert.equal(splitBlock(block, 100, sizeOf, make), null, source.slice(0, 20));
  }
});
