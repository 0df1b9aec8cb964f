// `npm start` mounts the read-only file endpoint on Vite's dev server over
// this repository: the real config, a real server on 127.0.0.1.
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createServer, type ViteDevServer } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));
let server: ViteDevServer;
let base: string;

before(async () => {
  server = await createServer({
    configFile: `${root}vite.config.ts`,
    root,
    logLevel: 'silent',
    server: { host: '127.0.0.1', port: 0, strictPort: false, hmr: false, watch: null },
  });
  await server.listen();
  const address = server.httpServer!.address() as { port: number };
  base = `http://127.0.0.1:${address.port}/__qa/files`;
});

after(async () => {
  await server?.close();
});

test('serves a repository file as JSON', async () => {
  const res = await fetch(`${base}?path=README.md&sessionId=live-repo`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
  const body = (await res.json()) as { path: string; content: string; truncated: boolean };
  assert.equal(body.path, 'README.md');
  assert.equal(body.content, readFileSync(`${root}README.md`, 'utf8'));
  assert.equal(body.truncated, false);
});

test('refuses escapes, secrets, dependencies and build output', async () => {
  for (const p of ['..%2Fpackage.json', '%2Fetc%2Fpasswd', '.git%2FHEAD', 'node_modules%2Flit%2Fpackage.json', 'dist%2Findex.js', '.env']) {
    const res = await fetch(`${base}?path=${p}`);
    assert.equal(res.status, 403, p);
    assert.ok(!(await res.text()).includes(root), 'no host path in the answer');
  }
});

test('resolves links inside the repository', async () => {
  const res = await fetch(`${base}?resolve=${encodeURIComponent('../../../README.md')}&from=${encodeURIComponent('stories/fixtures/corpus/SOURCES.md')}`);
  assert.deepEqual(await res.json(), { path: 'README.md' });
});

test('is read-only under the dev server too', async () => {
  const res = await fetch(`${base}?path=README.md`, { method: 'PUT', body: 'x' });
  assert.equal(res.status, 405);
});
