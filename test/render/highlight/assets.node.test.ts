// Grammars and themes as the page loads them (plain Node, the real modules):
// each loaded once, unknown ids and failed loads giving null with at most one
// warning, and nothing looked up on the prototype.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loadGrammar, loadThemes, PAGE_ASSETS } from '../../../src/render/highlight/assets.ts';
import { LANGUAGE_LOADERS } from '../../../src/render/highlight/languages.ts';

test('a grammar is loaded once, with the grammars it embeds', async () => {
  const first = loadGrammar('html');
  assert.equal(loadGrammar('html'), first, 'the same promise for the same id');
  const grammars = await first;
  assert.deepEqual(grammars?.map((g) => g.name).sort(), ['css', 'html', 'javascript'], 'HTML embeds the CSS and JavaScript grammars');
  assert.equal(PAGE_ASSETS.language, loadGrammar);
});

test('an unknown id, or one only the prototype knows, is null without a warning', async (t) => {
  const warn = t.mock.method(console, 'warn', () => undefined);
  for (const id of ['no-such-language', '__proto__', 'constructor', 'toString', 'hasOwnProperty']) {
    assert.equal(await loadGrammar(id), null, id);
  }
  assert.equal(warn.mock.callCount(), 0);
});

test('a grammar that cannot be loaded is null, with one warning naming it', async (t) => {
  const warn = t.mock.method(console, 'warn', () => undefined);
  const loaders = LANGUAGE_LOADERS as Record<string, () => Promise<never>>;
  loaders['test-missing-chunk'] = () => Promise.reject(new Error('Failed to fetch dynamically imported module'));
  t.after(() => delete loaders['test-missing-chunk']);
  assert.equal(await loadGrammar('test-missing-chunk'), null);
  assert.equal(await loadGrammar('test-missing-chunk'), null);
  assert.equal(warn.mock.callCount(), 1);
  const message = String(warn.mock.calls[0]!.arguments[0]);
  assert.match(message, /the test-missing-chunk grammar/);
  assert.match(message, /Failed to fetch dynamically imported module/);
  assert.match(message, /stays plain/);
});

test('the light and dark themes load together, once', async () => {
  const first = loadThemes();
  assert.equal(loadThemes(), first);
  const [light, dark] = await first;
  assert.equal(light.name, 'github-light-default');
  assert.equal(dark.name, 'github-dark-default');
  assert.equal(light.type, 'light');
  assert.equal(dark.type, 'dark');
});
