// The `qa-sources-kit/model` export runs in plain Node (no DOM), resolved
// through package.json `exports` against the built files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('qa-sources-kit/model imports in plain Node and works without a DOM', () => {
  const script = `
    const m = await import('qa-sources-kit/model');
    if (typeof document !== 'undefined' || typeof window !== 'undefined') throw new Error('DOM globals present');
    const { value, problems } = m.parseTurnSources('{"version":1,"sessionId":"s","turn":1,"complete":true,"sources":[{"id":"jira:A-1","kind":"jira","title":"A-1 x","locations":[],"evidence":"fetched","origins":[],"score":90}]}');
    const view = m.presentSources(value);
    console.log(JSON.stringify({ count: view.count, problems: problems.length, group: view.groups[0].kind }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout.trim()), { count: 1, problems: 0, group: 'jira' });
});
