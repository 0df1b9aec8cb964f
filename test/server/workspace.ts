/**
 * Builds the test workspace on disk (Node only): the text files of
 * `test/host/workspace-fixture.ts` plus what only a real file system has —
 * symlinks in and out, a FIFO, a Unix socket, binary files, a big file —
 * and, beside it, the "outside" the endpoint must never reach.
 *
 *   <tmp>/root/…          the workspace
 *   <tmp>/outside/…       a secret next to it
 *   <tmp>/root-evil/…     a sibling whose name starts like the root
 *   <tmp>/root-link       a symlink to the root (symlinked root)
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bigText, NFD_NAME, WORKSPACE_TEXT_FILES } from '../host/workspace-fixture.js';

/** A workspace on disk. */
export interface TestWorkspace {
  /** The temporary directory holding everything. */
  dir: string;
  /** The workspace root. */
  root: string;
  /** A symlink to the root. */
  rootLink: string;
  /** Size in bytes of `big.txt`. */
  bigSize: number;
  /** Removes everything. */
  cleanup(): Promise<void>;
}

/** Bytes of `big.txt`: bigger than the limits the tests set. */
export const BIG_FILE_BYTES = 300_000;

/** Creates a fresh workspace under the system temporary directory. */
export async function createTestWorkspace(prefix = 'qa-ws-'): Promise<TestWorkspace> {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  const root = path.join(dir, 'root');
  const write = (rel: string, content: string | Uint8Array) => {
    const full = path.join(root, rel);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, content);
  };
  mkdirSync(root);
  for (const [rel, content] of Object.entries(WORKSPACE_TEXT_FILES)) write(rel, content);
  write(NFD_NAME, '# Café\n\nStored under a decomposed (NFD) name.\n');
  const big = bigText(BIG_FILE_BYTES);
  write('big.txt', big);
  // A NUL byte early: binary.
  write('binary.bin', Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]));
  // Latin-1 bytes, no NUL: not UTF-8, so binary too.
  write('latin1.txt', Uint8Array.from([0x63, 0x61, 0x66, 0xe9, 0x20, 0x6e, 0x61, 0xef, 0x76, 0x65, 0x0a]));
  // Valid for the first KB, invalid after: text (the sniff looks at the start), the bad byte decodes as U+FFFD.
  write('late-invalid.txt', Buffer.concat([Buffer.from('x'.repeat(2000)), Buffer.from([0xff]), Buffer.from('\n')]));
  // A multi-byte character straddling the 1 KB sniff boundary is still text.
  write('straddle.txt', 'a'.repeat(1023) + '中' + '\n');

  mkdirSync(path.join(dir, 'outside'));
  writeFileSync(path.join(dir, 'outside', 'secret.txt'), 'TOP SECRET outside the workspace\n');
  mkdirSync(path.join(dir, 'root-evil'));
  writeFileSync(path.join(dir, 'root-evil', 'x.txt'), 'TOP SECRET in a sibling\n');

  const link = (target: string, rel: string) => symlinkSync(target, path.join(root, rel));
  link('docs/guide.md', 'link-inside.md');
  link('docs', 'link-dir-inside');
  link('.env', 'link-to-env');
  link('../outside/secret.txt', 'link-outside');
  link('../outside', 'link-dir-outside');
  link('../root-evil/x.txt', 'link-sibling');
  link('/etc/passwd', 'link-etc-passwd');
  link('/dev/null', 'link-dev-null');
  link('link-loop', 'link-loop');
  link('does-not-exist.md', 'link-dangling');
  execFileSync('mkfifo', [path.join(root, 'fifo')]);
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path.join(root, 'socket'), () => resolve());
  });
  server.unref();
  const rootLink = path.join(dir, 'root-link');
  symlinkSync(root, rootLink);

  return {
    dir,
    root,
    rootLink,
    bigSize: Buffer.byteLength(big),
    async cleanup() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
