// `npm run build`: type check, the package build (ES modules, dependencies
// external), the no-bundler build (`dist/browser/`, everything bundled), type
// declarations, the custom-elements manifest (`custom-elements.json`), the
// API reference generated from it (docs/api.md; README.md and the other docs
// are only touched when an example they include changed), and the size budget last.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { root, ensureDependencies } from './env.mjs';

ensureDependencies();

function run(name, cmd, args) {
  console.log(`• ${name}`);
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`Build step failed: ${name}.`);
    process.exit(1);
  }
}

run('type check', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json']);
run('library build', process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
// After the library build, which empties dist/.
run('no-bundler build (dist/browser)', process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--mode', 'browser', '--logLevel', 'error']);
licences();
run('type declarations', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
run('custom-elements manifest', process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet']);
run('API reference (docs/api.md) and example blocks in the docs', process.execPath, ['scripts/docs.mjs']);
run('size budget', process.execPath, ['scripts/size-budget.mjs', '--no-baseline']);

/**
 * dist/LICENSES.md: the licence of every dependency the package bundles. Each build writes the
 * list of what it bundled; the package build's misses what only its workers bundle (shiki's
 * engine, markdown-it's plugins), and the no-bundler build's the React wrapper, so the package's
 * file is the union of the two. dist/browser/ keeps its own, which goes with that folder.
 */
function licences() {
  console.log('• licences of the bundled dependencies (dist/LICENSES.md)');
  const sections = new Map();
  for (const file of ['dist/LICENSES.md', 'dist/browser/LICENSES.md']) {
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const part of text.split(/^(?=## )/m).slice(1)) sections.set(part.slice(0, part.indexOf('\n')), part.trimEnd());
  }
  const list = [...sections.keys()].sort((a, b) => a.localeCompare(b)).map((heading) => sections.get(heading));
  const intro = '# Licences of the bundled dependencies\n\nThe files of this package hold code of the following dependencies, under these licences.\n';
  writeFileSync(path.join(root, 'dist/LICENSES.md'), `${intro}\n${list.join('\n\n')}\n`);
}
