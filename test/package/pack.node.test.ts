// What the package publishes (`npm pack --dry-run --json`) and whether its
// package.json points at files that are really in it. Needs `npm run build`.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { builtinModules } from 'node:module';
import { bareImports, exportTargets, importsOf, packageJson, packageOf, packedFiles, root } from './pack.ts';

const pkg = packageJson();
const files = packedFiles();
const packed = new Set(files);
const norm = (p: string) => p.replace(/^\.\//, '');

test('the pack holds the build, the manifest, the README and the licence, and nothing of the workshop', () => {
  for (const must of [
    'package.json',
    'README.md',
    'LICENSE',
    'custom-elements.json',
    'dist/index.js',
    'dist/model.js',
    'dist/react.js',
    'dist/node.js',
    'dist/browser/qa-sources-kit.js',
    'dist/workers/highlight.worker.js',
    'dist/workers/parse.worker.js',
    'schema.json',
  ]) {
    assert.ok(packed.has(must), `${must} is packed`);
  }
  const unwanted = files.filter(
    (f) =>
      /^(src|test|stories|bench|scripts|examples|screenshots|coverage|node_modules)\//.test(f) ||
      /(^|\/)node_modules\//.test(f) ||
      /\.(test|stories)\.[jt]sx?(\.map)?$/.test(f) ||
      (/\.tsx?$/.test(f) && !f.endsWith('.d.ts')) ||
      /^(index\.html|vite\.config\.ts|tsconfig.*\.json|web-test-runner\.config\.mjs|custom-elements-manifest\.config\.mjs|package-lock\.json)$/.test(f),
  );
  assert.deepEqual(unwanted, []);
  const outside = files.filter((f) => !pkg.files.some((entry) => f === entry || f.startsWith(`${entry}/`)) && f !== 'package.json');
  assert.deepEqual(outside, [], 'only what `files` names (plus package.json)');
});

test('source maps in the pack map only the kit and its dependencies, never tests or stories', () => {
  const maps = files.filter((f) => f.endsWith('.map'));
  assert.ok(maps.length > 0);
  for (const f of maps) {
    const map = JSON.parse(readFileSync(path.join(root, f), 'utf8')) as { sources: string[] };
    const bad = map.sources.filter((s) => /(^|\/)(test|stories|bench|examples)\//.test(s));
    assert.deepEqual(bad, [], f);
  }
});

test('every exports entry names its types first, and every target is in the pack', () => {
  const expected = ['.', './model', './node', './react', './citations', './browser', './custom-elements.json', './schema.json', './package.json'];
  assert.deepEqual(Object.keys(pkg.exports).sort(), [...expected].sort());
  for (const [entry, value] of Object.entries(pkg.exports)) {
    const isCode = !entry.endsWith('.json');
    if (isCode) {
      assert.equal(typeof value, 'object', `${entry} has conditions`);
      assert.equal(Object.keys(value as object)[0], 'types', `${entry}: "types" comes first`);
    }
    for (const { condition, target } of exportTargets(value)) {
      assert.ok(target.startsWith('./'), `${entry} → ${target} is package-relative`);
      assert.ok(packed.has(norm(target)), `${entry} (${condition}) → ${target} is packed`);
    }
  }
  for (const field of ['main', 'module', 'types', 'customElements'] as const) {
    const target = pkg[field];
    assert.ok(target && packed.has(norm(target)), `package.json ${field} → ${target} is packed`);
  }
  assert.equal(norm(pkg.customElements!), 'custom-elements.json');
});

test('the type declarations of every entry only import files that are packed', () => {
  const pending = Object.values(pkg.exports).flatMap((v) =>
    exportTargets(v)
      .filter((t) => t.condition === 'types')
      .map((t) => norm(t.target)),
  );
  const seen = new Set<string>();
  while (pending.length) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    assert.ok(packed.has(file), `${file} is packed`);
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const m of text.matchAll(/(?:from\s*|import\(\s*)["'](\.{1,2}\/[^"']+)["']/g)) {
      pending.push(path.posix.join(path.posix.dirname(file), m[1]!.replace(/\.js$/, '.d.ts')));
    }
  }
  assert.ok(seen.size > 10);
});

test('the package build imports only declared dependencies, React only from ./react, @lit/react never (it is bundled)', () => {
  const allowed = new Set([...Object.keys(pkg.dependencies), ...Object.keys(pkg.peerDependencies ?? {})]);
  const builtins = new Set(builtinModules);
  const found = new Map<string, string[]>();
  for (const f of files.filter((x) => x.startsWith('dist/') && !x.startsWith('dist/browser/') && x.endsWith('.js'))) {
    for (const spec of bareImports(path.join(root, f))) {
      if (spec.startsWith('node:') || builtins.has(spec)) {
        assert.equal(f, 'dist/node.js', `${f} imports ${spec}: Node built-ins belong to ./node only`);
        continue;
      }
      const name = packageOf(spec);
      found.set(name, [...(found.get(name) ?? []), f]);
      assert.ok(allowed.has(name), `${f} imports ${spec}, which package.json does not declare`);
    }
  }
  assert.deepEqual(found.get('react'), ['dist/react.js'], 'only the React entry imports react');
  assert.equal(found.has('@lit/react'), false);
  assert.match(readFileSync(path.join(root, 'dist/react.js'), 'utf8'), /SPDX-License-Identifier: BSD-3-Clause/, "@lit/react's licence header is kept");
  assert.ok(!('react' in pkg.dependencies) && !('@lit/react' in pkg.dependencies));
  assert.ok(pkg.peerDependencies?.react, 'react is a peer dependency');
  assert.equal(pkg.peerDependenciesMeta?.react?.optional, true, 'react is optional');
});

test("the package build's page chunks take shiki's regex converter from shiki, never a copy of their own (the worker bundles its own)", () => {
  const pageChunks = files.filter((f) => f.startsWith('dist/') && !f.startsWith('dist/browser/') && !f.startsWith('dist/workers/') && f.endsWith('.js'));
  const engine = pageChunks.filter((f) => bareImports(path.join(root, f)).some((spec) => spec === 'shiki/engine/javascript'));
  assert.ok(engine.length > 0, 'the main-thread engine imports shiki/engine/javascript');
  for (const f of pageChunks) assert.doesNotMatch(readFileSync(path.join(root, f), 'utf8'), /class _?EmulatedRegExp\b/, `${f} bundles no converter`);
});

test('the no-bundler build is self-contained and uses relative URLs only', () => {
  const browser = files.filter((f) => f.startsWith('dist/browser/') && f.endsWith('.js'));
  assert.ok(browser.length > 80, `grammar, theme and worker chunks (${browser.length} files)`);
  for (const f of browser) {
    const code = readFileSync(path.join(root, f), 'utf8');
    const imports = importsOf(path.join(root, f));
    assert.deepEqual(
      imports.filter((s) => !s.startsWith('./') && !s.startsWith('../')),
      [],
      `${f} imports only relative paths`,
    );
    assert.doesNotMatch(code, /["'`]\/(assets|chunks)\//, `${f} names no root-absolute URL`);
    const urls = [...code.matchAll(/new URL\(\s*["']([^"']+)["']\s*,\s*import\.meta\.url\s*\)/g)].map((m) => m[1]!);
    for (const spec of [...imports, ...urls]) {
      const target = path.posix.join(path.posix.dirname(f), spec);
      assert.ok(packed.has(target), `${f} → ${target} is packed`);
    }
  }
  const entry = readFileSync(path.join(root, 'dist/browser/qa-sources-kit.js'), 'utf8');
  // The two workers are self-contained: no imports of their own, so a page (or a bundler) needs only the file.
  for (const worker of [
    'dist/workers/highlight.worker.js',
    'dist/workers/parse.worker.js',
    'dist/browser/workers/highlight.worker.js',
    'dist/browser/workers/parse.worker.js',
  ]) {
    assert.ok(packed.has(worker) && existsSync(path.join(root, worker)), worker);
    assert.deepEqual(importsOf(path.join(root, worker)), [], `${worker} imports nothing`);
  }
  assert.ok(entry.length < 20_000 || /customElements/.test(entry), 'the entry is the kit (or a thin re-export of its chunk)');
});

test('markdown-it ships inside the parser (page chunk and worker, both builds) with its class fields as plain assignments (scripts/plain-fields.mjs) and its entity table unpacked on first use (scripts/entity-table.mjs)', () => {
  const js = files.filter((f) => f.startsWith('dist/') && f.endsWith('.js'));
  // `pendingLevel` is a field of markdown-it's inline state: published, it is initialised through a helper call with the name as a string.
  const parsers = js.filter((f) => readFileSync(path.join(root, f), 'utf8').includes('pendingLevel'));
  assert.deepEqual(
    parsers.map((f) => f.replace(/-[\w-]{8}\.js$/, '.js')).sort(),
    ['dist/browser/chunks/parser.js', 'dist/browser/workers/parse.worker.js', 'dist/chunks/parser.js', 'dist/workers/parse.worker.js'],
    'one copy of the parser per build and worker',
  );
  for (const f of parsers) {
    const code = readFileSync(path.join(root, f), 'utf8');
    assert.match(code, /this\.pendingLevel ?= ?0/, `${f}: fields assigned`);
    assert.doesNotMatch(code, /["']pendingLevel["']/, `${f}: no field defined through the helper`);
    // The HTML entity table is unpacked on first use, in a function (scripts/entity-table.mjs), not when the module loads.
    const table = code.indexOf('"!}.&u%}');
    assert.ok(table > 0, `${f}: the entity table is bundled`);
    assert.match(
      code.slice(table - 80, table),
      /function\s*[\w$]+\(\)\s*\{\s*return\s*[\w$]+\s*=\s*[\w$]+\($/,
      `${f}: the entity table is unpacked on first use`,
    );
  }
  for (const f of js.filter((x) => !x.startsWith('dist/browser/'))) {
    assert.ok(!bareImports(path.join(root, f)).includes('markdown-it'), `${f} does not import markdown-it (the parser bundles it)`);
  }
});

test('DOMPurify ships as a lazy chunk of its own (both builds), for browsers without the HTML Sanitizer API, with its method wrappers as bound calls (scripts/purify-calls.mjs), its licence header kept', () => {
  const js = files.filter((f) => f.startsWith('dist/') && f.endsWith('.js'));
  // A configuration key DOMPurify reads by name, which minifying keeps.
  const copies = js.filter((f) => readFileSync(path.join(root, f), 'utf8').includes('SAFE_FOR_TEMPLATES'));
  const purifyVersion = (JSON.parse(readFileSync(path.join(root, 'node_modules/dompurify/package.json'), 'utf8')) as { version: string }).version;
  assert.deepEqual(
    copies.map((f) => f.replace(/-[\w-]{8}\.js$/, '.js')).sort(),
    ['dist/browser/chunks/dompurify.js', 'dist/chunks/dompurify.js'],
    'one copy per build, in its own chunk',
  );
  for (const f of copies) {
    const code = readFileSync(path.join(root, f), 'utf8');
    assert.equal(code.match(/Function\.prototype\.bind,\s*Function\.prototype\.call/g)?.length, 1, `${f}: the wrappers are bound calls`);
  }
  assert.match(
    readFileSync(
      path.join(
        root,
        copies.find((f) => !f.startsWith('dist/browser/'))!,
      ),
      'utf8',
    ),
    new RegExp(`/\\*! @license DOMPurify ${purifyVersion.replaceAll('.', '\\.')}`),
  );
  for (const f of js.filter((x) => !x.startsWith('dist/browser/'))) {
    assert.ok(!bareImports(path.join(root, f)).includes('dompurify'), `${f} does not import dompurify (the package bundles it)`);
  }
});

test('the licences of the bundled dependencies ship with them: dist/LICENSES.md for the package, dist/browser/LICENSES.md for the no-bundler folder', () => {
  const list = (file: string) => {
    assert.ok(packed.has(file), `${file} is packed`);
    return [...readFileSync(path.join(root, file), 'utf8').matchAll(/^## (\S+) - /gm)].map((m) => m[1]!);
  };
  const all = list('dist/LICENSES.md');
  // Bundled by the package build (the renderer, the parser, the React wrapper), its workers only (shiki's
  // engine, markdown-it's plugins), and the no-bundler build only (Lit).
  for (const name of ['dompurify', 'markdown-it', 'entities', '@lit/react', '@shikijs/engine-javascript', 'oniguruma-to-es', 'markdown-it-emoji', 'lit-html']) {
    assert.ok(all.includes(name), `dist/LICENSES.md lists ${name}`);
  }
  assert.deepEqual(
    all,
    [...all].sort((a, b) => a.localeCompare(b)),
    'sorted, each once',
  );
  const browser = list('dist/browser/LICENSES.md');
  for (const name of ['dompurify', 'markdown-it', 'lit-html', '@shikijs/engine-javascript'])
    assert.ok(browser.includes(name), `dist/browser/LICENSES.md lists ${name}`);
  assert.match(readFileSync(path.join(root, 'dist/LICENSES.md'), 'utf8'), /Apache License\s+Version 2\.0/, "DOMPurify's licence text is included");
});

test('the style sheets ship without comments and indents (scripts/css-literals.mjs)', () => {
  const chunks = files.filter((f) => f.startsWith('dist/') && !f.startsWith('dist/browser/') && f.endsWith('.js'));
  const sheets = chunks.flatMap((f) => [...readFileSync(path.join(root, f), 'utf8').matchAll(/\bcss`([^`]*)`/g)].map((m) => [f, m[1]!] as const));
  assert.ok(sheets.length >= 10, `the kit's css templates are in the package build (${sheets.length})`);
  const text = sheets.map(([, css]) => css).join('');
  assert.ok(text.includes('.qa-chunk') && text.includes(':host{'), 'the preview and Markdown sheets are among them');
  for (const [f, css] of sheets) {
    assert.doesNotMatch(css, /\/\*/, `${f}: no comment in a sheet`);
    assert.doesNotMatch(css, /\n[ \t]+\S/, `${f}: no indented line in a sheet`);
  }
});
