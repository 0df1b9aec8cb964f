// Which grammar colours a fence, and the grammar modules themselves: every
// loader is imported here for real, as the page would import it. Plain Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { LANGUAGE_LOADERS, PRECOMPILED_LANGUAGES, languageForFence, resolveLanguage } from '../../../src/render/highlight/languages.ts';

const ALIASES = [
  'shell',
  'console',
  'shellsession',
  'sh',
  'bash',
  'zsh',
  'node',
  'c++',
  'c#',
  'f#',
  'objc',
  'docker',
  'make',
  'golang',
  'py',
  'python3',
  'yml',
  'rb',
  'rs',
  'kt',
  'ps',
  'pwsh',
  'svg',
  'md',
  'tf',
  'vim',
  'gql',
  'protobuf',
  'patch',
  'env',
];

/** True when a value somewhere in `v` is a regular expression. */
function holdsRegExp(v: unknown): boolean {
  if (v instanceof RegExp) return true;
  if (v === null || typeof v !== 'object') return false;
  return Object.values(v).some(holdsRegExp);
}

test('every fence alias names a language that has a grammar', () => {
  for (const alias of ALIASES) {
    const lang = languageForFence(alias);
    assert.ok(lang !== null && Object.hasOwn(LANGUAGE_LOADERS, lang), `${alias} → ${lang}`);
  }
});

test('a fence info string is read by its first word, in any case, attributes aside', () => {
  const rows: Array<[string, string | null]> = [
    ['  Python  ', 'python'],
    ['python title="x.py"', 'python'],
    ['rust{1,3}', 'rust'],
    ['C++ {2}', 'cpp'],
    ['JSONC', 'jsonc'],
    ['rs', 'rust'],
    ['mjs', 'javascript'],
    ['{.ts}', null],
    ['hasOwnProperty', null],
    ['valueOf', null],
  ];
  for (const [info, lang] of rows) assert.equal(languageForFence(info), lang, info);
  assert.equal(resolveLanguage('TSX'), 'tsx');
  assert.equal(resolveLanguage('yml'), 'yaml');
});

test('every loader imports a grammar for its own language', async () => {
  for (const [id, load] of Object.entries(LANGUAGE_LOADERS)) {
    const grammars = (await load()).default;
    assert.ok(Array.isArray(grammars) && grammars.length > 0, id);
    const names = grammars.flatMap((g) => [g.name, ...(g.aliases ?? [])]);
    assert.ok(names.includes(id), `${id}: ${grammars.map((g) => g.name).join(', ')}`);
  }
});

test('the precompiled languages are exactly the ones whose grammar holds regular expressions', async () => {
  const withRegExps: string[] = [];
  for (const [id, load] of Object.entries(LANGUAGE_LOADERS)) if (holdsRegExp((await load()).default)) withRegExps.push(id);
  assert.deepEqual(withRegExps.sort(), [...PRECOMPILED_LANGUAGES].sort());
});
