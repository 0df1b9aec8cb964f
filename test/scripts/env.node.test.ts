// The scripts' dependency check (scripts/env.mjs): a node_modules that is a
// link to another checkout's packages is never installed into, since `npm ci`
// through the link empties the folder it points to.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureDependencies } from '../../scripts/env.mjs';

test('a linked node_modules older than the lock file is left alone, with a message', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'qa-env-'));
  try {
    // The other checkout's packages: a marker older than this checkout's lock file, and a package.
    const shared = path.join(base, 'shared-node_modules');
    mkdirSync(path.join(shared, 'some-package'), { recursive: true });
    writeFileSync(path.join(shared, 'some-package', 'index.js'), 'module.exports = 1;\n');
    writeFileSync(path.join(shared, '.package-lock.json'), '{}\n');
    const old = new Date(Date.now() - 60_000);
    utimesSync(path.join(shared, '.package-lock.json'), old, old);

    // This checkout: a project without dependencies (an install would succeed) and the link.
    const project = path.join(base, 'project');
    mkdirSync(project);
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'qa-env-check', version: '1.0.0', private: true }));
    writeFileSync(
      path.join(project, 'package-lock.json'),
      JSON.stringify({
        name: 'qa-env-check',
        version: '1.0.0',
        lockfileVersion: 3,
        requires: true,
        packages: { '': { name: 'qa-env-check', version: '1.0.0' } },
      }),
    );
    symlinkSync(shared, path.join(project, 'node_modules'), 'dir');

    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '));
    try {
      ensureDependencies(project);
    } finally {
      console.warn = warn;
    }
    assert.ok(existsSync(path.join(shared, 'some-package', 'index.js')), "the other checkout's packages are still there");
    assert.equal(warnings.length, 1);
    assert.match(warnings[0]!, /node_modules here is a link \(to .*shared-node_modules\)/);
    assert.match(warnings[0]!, /Not installing through the link/);
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});
