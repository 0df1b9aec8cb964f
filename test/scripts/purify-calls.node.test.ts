// The builds' rewrite of DOMPurify (scripts/purify-calls.mjs): every method wrapper becomes the
// built-in `call` bound to the method, and the regular-expression test calls through one; nothing
// else of the module changes, and the rewritten module still evaluates. A DOMPurify whose code
// changed shape fails the rewrite. (That it sanitizes as published is checked in the browser:
// test/render/sanitize/purify-calls.test.ts.)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseAst } from 'rolldown/parseAst';
import { purifyCalls } from '../../scripts/purify-calls.mjs';

const parse = (code: string) => parseAst(code);
const root = path.resolve(import.meta.dirname, '../..');
const published = readFileSync(path.join(root, 'node_modules/dompurify/dist/purify.es.mjs'), 'utf8');

test('the wrappers become bound calls, and nothing else changes', () => {
  const out = purifyCalls(published, parse);
  assert.match(out, /function unapply\(func\) \{\n\treturn apply\(Function\.prototype\.bind, Function\.prototype\.call, \[func\]\);\n\}/);
  assert.doesNotMatch(out, /return apply\(func, thisArg, args\)/);
  assert.match(out, /const regExpTestRaw = RegExp\.prototype\.test;\nconst regExpTestCall = unapply\(regExpTestRaw\);/);
  assert.match(out, /return regExpTestCall\(regExp, value\);/);
  assert.doesNotMatch(out, /\bapply\(regExpTestRaw/);
  // Outside the two functions and the one added line, the module is as published.
  const strip = (code: string) =>
    code
      .replace(/function unapply\(func\) \{[^]*?\n\}\n/, '')
      .replace('\nconst regExpTestCall = unapply(regExpTestRaw);', '')
      .replace(/return (apply\(regExpTestRaw, regExp, \[value\]\)|regExpTestCall\(regExp, value\));/, '');
  assert.equal(strip(out), strip(published));
  assert.ok(out.startsWith('/*! @license DOMPurify'), 'the licence header is kept');
});

test('the rewritten module evaluates, and its wrappers call the method with the same arguments', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa-purify-'));
  try {
    // The wrappers are not exported: the test appends an export of a few of them to a copy of the module.
    const file = path.join(dir, 'purify.mjs');
    writeFileSync(file, `${purifyCalls(published, parse)}\nexport { stringReplace, arrayPush, regExpTest, objectHasOwnProperty };\n`);
    const m = (await import(pathToFileURL(file).href)) as {
      default: { version: string; isSupported: boolean };
      stringReplace(s: string, ...args: unknown[]): string;
      arrayPush(a: unknown[], ...items: unknown[]): number;
      regExpTest(re: RegExp, value: string): boolean;
      objectHasOwnProperty(o: object, key: string): boolean;
    };
    assert.equal(m.default.version, '3.5.0');
    assert.equal(
      m.stringReplace('a-b-c', /-/g, (s: string, at: number) => `${s}${at}`),
      'a-1b-3c',
    );
    const list: unknown[] = [1];
    assert.equal(m.arrayPush(list, 2, 3), 3);
    assert.deepEqual(list, [1, 2, 3], 'every argument passed on, none added');
    const sticky = /a/g;
    assert.ok(m.regExpTest(sticky, 'a') && m.regExpTest(sticky, 'a'), 'lastIndex reset before each test');
    assert.equal(m.objectHasOwnProperty({ x: 1 }, 'x'), true);
    assert.equal(m.objectHasOwnProperty(Object.create({ x: 1 }) as object, 'x'), false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a DOMPurify whose code changed shape is refused with a message', () => {
  const refused = /DOMPurify no longer has .*update the rewrite/;
  assert.throws(() => purifyCalls(published.replace('function unapply(func)', 'function unwrap(func)'), parse), refused, 'no unapply');
  assert.throws(
    () => purifyCalls(published.replace('return apply(func, thisArg, args);', 'return func.apply(thisArg, args);'), parse),
    refused,
    'another body',
  );
  assert.throws(
    () => purifyCalls(published.replace('apply(regExpTestRaw, regExp, [value])', 'regExpTestRaw.call(regExp, value)'), parse),
    refused,
    'another test',
  );
  assert.throws(() => purifyCalls(`${published}\nfunction unapply(f) { return function (t) { return apply(f, t, []); }; }`, parse), refused, 'two');
});
