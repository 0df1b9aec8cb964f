/**
 * The test workspace, as data: the text files every host test serves (the
 * Node endpoint over a real temporary directory, the memory host over the
 * same map) and the table of request paths with the answer each must get.
 * Pure data: imported by Node tests, the test server and browser tests.
 */

/** Four-byte, three-byte and two-byte characters around the cut of `big.txt`. */
const MULTIBYTE = '😀中é';

/** Text files of the workspace: path → content. */
export const WORKSPACE_TEXT_FILES: Record<string, string> = {
  'README.md': '# Test workspace\n\nSee [the guide](docs/guide.md) and [the API](docs/api.md#calls).\n',
  'docs/guide.md':
    '# Guide\n\nBack to [the readme](../README.md), on to [the API](./api.md), out to [nowhere](../../outside/secret.txt).\n\nLine 5\nLine 6\nLine 7\n',
  'docs/README.md': '# Docs\n\nThe index of the docs folder.\n',
  'docs/api.md': '# API\n\n## Calls\n\n`read(path)` reads a file.\n',
  'src/main.ts': Array.from({ length: 40 }, (_, i) => `export const line${i + 1} = ${i + 1};`).join('\n') + '\n',
  'with space.md': 'a file name with a space\n',
  '50%.md': 'a percent sign in the name\n',
  'plus+sign.md': 'a plus sign in the name\n',
  'hash#name.md': 'a hash in the name\n',
  'notes/文档.md': '# 文档\n\n中文内容。\n',
  'notes/заметка.md': '# Заметка\n\nТекст.\n',
  'empty.txt': '',
  'bom.txt': '\ufeffstarts with a byte order mark\n',
  // Denied by the default list (exist on disk, must never be served).
  '.env': 'SECRET=1\n',
  '.env.local': 'SECRET=2\n',
  '.git/config': '[core]\n',
  'sub/.git/HEAD': 'ref: refs/heads/main\n',
  'keys/server.pem': '-----BEGIN PRIVATE KEY-----\n',
  'server.key': 'key\n',
  id_rsa: 'key\n',
  'id_rsa.pub': 'ssh-rsa AAAA\n',
  // Denied only when the embedder extends the list with `secrets/` / `*.secret.md`.
  'secrets/token.txt': 'token\n',
  'docs/plan.secret.md': '# Plan\n',
};

/** `big.txt`: 100 bytes of ASCII, then multi-byte characters, repeated: cut at any byte it must stay valid UTF-8. */
export function bigText(bytes: number): string {
  const unit = 'a'.repeat(93) + MULTIBYTE; // 93 + 4 + 3 + 2 = 102 bytes
  return unit.repeat(Math.ceil(bytes / 102));
}

/** A name whose NFC and NFD forms differ: stored on disk as NFD. */
export const NFD_NAME = 'notes/cafe\u0301.md';
export const NFC_NAME = 'notes/caf\u00e9.md';

/** How the endpoint answers a path. */
export type Expect = 200 | 400 | 403 | 404 | 415;

/** One request path and the answer it must get. */
export interface PathCase {
  /** The `path` parameter exactly as it goes on the wire (percent-encoded where noted). */
  query: string;
  expect: Expect;
  /** Workspace path the answer must name (200 only). */
  served?: string;
  /** Needs the real file system (symlinks, FIFOs, sockets, directories): not for the memory host. */
  fsOnly?: boolean;
  note: string;
}

