// The builds' rewrite of the precompiled grammars (scripts/packed-grammars.mjs):
// the module it makes exports each grammar exactly as transfer.ts packs it,
// and the expressions built from it are the published module's, one for one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { EmulatedRegExp } from 'oniguruma-to-es';
import type { LanguageRegistration } from 'shiki/core';
import { PACKED, PRECOMPILED_GRAMMAR_MODULE, packedGrammarModule } from '../../scripts/packed-grammars.mjs';
import { PACKED as TRANSFER_PACKED, holdsPacked, packGrammar, unpackGrammar } from '../../src/render/highlight/transfer.ts';
import { PRECOMPILED_LANGUAGES } from '../../src/render/highlight/languages.ts';
import { shippedExpression } from '../../src/render/highlight/engine.ts';

const require = createRequire(import.meta.url);

/** Every regular expression in `v`, in a fixed order. */
function regExps(v: unknown, out: RegExp[] = []): RegExp[] {
  if (v instanceof RegExp) out.push(v);
  else if (v !== null && typeof v === 'object') for (const key of Object.keys(v)) regExps((v as Record<string, unknown>)[key], out);
  return out;
}

test('the packing key is the one transfer.ts reads', () => {
  assert.equal(PACKED, TRANSFER_PACKED);
});

test('each precompiled grammar, rewritten, is the grammar transfer.ts would send, and builds the same expressions', async () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'qa-packed-'));
  try {
    for (const lang of PRECOMPILED_LANGUAGES) {
      const file = require.resolve(`@shikijs/langs-precompiled/${lang}`).replace(/\\/g, '/');
      assert.match(file, PRECOMPILED_GRAMMAR_MODULE, `${lang}: the plugins rewrite its module`);
      const code = await packedGrammarModule(file);
      assert.ok(code, lang);
      assert.ok(!/^import\b/m.test(code), `${lang}: the rewritten module imports nothing`);
      const out = path.join(dir, `${lang}.mjs`);
      writeFileSync(out, code);
      const rewritten = (await import(pathToFileURL(out).href)).default as LanguageRegistration[];
      const original = (await import(pathToFileURL(file).href)).default as LanguageRegistration[];

      assert.ok(holdsPacked(rewritten) && regExps(rewritten).length === 0, `${lang}: every expression as text`);
      assert.ok(
        rewritten.every((g) => Object.isFrozen(g)),
        `${lang}: frozen as published`,
      );
      // JSON drops the published module's `undefined` fields (`embeddedLangs`, `aliases`): compared as JSON.
      assert.deepEqual(rewritten, JSON.parse(JSON.stringify(packGrammar(original))), lang);

      const expected = regExps(original);
      const built = regExps(unpackGrammar(rewritten, shippedExpression));
      assert.equal(built.length, expected.length, lang);
      assert.ok(expected.length > 400, `${lang}: ${expected.length} expressions`);
      built.forEach((r, i) => {
        const o = expected[i]!;
        assert.equal(r.constructor, o.constructor, `${lang} pattern ${i}`);
        assert.equal(r.source, o.source);
        assert.equal(r.flags, o.flags);
        if (o instanceof EmulatedRegExp) assert.deepEqual((r as EmulatedRegExp).rawOptions, o.rawOptions);
      });
      // Smaller to parse, and not much bigger to ship.
      assert.ok(code.length < readFileSync(file, 'utf8').length * 1.5, `${lang}: ${code.length} characters`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
