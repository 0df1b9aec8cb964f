// The `qa-sources-kit/model` export runs in plain Node (no DOM), resolved
// through package.json `exports` against the built files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Runs an ES module script in a fresh Node process from the package root; returns its last stdout line as JSON. */
function runInNode(script: string): unknown {
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

test('qa-sources-kit/model imports in plain Node and works without a DOM', () => {
  const out = runInNode(`
    const m = await import('qa-sources-kit/model');
    if (typeof document !== 'undefined' || typeof window !== 'undefined') throw new Error('DOM globals present');
    const { value, problems } = m.parseTurnSources('{"version":1,"sessionId":"s","turn":1,"complete":true,"sources":[{"id":"jira:A-1","kind":"jira","title":"A-1 x","locations":[],"evidence":"fetched","origins":[],"score":90}]}');
    const view = m.presentSources(value);
    console.log(JSON.stringify({ count: view.count, problems: problems.length, group: view.groups[0].kind }));
  `);
  assert.deepEqual(out, { count: 1, problems: 0, group: 'jira' });
});

test('in Node: hostile keys are dropped, display helpers and URL policy behave as in the browser', () => {
  const out = runInNode(`
    const m = await import('qa-sources-kit/model');
    const text = JSON.stringify({
      version: 1, sessionId: 's', turn: 1, complete: true,
      sources: [
        { id: 'file:docs/a\\u202Eb.md', kind: 'file', title: '', path: 'docs/a\\u202Eb.md', locations: [{ lineStart: 3, lineEnd: 9 }], evidence: 'read', origins: [], score: 100 },
        { id: 'web:x', kind: 'web', title: '', uri: 'https://xn--pple-43d.com/login', locations: [], evidence: 'fetched', origins: [], score: 100 },
        { id: 'web:y', kind: 'web', title: 'Y', uri: ' JaVaScRiPt:alert(1)', locations: [], evidence: 'fetched', origins: [], score: 100 },
      ],
    }).replace('"sources"', '"__proto__":{"polluted":1},"sources"').replace('"score":100}', '"score":100,"metadata":{"__proto__":{"polluted":1},"ok":true}}');
    const { value, problems } = m.parseTurnSources(text);
    const view = m.presentSources(value);
    const cards = view.groups.flatMap((g) => g.items);
    console.log(JSON.stringify({
      polluted: ({}).polluted ?? null,
      metadataProto: Object.getPrototypeOf(value.sources[0].metadata) === null,
      problems: problems.map((p) => p.path),
      titles: cards.map((c) => c.title),
      secondaries: cards.map((c) => c.secondary),
      hrefs: cards.map((c) => c.href),
      ranges: cards[0].rangeLabels,
      truncated: m.truncate('ab👩🏽‍🔧cd', 4),
      host: m.describeHost('https://пример.рф/').display,
      json: JSON.parse(JSON.stringify(cards[0])).title,
    }));
  `);
  assert.deepEqual(out, {
    polluted: null,
    metadataProto: true,
    problems: ['sources[0].metadata.__proto__'],
    titles: ['a⟦U+202E⟧b.md', 'xn--pple-43d.com/login', 'Y'],
    secondaries: ['docs', 'xn--pple-43d.com', ''],
    hrefs: [null, 'https://xn--pple-43d.com/login', null],
    ranges: ['3–9'],
    truncated: 'ab…',
    host: 'пример.рф',
    json: 'a⟦U+202E⟧b.md',
  });
});

test('the built model entry imports nothing else: no elements, no DOM libraries', () => {
  const seen = new Set<string>();
  const bare: string[] = [];
  const visit = (url: URL) => {
    if (seen.has(url.href)) return;
    seen.add(url.href);
    const code = readFileSync(url, 'utf8');
    assert.doesNotMatch(code, /customElements|document\.|window\./, url.pathname);
    for (const m of code.matchAll(/(?:^|[;\s])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
      const spec = (m[1] ?? m[2])!;
      if (spec.startsWith('./') || spec.startsWith('../')) visit(new URL(spec, url));
      else bare.push(spec);
    }
  };
  visit(new URL('../../dist/model.js', import.meta.url));
  assert.deepEqual(bare, []);
});
