// The builds' rewrite of the precompiled grammars (scripts/packed-grammars.mjs):
// the module it makes exports each grammar as transfer.ts packs it, with the
// groups no rule reads made non-capturing (scripts/unread-groups.mjs, tested
// in unread-groups.node.test.ts), and the expressions built from it are the
// published module's, but for those groups.
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
import { withoutUnreadGroups } from '../../scripts/unread-groups.mjs';
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
      assert.deepEqual(rewritten, JSON.parse(JSON.stringify(withoutUnreadGroups(packGrammar(original)).grammars)), lang);

      // The same expressions, but for groups made non-capturing (a rule's capture lists may move among its
      // keys, so they are compared in order of what they are).
      const described = (list: RegExp[]) =>
        list
          .map((r) => `${r.constructor.name} ${r.source.replaceAll('(?:', '(')} ${r.flags} ${r instanceof EmulatedRegExp ? JSON.stringify(r.rawOptions) : ''}`)
          .sort();
      const expected = regExps(original);
      const built = regExps(unpackGrammar(rewritten, shippedExpression));
      assert.ok(expected.length > 400, `${lang}: ${expected.length} expressions`);
      assert.deepEqual(described(built), described(expected), lang);
      // Smaller to parse, and not much bigger to ship.
      assert.ok(code.length < readFileSync(file, 'utf8').length * 1.5, `${lang}: ${code.length} characters`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
