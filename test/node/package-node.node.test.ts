// The `qa-sources-kit/node` export runs in plain Node from the built files:
// resolved through package.json `exports`, no DOM, serving a real directory.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('qa-sources-kit/node imports in plain Node and serves files over node:http', () => {
  const script = `
    import http from 'node:http';
    const { createFileEndpoint, checkWorkspacePath } = await import('qa-sources-kit/node');
    if (typeof document !== 'undefined' || typeof window !== 'undefined') throw new Error('DOM globals present');
    const server = http.createServer(createFileEndpoint({ root: process.cwd() }));
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    const base = 'http://127.0.0.1:' + server.address().port + '/?path=';
    const ok = await fetch(base + 'package.json').then((r) => r.json());
    const refused = await fetch(base + '..%2Fpasswd');
    server.close();
    console.log(JSON.stringify({ name: JSON.parse(ok.content).name, status: refused.status, rule: checkWorkspacePath('a/../b').ok }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout.trim()), { name: 'qa-sources-kit', status: 403, rule: false });
});

test('the ./node export names its type declarations', () => {
  assert.ok(existsSync(new URL('../../dist/types/node/index.d.ts', import.meta.url)), 'dist/types/node/index.d.ts is built');
});
