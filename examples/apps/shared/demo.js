// The demo answer every example app shows: one `qa/sources` payload and the
// workspace files it names (served by an in-memory host, so no server is needed).

export const sessionId = 'demo';

export const payload = {
  version: 1,
  sessionId,
  turn: 1,
  complete: true,
  sources: [
    {
      id: 'file:docs/retry-policy.md',
      kind: 'file',
      title: 'retry-policy.md',
      path: 'docs/retry-policy.md',
      locations: [{ path: 'docs/retry-policy.md', lineStart: 3, lineEnd: 6 }],
      evidence: 'read',
      origins: [{ sessionId, turn: 1, role: 'parent', toolName: 'read' }],
      score: 100,
    },
    {
      id: 'file:src/net/backoff.ts',
      kind: 'code',
      title: 'backoff.ts',
      path: 'src/net/backoff.ts',
      locations: [{ path: 'src/net/backoff.ts', lineStart: 4, lineEnd: 7 }],
      evidence: 'read',
      origins: [{ sessionId, turn: 1, role: 'parent', toolName: 'read' }],
      score: 95,
    },
    {
      id: 'web:https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/',
      kind: 'web',
      title: 'Exponential Backoff And Jitter',
      uri: 'https://aws.amazon.com/blogs/architecture/exponential-backoff-and-jitter/',
      locations: [],
      evidence: 'fetched',
      origins: [{ sessionId, turn: 1, role: 'parent', toolName: 'web_fetch' }],
      score: 80,
    },
  ],
};

export const files = {
  'docs/retry-policy.md': [
    '# Retry policy',
    '',
    'Every request is retried **up to five times**.',
    'The delay grows exponentially from 200 ms',
    'and is capped at 10 s; each delay is drawn',
    'at random below the cap (&ldquo;full jitter&rdquo;).',
    '',
    '```ts',
    'const delay = Math.floor(Math.random() * Math.min(10_000, 200 * 2 ** attempt));',
    '```',
    '',
  ].join('\n'),
  'src/net/backoff.ts': [
    '/** Retry delays with exponential back-off and full jitter. */',
    'export const BASE_MS = 200;',
    'export const CAP_MS = 10_000;',
    'export function backoff(attempt: number, random = Math.random): number {',
    '  const ceiling = Math.min(CAP_MS, BASE_MS * 2 ** attempt);',
    '  return Math.floor(random() * ceiling);',
    '}',
    '',
    'export const MAX_ATTEMPTS = 5;',
    '',
  ].join('\n'),
};

// A long release history, opened by the example apps' tests: past the size from which the kit parses
// Markdown in its worker (about 400 KB), so they check that a consumer's build ships a worker that starts.
const releases = [];
for (let i = 1500; i > 0; i -= 1) {
  releases.push(
    `## 1.${i}.0`,
    '',
    `- Retries stop after **${(i % 5) + 2}** attempts when the server answers \`429\` with \`Retry-After\`.`,
    `- The back-off cap is read from \`RETRY_CAP_MS\` (default ${10_000 + i} ms); see [the policy](retry-policy.md) &sect;&nbsp;1.`,
    '',
    '| Attempt | Delay below |',
    '|--------:|------------:|',
    `| 1 | 200 ms |`,
    `| ${(i % 4) + 2} | ${200 * 2 ** ((i % 4) + 1)} ms |`,
    '',
  );
}
files['docs/changelog.md'] = ['# Changelog', '', ...releases].join('\n');