/** The path table: every traversal form, plus the allowed cases beside them. */
export const PATH_CASES: PathCase[] = [
  // Allowed.
  { query: 'README.md', expect: 200, served: 'README.md', note: 'plain file' },
  { query: 'docs/guide.md', expect: 200, served: 'docs/guide.md', note: 'nested file' },
  { query: 'docs%2Fguide.md', expect: 200, served: 'docs/guide.md', note: 'encoded slash is one decode, still inside' },
  { query: './docs/./guide.md', expect: 200, served: 'docs/guide.md', note: 'dot segments normalised' },
  { query: 'docs//guide.md', expect: 200, served: 'docs/guide.md', note: 'empty segment normalised' },
  { query: 'with%20space.md', expect: 200, served: 'with space.md', note: 'encoded space' },
  { query: 'with+space.md', expect: 200, served: 'with space.md', note: 'plus is a space in a query' },
  { query: 'plus%2Bsign.md', expect: 200, served: 'plus+sign.md', note: 'encoded plus' },
  { query: '50%25.md', expect: 200, served: '50%.md', note: 'encoded percent sign' },
  { query: 'hash%23name.md', expect: 200, served: 'hash#name.md', note: 'encoded hash' },
  { query: 'notes/%E6%96%87%E6%A1%A3.md', expect: 200, served: 'notes/文档.md', note: 'Chinese name, UTF-8 encoded' },
  { query: 'notes/%D0%B7%D0%B0%D0%BC%D0%B5%D1%82%D0%BA%D0%B0.md', expect: 200, served: 'notes/заметка.md', note: 'Cyrillic name' },
  { query: encodeURIComponent(NFD_NAME), expect: 200, served: NFD_NAME, note: 'NFD name as stored' },
  { query: encodeURIComponent(NFC_NAME), expect: 200, served: NFD_NAME, note: 'NFC request for an NFD name' },
  { query: 'empty.txt', expect: 200, served: 'empty.txt', note: 'empty file' },
  { query: 'link-inside.md', expect: 200, served: 'docs/guide.md', fsOnly: true, note: 'symlink inside the workspace' },
  { query: 'link-dir-inside/api.md', expect: 200, served: 'docs/api.md', fsOnly: true, note: 'directory symlink inside the workspace' },

  // Not there (inside the workspace, so 404 — never an escape).
  { query: 'missing.md', expect: 404, note: 'missing file' },
  { query: 'README.md%3Fx%3D1', expect: 404, note: 'encoded question mark is part of the name' },
  { query: '%EF%BC%8E%EF%BC%8E/outside/secret.txt', expect: 404, note: 'full-width dots are not dots' },
  { query: '%C0%AE%C0%AE/outside/secret.txt', expect: 404, note: 'overlong UTF-8 dots decode to replacement characters' },
  { query: '..%C0%AFoutside', expect: 404, note: 'overlong UTF-8 slash' },
  { query: 'README.md/', expect: 200, served: 'README.md', note: 'trailing slash normalised' },

  // Traversal.
  { query: '..', expect: 403, note: 'parent' },
  { query: '../outside/secret.txt', expect: 403, note: 'plain ..' },
  { query: '../../../../../../etc/passwd', expect: 403, note: 'deep ..' },
  { query: 'docs/../../outside/secret.txt', expect: 403, note: '.. after a segment' },
  { query: 'docs/../README.md', expect: 403, note: '.. is refused even when it would stay inside' },
  { query: './../outside/secret.txt', expect: 403, note: './..' },
  { query: '..%2Foutside%2Fsecret.txt', expect: 403, note: 'encoded slash' },
  { query: '%2e%2e%2foutside%2fsecret.txt', expect: 403, note: 'encoded dots and slash' },
  { query: '%2E%2E/outside/secret.txt', expect: 403, note: 'upper-case encoded dots' },
  { query: 'docs/%2e%2e/%2e%2e/outside/secret.txt', expect: 403, note: 'encoded dots inside' },
  { query: '%252e%252e%252foutside%252fsecret.txt', expect: 403, note: 'double-encoded' },
  { query: '%25252e%25252e%25252foutside', expect: 403, note: 'triple-encoded' },
  { query: '..%252foutside%252fsecret.txt', expect: 403, note: 'double-encoded slash' },
  { query: '%252e%252e/outside/secret.txt', expect: 403, note: 'double-encoded dots' },
  { query: '..%5Coutside%5Csecret.txt', expect: 403, note: 'backslash' },
  { query: '%5C..%5Coutside', expect: 403, note: 'leading backslash' },
  { query: 'docs%5C..%5C..%5Coutside', expect: 403, note: 'backslashes inside' },
  { query: '..%255Coutside', expect: 403, note: 'double-encoded backslash' },
  { query: '...', expect: 403, note: 'three dots' },
  { query: '..%20/outside/secret.txt', expect: 403, note: 'dots and a space' },
  { query: '.%20./outside', expect: 403, note: 'dot space dot' },
  { query: '....//outside', expect: 403, note: 'four dots' },

  // Absolute paths, drives, UNC.
  { query: '/etc/passwd', expect: 403, note: 'absolute' },
  { query: '%2Fetc%2Fpasswd', expect: 403, note: 'encoded absolute' },
  { query: '//etc/passwd', expect: 403, note: 'double slash' },
  { query: '%2F%2Fserver%2Fshare%2Fx', expect: 403, note: 'UNC with slashes' },
  { query: '%5C%5Cserver%5Cshare%5Cx', expect: 403, note: 'UNC with backslashes' },
  { query: '%5C%5C%3F%5CC%3A%5Cx', expect: 403, note: 'Windows device path' },
  { query: 'C:/Windows/win.ini', expect: 403, note: 'drive letter' },
  { query: 'c%3A%5Cwindows%5Cwin.ini', expect: 403, note: 'encoded drive letter' },
  { query: 'C:secret.txt', expect: 403, note: 'drive-relative' },
  { query: 'README.md::$DATA', expect: 403, note: 'alternate data stream' },
  { query: 'file:///etc/passwd', expect: 403, note: 'file URL' },

  // NUL and control characters.
  { query: 'README.md%00', expect: 403, note: 'NUL at the end' },
  { query: 'README.md%00.txt', expect: 403, note: 'NUL before an extension' },
  { query: '%00', expect: 403, note: 'only NUL' },
  { query: 'README.md%2500', expect: 403, note: 'double-encoded NUL' },
  { query: 'README%0A.md', expect: 403, note: 'newline' },
  { query: 'README%1B.md', expect: 403, note: 'escape character' },
  { query: '', expect: 403, note: 'empty' },
  { query: '.', expect: 403, note: 'only a dot' },
  { query: '%2F', expect: 403, note: 'only a slash' },
  { query: 'a/'.repeat(2100) + 'x', expect: 403, note: 'too long' },

  // Deny list.
  { query: '.env', expect: 403, note: '.env' },
  { query: '.env.local', expect: 403, note: '.env.*' },
  { query: '.ENV', expect: 403, note: 'deny list ignores case' },
  { query: '.git/config', expect: 403, note: '.git/' },
  { query: '%2Egit%2Fconfig', expect: 403, note: 'encoded .git' },
  { query: '.GIT/config', expect: 403, note: '.GIT/' },
  { query: 'sub/.git/HEAD', expect: 403, note: 'nested .git/' },
  { query: 'keys/server.pem', expect: 403, note: '*.pem' },
  { query: 'server.key', expect: 403, note: '*.key' },
  { query: 'SERVER.KEY', expect: 403, note: '*.key in capitals' },
  { query: 'id_rsa', expect: 403, note: 'id_rsa' },
  { query: 'id_rsa.pub', expect: 403, note: 'id_rsa*' },
  { query: 'link-to-env', expect: 403, fsOnly: true, note: 'symlink inside pointing at a denied file' },

  // Symlinks out, special files, directories.
  { query: 'link-outside', expect: 403, fsOnly: true, note: 'symlink to a file outside' },
  { query: 'link-dir-outside/secret.txt', expect: 403, fsOnly: true, note: 'through a directory symlink outside' },
  { query: 'link-sibling', expect: 403, fsOnly: true, note: 'symlink into a sibling whose name starts like the root' },
  { query: 'link-etc-passwd', expect: 403, fsOnly: true, note: 'absolute symlink to /etc/passwd' },
  { query: 'link-dev-null', expect: 403, fsOnly: true, note: 'symlink to a device' },
  { query: 'link-loop', expect: 403, fsOnly: true, note: 'symlink loop' },
  { query: 'link-dangling', expect: 404, fsOnly: true, note: 'dangling symlink' },
  { query: 'fifo', expect: 403, fsOnly: true, note: 'FIFO' },
  { query: 'socket', expect: 403, fsOnly: true, note: 'Unix socket' },
  { query: 'docs', expect: 403, fsOnly: true, note: 'directory' },
  { query: 'docs/', expect: 403, fsOnly: true, note: 'directory with a slash' },
];

