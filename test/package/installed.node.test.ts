// The package as an application gets it: packed with `npm pack`, installed
// into a fresh node_modules, then
// - bundled with esbuild, which follows package.json `exports` and
//   `sideEffects`: the model tree-shakes away entirely, while importing the
//   main or React entry keeps the element registrations;
// - type-checked with TypeScript through the `types` of every export, as a
//   consumer's strict project would (typed DOM, events, React props).
// Needs `npm run build`.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as esbuild from 'esbuild';
import { installPacked, packageJson, root } from './pack.ts';

/** Dependencies stay external, as an application's bundler would resolve them itself. */
const EXTERNAL = [
  'lit',
  'lit/*',
  'lit-html',
  'lit-html/*',
  '@lit/reactive-element',
  '@lit/reactive-element/*',
  'dompurify',
  'markdown-it',
  'markdown-it-*',
  'shiki',
  'shiki/*',
  '@shikijs/*',
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
];

let dir = '';
before(() => {
  dir = installPacked();
});
after(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Bundles an application entry against the installed package (minified, tree-shaken); returns the main chunk's code. */
async function bundleApp(source: string): Promise<string> {
  const entry = path.join(dir, `app-${Math.random().toString(36).slice(2)}.js`);
  writeFileSync(entry, source);
  const result = await esbuild.build({
    entryPoints: [entry],
    absWorkingDir: dir,
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    splitting: true,
    outdir: path.join(dir, 'out'),
    minifySyntax: true,
    treeShaking: true,
    external: EXTERNAL,
    logLevel: 'silent',
  });
  return result.outputFiles
    .filter((f) => f.path.endsWith('.js'))
    .map((f) => f.text)
    .join('\n');
}

test('importing only for side effects: the model leaves nothing, the main entry registers the three elements', async () => {
  const model = await bundleApp(`import 'qa-sources-kit/model';\n`);
  assert.equal(model.trim(), '', 'nothing of the model is kept when nothing is used');

  const main = await bundleApp(`import 'qa-sources-kit';\n`);
  for (const tag of ['qa-sources-panel', 'qa-source-footer', 'qa-file-preview']) assert.match(main, new RegExp(`"${tag}"`), `${tag} is still registered`);
  assert.match(main, /customElements\.define/);
});

test('one model function: only its own code comes along (no parser, no elements, no Lit, Markdown or highlighting)', async () => {
  const code = await bundleApp(`import { toOpenableUrl } from 'qa-sources-kit/model';\nconsole.log(toOpenableUrl('https://example.com/'));\n`);
  assert.match(code, /https:/);
  assert.doesNotMatch(code, /expected a source object/, 'the payload parser is dropped');
  assert.doesNotMatch(code, /customElements|from\s*"lit|dompurify|markdown-it|shiki/);
  const full = await bundleApp(`import * as m from 'qa-sources-kit/model';\nconsole.log(m);\n`);
  assert.match(full, /expected a source object/, 'the whole model does have it');
});

test('the React entry registers the elements and leaves React to the application', async () => {
  const code = await bundleApp(`import { QaSourcesPanel } from 'qa-sources-kit/react';\nconsole.log(QaSourcesPanel);\n`);
  assert.match(code, /"qa-sources-panel"/);
  assert.match(code, /from\s*"react"/, 'react stays an import');
  assert.doesNotMatch(code, /react\.production|__SECRET_INTERNALS/, 'React itself is not bundled');
});

test('package.json `sideEffects` names exactly the built files that register elements', () => {
  const pkg = packageJson();
  const patterns = (pkg.sideEffects as string[]).filter((p) => p.startsWith('./dist/'));
  const toRegex = (glob: string) =>
    new RegExp(
      `^${glob
        .replace(/^\.\//, '')
        .replace(/[.+^${}()|[\]\\]/g, '\\$&')
        .replace(/\*\*/g, '\u0000')
        .replace(/\*/g, '[^/]*')
        .replace(/\u0000/g, '.*')}$`,
    );
  const matchers = patterns.map(toRegex);
  const pkgDir = path.join(dir, 'node_modules', 'qa-sources-kit');
  const js = (sub: string) =>
    readdirSync(path.join(pkgDir, sub))
      .filter((f) => f.endsWith('.js'))
      .map((f) => path.posix.join(sub, f));
  for (const file of [...js('dist'), ...js('dist/chunks')]) {
    const code = readFileSync(path.join(pkgDir, file), 'utf8');
    const registers = /\bdefineElement\(\s*["']qa-/.test(code);
    const imports = [...code.matchAll(/^import\s[^;]*?from\s*"(\.[^"]+)"/gm)].map((m) => path.posix.join(path.posix.dirname(file), m[1]!));
    const marked = matchers.some((re) => re.test(file));
    if (registers) assert.ok(marked, `${file} registers elements: it must be listed in sideEffects`);
    if (file === 'dist/model.js' || imports.length === 0) {
      if (!registers && file !== 'dist/index.js' && file !== 'dist/react.js') assert.ok(!marked, `${file} has no side effects: it must not be listed`);
    }
  }
  // The entries that must register when imported, and the model that must not.
  assert.ok(matchers.some((re) => re.test('dist/index.js')));
  assert.ok(matchers.some((re) => re.test('dist/react.js')));
  assert.ok(!matchers.some((re) => re.test('dist/model.js')));
});

test('a strict TypeScript project type-checks against the published types of every entry', () => {
  const app = `
import 'qa-sources-kit';
import * as React from 'react';
import { createMemoryHost, registerTranslation, type QaSourcesHost, type QaFilePreview as PreviewClass } from 'qa-sources-kit';
import { parseTurnSources, presentSources, type QaTurnSources } from 'qa-sources-kit/model';
import { QaFilePreview, QaSourcesPanel, type QaSourcesPanelProps } from 'qa-sources-kit/react';
import { createFileEndpoint } from 'qa-sources-kit/node';
import { connectSources } from 'qa-sources-kit/browser';

const preview = document.querySelector('qa-file-preview')!;
const path: string | null = preview.path;
const host: QaSourcesHost | null = preview.host;
document.addEventListener('qa-source-open', (e) => {
  const id: string = e.detail.source.id;
  const first: number | undefined = e.detail.ranges[0]?.lineStart;
  void [id, first];
});
document.querySelector('qa-source-footer')?.addEventListener('qa-toggle', (e) => void (e.detail.expanded satisfies boolean));
// @ts-expect-error path is a string or null
preview.path = 42;
// @ts-expect-error no such detail field
document.addEventListener('qa-group-open', (e) => e.detail.path);

const payload: QaTurnSources = parseTurnSources('{}').value ?? { version: 1, sessionId: 's', turn: 1, complete: true, sources: [] };
const count: number = presentSources(payload).count;
const props: QaSourcesPanelProps = { sources: payload, threshold: 40, onQaSourceOpen: (e) => void e.detail.href };
React.createElement(QaSourcesPanel, props);
React.createElement(QaFilePreview, { host: createMemoryHost({ 'a.md': '# A' }), path: 'a.md', onQaRendered: (e) => void (e.detail.mode satisfies 'rendered' | 'raw'), ref: (el: PreviewClass | null) => void el });
// @ts-expect-error threshold is a number
React.createElement(QaSourcesPanel, { threshold: 'x' });
registerTranslation('de', { sources: 'Quellen' });
const handler = createFileEndpoint({ root: '/srv' });
void [path, host, count, handler, connectSources];
`;
  writeFileSync(path.join(dir, 'app.ts'), app);
  for (const moduleResolution of ['bundler', 'nodenext']) {
    writeFileSync(
      path.join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: moduleResolution === 'nodenext' ? 'NodeNext' : 'ESNext',
          moduleResolution,
          lib: ['ES2022', 'DOM', 'DOM.Iterable'],
          types: ['node'],
          strict: true,
          noEmit: true,
          skipLibCheck: false,
          // Lit's decorators in the element classes' declarations need nothing from the consumer.
          experimentalDecorators: false,
        },
        files: ['app.ts'],
      }),
    );
    if (moduleResolution === 'nodenext') writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'app', type: 'module', private: true }));
    const r = spawnSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, `tsc (${moduleResolution}):\n${r.stdout}${r.stderr}`);
  }
});
