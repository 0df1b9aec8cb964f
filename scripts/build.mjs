// `npm run build`: type check, the package build (ES modules, dependencies
// external), the no-bundler build (`dist/browser/`, everything bundled), type
// declarations, the custom-elements manifest (`custom-elements.json`), the
// API reference generated from it (docs/api.md; README.md and the other docs
// are only touched when an example they include changed), and the size budget last.
import { spawnSync } from 'node:child_process';
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
run('type declarations', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
run('custom-elements manifest', process.execPath, ['node_modules/@custom-elements-manifest/analyzer/cem.js', 'analyze', '--quiet']);
run('API reference (docs/api.md) and example blocks in the docs', process.execPath, ['scripts/docs.mjs']);
run('size budget', process.execPath, ['scripts/size-budget.mjs', '--no-baseline']);
