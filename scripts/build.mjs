// `npm run build`: type check, then the library build (ES modules + types).
// Later steps (manifest) are added as the kit grows; the size budget runs last.
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
run('type declarations', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.build.json']);
run('size budget', process.execPath, ['scripts/size-budget.mjs', '--no-baseline']);
