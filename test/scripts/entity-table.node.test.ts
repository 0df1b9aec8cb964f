// The builds' rewrite of the `entities` package (scripts/entity-table.mjs): importing the decoder
// no longer unpacks the HTML table, the first decode does, and the table it unpacks is the
// published one, so every name decodes as before. A package whose code changed shape fails the
// rewrite instead of shipping a table that is never filled.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { entityTableOnDemand } from '../../scripts/entity-table.mjs';

const parse = (code: string) => parseAst(code);
const root = path.resolve(import.meta.dirname, '../..');
const dist = path.join(root, 'node_modules/entities/dist');
const TABLE_FILE = 'generated/decode-data-html.js';
const DECODER_FILE = 'decode.js';

type Decoder = typeof import('entities/decode');

/** The published decoder and a copy of the package with the two modules rewritten, imported side by side. */
async function bothDecoders(): Promise<{ original: Decoder; rewritten: Decoder }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa-entities-'));
  try {
    const copy = path.join(dir, 'node_modules/entities/dist');
    cpSync(dist, copy, { recursive: true });
    for (const file of [TABLE_FILE, DECODER_FILE]) {
      const target = path.join(copy, file);
      const out = entityTableOnDemand(readFileSync(target, 'utf8'), target, parse);
      assert.ok(out, `${file} is rewritten`);
      writeFileSync(target, out);
    }
    const [original, rewritten] = await Promise.all([
      import(pathToFileURL(path.join(dist, DECODER_FILE)).href),
      import(pathToFileURL(path.join(copy, DECODER_FILE)).href),
    ]);
    return { original, rewritten };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test('the HTML table is unpacked by the first decode, not by the import, and is the published table', async () => {
  const { original, rewritten } = await bothDecoders();
  assert.equal(rewritten.htmlDecodeTree, null, 'imported, nothing unpacked');
  assert.equal(rewritten.decodeHTMLStrict('&copy;'), '\u00a9');
  assert.ok(rewritten.htmlDecodeTree instanceof Uint16Array, 'unpacked on first use');
  assert.deepEqual(rewritten.htmlDecodeTree, original.htmlDecodeTree, 'the same table as published');
  const first = rewritten.htmlDecodeTree;
  rewritten.decodeHTMLStrict('&amp;');
  assert.equal(rewritten.htmlDecodeTree, first, 'unpacked once');
});

test('every reference decodes as the published package decodes it', async () => {
  const { original, rewritten } = await bothDecoders();
  // Every reference in the CommonMark spec and the Markdown corpus, common ones, and some that are not names,
  // with and without `;`. (Equal tables and untouched decoding code give equal results for every name; this
  // checks that the two are wired the same.)
  const corpus = path.join(root, 'stories/fixtures/corpus');
  const texts = [readFileSync(path.join(root, 'node_modules/commonmark-spec/spec.txt'), 'utf8')];
  for (const file of readdirSync(corpus).filter((f) => f.endsWith('.md'))) texts.push(readFileSync(path.join(corpus, file), 'utf8'));
  const names = new Set(texts.flatMap((t) => t.match(/&[A-Za-z][A-Za-z0-9]*;?/g) ?? []));
  const common = [
    'nbsp',
    'lt',
    'gt',
    'quot',
    'apos',
    'mdash',
    'ndash',
    'hellip',
    'ldquo',
    'rdquo',
    'lsquo',
    'rsquo',
    'laquo',
    'raquo',
    'times',
    'divide',
    'sect',
    'para',
    'deg',
    'plusmn',
    'le',
    'ge',
    'ne',
    'rarr',
    'larr',
    'harr',
    'uarr',
    'darr',
    'check',
    'trade',
    'reg',
    'euro',
    'pound',
    'yen',
    'alpha',
    'Omega',
    'infin',
    'sum',
    'zwj',
    'zwnj',
    'shy',
    'lrm',
    'rlm',
  ];
  for (const name of common) names.add(`&${name};`);
  for (const extra of ['&amp', '&notin;', '&notit;', '&NotNestedGreaterGreater;', '&ThisIsNotDefined;', '&#x2603;', '&#9731;', '&&amp;;']) names.add(extra);
  assert.ok(names.size >= 80, `${names.size} references`);
  for (const ref of names) {
    for (const decode of ['decodeHTMLStrict', 'decodeHTML', 'decodeHTMLAttribute'] as const) {
      assert.equal(rewritten[decode](`a ${ref} b`), original[decode](`a ${ref} b`), `${decode}(${ref})`);
    }
  }
});

test('a package whose code changed shape is refused with a message', () => {
  const table = readFileSync(path.join(dist, TABLE_FILE), 'utf8');
  const decoder = readFileSync(path.join(dist, DECODER_FILE), 'utf8');
  const at = (file: string) => path.join(dist, file);
  const refused = /the "entities" package no longer has .*update the rewrite/;
  assert.throws(() => entityTableOnDemand(table.replace('export const htmlDecodeTree', 'export const htmlTree'), at(TABLE_FILE), parse), refused);
  assert.throws(() => entityTableOnDemand(`${decoder}\nexport const again = htmlDecodeTree;`, at(DECODER_FILE), parse), refused, 'a second read');
  assert.throws(() => entityTableOnDemand(`${decoder}\nconsole.log(htmlDecodeTree[0]);`, at(DECODER_FILE), parse), refused, 'a read that is not a declaration');
  assert.throws(
    () => entityTableOnDemand(decoder.replace('const decodeTree = htmlDecodeTree;', 'const decodeTree = xmlDecodeTree;'), at(DECODER_FILE), parse),
    refused,
    'no read',
  );
  assert.equal(entityTableOnDemand('export const x = 1;', path.join(root, 'node_modules/markdown-it/dist/markdown-it.mjs'), parse), null, 'other modules pass');
});