/** One relative link and the workspace path it must resolve to (null: not clickable). */
export interface ResolveCase {
  href: string;
  from: string;
  expected: string | null;
  fsOnly?: boolean;
}

/** Relative links: as written in documents, already resolved, and every way out. */
export const RESOLVE_CASES: ResolveCase[] = [
  { href: '../README.md', from: 'docs/guide.md', expected: 'README.md' },
  { href: './api.md', from: 'docs/guide.md', expected: 'docs/api.md' },
  { href: 'api.md#calls', from: 'docs/guide.md', expected: 'docs/api.md' },
  { href: 'api.md?plain=1', from: 'docs/guide.md', expected: 'docs/api.md' },
  // A link is relative to its document, never also guessed as resolved already:
  // the preview asks with the root-relative form of the path it resolved.
  { href: 'docs/api.md', from: 'docs/guide.md', expected: null },
  { href: '/docs/api.md', from: 'docs/guide.md', expected: 'docs/api.md' },
  { href: 'docs/guide.md', from: 'README.md', expected: 'docs/guide.md' },
  { href: 'README.md', from: 'docs/guide.md', expected: 'docs/README.md' },
  { href: './README.md', from: 'docs/guide.md', expected: 'docs/README.md' },
  { href: '/README.md', from: 'docs/guide.md', expected: 'README.md' },
  { href: 'with%20space.md', from: 'README.md', expected: 'with space.md' },
  { href: '%2e%2e/README.md', from: 'docs/guide.md', expected: 'README.md' },
  { href: '../../outside/secret.txt', from: 'docs/guide.md', expected: null },
  { href: '../../../etc/passwd', from: 'docs/guide.md', expected: null },
  { href: '..%2F..%2Foutside%2Fsecret.txt', from: 'docs/guide.md', expected: null },
  { href: 'https://example.com/x.md', from: 'README.md', expected: null },
  { href: 'javascript:alert(1)', from: 'README.md', expected: null },
  { href: '//example.com/x', from: 'README.md', expected: null },
  { href: '#calls', from: 'docs/api.md', expected: null },
  { href: '', from: 'README.md', expected: null },
  { href: '../.env', from: 'docs/guide.md', expected: null },
  { href: '.git/config', from: 'README.md', expected: null },
  { href: 'missing.md', from: 'README.md', expected: null },
  { href: '..\\outside\\secret.txt', from: 'docs/guide.md', expected: null },
  { href: 'README.md%00.md', from: 'README.md', expected: null },
  { href: 'link-outside', from: 'README.md', expected: null, fsOnly: true },
  { href: 'docs', from: 'README.md', expected: null, fsOnly: true },
  { href: 'fifo', from: 'README.md', expected: null, fsOnly: true },
  { href: '../link-inside.md', from: 'docs/guide.md', expected: 'docs/guide.md', fsOnly: true },
];
