// The builds' rewrite of markdown-it's lowered class fields (scripts/plain-fields.mjs): what it
// changes, that the classes it changes have no inherited property of those names (where an
// assignment and a definition would differ), and that the rewritten parser gives the same tokens
// and HTML as the published one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { plainFields } from '../../scripts/plain-fields.mjs';

const parse = (code: string) => parseAst(code);
const root = path.resolve(import.meta.dirname, '../..');
const published = path.join(root, 'node_modules/markdown-it/dist/markdown-it.mjs');

test('field initialisers on `this` become assignments; everything else stays, line for line', () => {
  const code = [
    'var A = class {',
    '  constructor(x) {',
    '    _defineProperty(',
    '      this,',
    '      /** a comment */',
    '      "map",',
    '      null',
    '    );',
    '    _defineProperty(this, "list", [',
    '      x,',
    '    ]);',
    '    _defineProperty(this, key, 1);',
    '    _defineProperty(this, "not-an-identifier", 1);',
    '    const y = _defineProperty(this, "value", 2);',
    '  }',
    '};',
    '_defineProperty(A, "Token", Token);',
    'const s = "_defineProperty(this, \\"inString\\", 1);";',
  ].join('\n');
  const out = plainFields(code, parse)!;
  assert.deepEqual(out.names, ['map', 'list']);
  const lines = out.code.split('\n');
  assert.equal(lines.length, code.split('\n').length, 'the line count is kept');
  assert.equal(lines[2], '    this.map = null;');
  assert.deepEqual(lines.slice(3, 8), ['', '', '', '', '']);
  assert.deepEqual(lines.slice(8, 11), ['    this.list = [', '      x,', '    ];']);
  assert.deepEqual(lines.slice(11), code.split('\n').slice(11), 'computed keys, odd names, used results, statics and strings are left alone');
  assert.equal(plainFields('const a = 1;', parse), null);
});

/** The published module and its rewrite, imported side by side (the rewrite next to it, so its imports resolve the same). */
async function bothModules(): Promise<{ names: string[]; original: typeof import('markdown-it'); rewritten: typeof import('markdown-it') }> {
  const source = readFileSync(published, 'utf8');
  const out = plainFields(source, parse);
  assert.ok(out, 'markdown-it has field initialisers to rewrite');
  const copy = path.join(path.dirname(published), `.plain-fields-${process.pid}.mjs`);
  writeFileSync(copy, out.code);
  try {
    const [original, rewritten] = await Promise.all([import(pathToFileURL(published).href), import(pathToFileURL(copy).href)]);
    return { names: out.names, original, rewritten };
  } finally {
    rmSync(copy, { force: true });
  }
}

test("markdown-it's rewritten fields are not inherited by any of its classes (so assigning them defines them)", async () => {
  const { names, original } = await bothModules();
  assert.ok(names.length >= 30, `${names.length} field names rewritten`);
  // Every class of the module: MarkdownIt (the default export wraps it) and the ones it carries as statics.
  const md = original.default as unknown as Record<string, { prototype: object }> & { prototype: object };
  const statics = ['Token', 'Ruler', 'Renderer', 'ParserCore', 'StateCore', 'ParserBlock', 'StateBlock', 'ParserInline', 'StateInline'];
  const classes: Record<string, { prototype: object }> = { MarkdownIt: md, ...Object.fromEntries(statics.map((name) => [name, md[name]!])) };
  const declared = readFileSync(published, 'utf8').match(/^var \w+ = class\b/gm) ?? [];
  assert.equal(declared.length, Object.keys(classes).length, `every class declared in the module is checked (${declared.join('; ')})`);
  for (const [name, cls] of Object.entries(classes)) {
    assert.equal(typeof cls?.prototype, 'object', `${name} is a class`);
    for (const field of names) assert.ok(!(field in cls.prototype), `${name}.prototype has no "${field}"`);
  }
  const source = readFileSync(published, 'utf8');
  assert.ok(!plainFields(source, parse)!.code.includes('_defineProperty(this'), 'no field initialiser is left');
});

test('the rewritten parser gives the same tokens and HTML as the published one (corpus, CommonMark spec)', async () => {
  const { original, rewritten } = await bothModules();
  const corpus = path.join(root, 'stories/fixtures/corpus');
  const docs = readdirSync(corpus).filter((f) => f.endsWith('.md'));
  assert.ok(docs.length >= 10);
  for (const options of [{ linkify: true }, { html: true, linkify: true, typographer: true }]) {
    const a = original.default(options);
    const b = rewritten.default(options);
    for (const file of docs) {
      const text = readFileSync(path.join(corpus, file), 'utf8');
      assert.equal(b.render(text), a.render(text), file);
      assert.deepEqual(JSON.parse(JSON.stringify(b.parse(text, {}))), JSON.parse(JSON.stringify(a.parse(text, {}))), `${file}: tokens`);
    }
  }
});
