// The README: its API section is what scripts/docs.mjs makes of the current
// custom-elements.json (a stale section fails), it justifies every runtime
// dependency, and its promised pieces are there: the two commands, an
// embedding example of ten lines at most, theming with dark mode, React,
// the host adapters, languages and the security model. Needs `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error a plain script module without type declarations
import { END, START, elementsOf, renderApi, updateReadme } from '../../scripts/docs.mjs';
import { packageJson, root } from './pack.ts';

const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const manifest = JSON.parse(readFileSync(path.join(root, 'custom-elements.json'), 'utf8'));

/** The body of a `## Title` section (up to the next `## `). */
function section(title: string): string {
  const start = readme.search(new RegExp(`^## ${title}\\s*$`, 'm'));
  assert.ok(start >= 0, `README has a "## ${title}" section`);
  const rest = readme.slice(start + 3);
  const next = rest.search(/^## /m);
  return next < 0 ? rest : rest.slice(0, next);
}

test('the API section is up to date with custom-elements.json', () => {
  assert.ok(readme.includes(START) && readme.includes(END));
  assert.equal(readme, updateReadme(readme, manifest), 'README.md is stale: run `npm run build` (or `node scripts/docs.mjs`)');
});

test('the API section documents every element with its properties, attributes, events with detail, parts and custom properties', () => {
  const api = renderApi(manifest) as string;
  const elements = elementsOf(manifest) as Array<{
    tagName: string;
    members?: Array<{ kind: string; name: string; privacy?: string }>;
    attributes?: Array<{ name: string }>;
    events?: Array<{ name: string; detail?: { fields: Array<{ name: string }> } }>;
    cssParts?: Array<{ name: string }>;
    cssProperties?: Array<{ name: string }>;
  }>;
  assert.deepEqual(elements.map((e) => e.tagName).sort(), ['qa-citation', 'qa-file-preview', 'qa-source-footer', 'qa-sources-panel']);
  for (const el of elements) {
    const start = api.indexOf(`### \`<${el.tagName}>\``);
    assert.ok(start >= 0, `a section for <${el.tagName}>`);
    const next = api.indexOf('\n### ', start + 1);
    const body = api.slice(start, next < 0 ? undefined : next);
    for (const m of (el.members ?? []).filter((x) => !x.privacy)) assert.ok(body.includes(`\`${m.name}`), `<${el.tagName}> ${m.name}`);
    for (const a of el.attributes ?? []) assert.ok(body.includes(`\`${a.name}\``), `<${el.tagName}> attribute ${a.name}`);
    for (const e of el.events ?? []) {
      assert.ok(body.includes(`\`${e.name}\``), `<${el.tagName}> event ${e.name}`);
      for (const f of e.detail?.fields ?? []) assert.ok(body.includes(`\`${f.name}:`), `<${el.tagName}> ${e.name} detail ${f.name}`);
    }
    for (const p of el.cssParts ?? []) assert.ok(body.includes(`| \`${p.name}\` |`), `<${el.tagName}> part ${p.name}`);
    for (const p of el.cssProperties ?? []) assert.ok(body.includes(`\`${p.name}\``) || api.includes(`| \`${p.name}\` |`), `<${el.tagName}> ${p.name}`);
  }
});

test('every runtime dependency and the optional peer are listed with a reason', () => {
  const deps = section('Dependencies');
  const pkg = packageJson();
  for (const name of Object.keys(pkg.dependencies)) {
    assert.match(deps, new RegExp(`^- \`${name.replace(/[/.]/g, '\\$&')}\` — \\S.{20,}$`, 'm'), `${name} has a line with its reason`);
  }
  for (const name of Object.keys(pkg.peerDependencies ?? {})) assert.ok(deps.includes(`\`${name}\``), `peer ${name} is mentioned`);
  const listed = [...deps.matchAll(/^- `([^`]+)` — /gm)].map((m) => m[1]);
  assert.deepEqual(listed.filter((n) => !(n! in pkg.dependencies)), [], 'no line for a package that is not a dependency');
});

test('the README keeps its promised parts: commands, a ten-line embedding, theming, React, hosts, languages, security', () => {
  const commands = section('The two commands');
  assert.match(commands, /npm start/);
  assert.match(commands, /npm test/);

  const embedding = section('Embedding in ten lines');
  const block = /```html\n([\s\S]*?)```/.exec(embedding);
  assert.ok(block, 'an HTML example');
  const lines = block![1]!.trimEnd().split('\n');
  assert.ok(lines.length <= 10, `the example has ${lines.length} lines`);
  assert.match(block![1]!, /connectSources/);
  // It is the page the no-bundler example app runs (indentation aside), so it runs as written.
  const page = readFileSync(path.join(root, 'examples/apps/no-bundler/index.html'), 'utf8').split('\n').map((l) => l.trim());
  const at = page.indexOf(lines[0]!.trim());
  assert.ok(at >= 0, 'the example starts as examples/apps/no-bundler/index.html does');
  assert.deepEqual(page.slice(at, at + lines.length), lines.map((l) => l.trim()), "the example is the no-bundler app's page");

  const theming = section('Theming');
  assert.match(theming, /::part\(/);
  assert.match(theming, /color-scheme: dark/);
  assert.match(theming, /--dsw-/);
  assert.match(theming, /data-ds-dark-theme/);

  const embed = section('Embedding');
  for (const piece of ['qa-sources-kit.js', 'qa-sources-kit/react', 'onQaSourceOpen', 'createMemoryHost', 'createFetchHost', 'createRemoteHost', 'qa-sources-kit/node', 'createFileEndpoint', 'examples/vanilla.html']) {
    assert.ok(embed.includes(piece), `Embedding mentions ${piece}`);
  }
  assert.match(section('Languages'), /registerTranslation\('/);
  assert.match(readme, /\[Security model\]\(#security-model\)/);
  assert.match(readme, /^## Security model\s*$/m, 'the Security model section the pointer leads to');
});

test('examples/vanilla.html wires the three elements in under ten lines', () => {
  const page = readFileSync(path.join(root, 'examples/vanilla.html'), 'utf8');
  assert.match(page, /<script type="module" src="\.\.\/dist\/browser\/qa-sources-kit\.js"><\/script>/);
  const wiring = /\/\/ The wiring[^\n]*\n([\s\S]*?)<\/script>/.exec(page);
  assert.ok(wiring);
  const imports = page.match(/^\s*import .*$/gm) ?? [];
  const lines = [...imports, ...wiring![1]!.split('\n')].map((l) => l.trim()).filter(Boolean);
  assert.ok(lines.length < 10, `${lines.length} lines of wiring`);
});
