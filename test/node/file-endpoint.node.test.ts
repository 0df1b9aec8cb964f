// The read-only file endpoint over a real temporary directory (symlinks, a
// FIFO, a socket, a symlink to a device), behind a real HTTP server on
// 127.0.0.1. Every traversal form of the shared table, truncation at UTF-8
// boundaries, binary content, the deny list, methods, headers, and proof
// that nothing is written and no host path is echoed.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import { lstatSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createFileEndpoint, type QaFileEndpointOptions } from '../../src/node/index.js';
import { createTestWorkspace, type TestWorkspace } from '../server/workspace.js';
import { bigText, NFD_NAME, PATH_CASES, RESOLVE_CASES, WORKSPACE_TEXT_FILES } from '../host/workspace-fixture.js';

interface Reply {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  // Read field by field by the assertions, whatever the endpoint answered.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
}

let ws: TestWorkspace;
const servers: http.Server[] = [];
let before_: Map<string, string>;

async function serve(options: Partial<QaFileEndpointOptions> = {}): Promise<number> {
  const handler = createFileEndpoint({ root: ws.root, maxBytes: 100_000, ...options });
  const server = http.createServer((req, res) => void handler(req, res));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return (server.address() as { port: number }).port;
}

function request(port: number, target: string, method = 'GET', body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: target,
        method,
        headers: body ? { 'content-type': 'text/plain', 'content-length': String(Buffer.byteLength(body)) } : {},
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: unknown;
          try {
            json = text ? JSON.parse(text) : undefined;
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
        });
      },
    );
    req.on('error', reject);
    if (body) req.write(body);
    req.end();
  });
}

/** Every entry of the temporary directory with its type, size and modification time. */
function snapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const full = path.join(d, name);
      const st = lstatSync(full);
      out.set(path.relative(dir, full), `${st.mode}:${st.size}:${st.mtimeMs}`);
      if (st.isDirectory()) walk(full);
    }
  };
  walk(dir);
  return out;
}

/** Nothing about the host's file system appears in an answer. */
function assertNoHostPaths(reply: Reply): void {
  for (const secret of [ws.dir, ws.root, path.basename(ws.dir), 'root-evil', 'TOP SECRET', '/etc/', 'root:x:0']) {
    assert.ok(!reply.text.includes(secret), `answer mentions ${JSON.stringify(secret)}: ${reply.text.slice(0, 200)}`);
  }
}

function assertSecurityHeaders(reply: Reply): void {
  assert.equal(reply.headers['x-content-type-options'], 'nosniff');
  assert.equal(reply.headers['cache-control'], 'no-store');
  assert.match(String(reply.headers['content-security-policy']), /^default-src 'none'/);
  assert.match(String(reply.headers['content-type']), /^application\/json/);
}

let port: number;

before(async () => {
  ws = await createTestWorkspace('qa-endpoint-');
  before_ = snapshot(ws.dir);
  port = await serve();
});

after(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  await ws.cleanup();
});

describe('path table', () => {
  for (const c of PATH_CASES) {
    test(`${c.expect} ${c.note}: ${c.query.length > 60 ? c.query.slice(0, 60) + '…' : c.query}`, async () => {
      const reply = await request(port, `/files?path=${c.query}&sessionId=s1`);
      assert.equal(reply.status, c.expect, reply.text.slice(0, 200));
      assertSecurityHeaders(reply);
      assertNoHostPaths(reply);
      if (c.expect === 200) {
        assert.equal(reply.json.path, c.served);
        const onDisk = readFileSync(path.join(ws.root, c.served!), 'utf8');
        assert.equal(reply.json.content, onDisk.replace(/^\ufeff/, ''));
        assert.equal(reply.json.size, Buffer.byteLength(onDisk));
        assert.equal(reply.json.truncated, false);
      } else {
        assert.deepEqual(Object.keys(reply.json), ['error']);
        assert.equal(typeof reply.json.error.message, 'string');
        assert.equal(reply.json.error.code, { 403: 'forbidden', 404: 'not-found', 400: 'bad-request', 415: 'unsupported' }[c.expect as 403]);
      }
    });
  }

  test('the table covers dozens of refused forms', () => {
    assert.ok(PATH_CASES.filter((c) => c.expect === 403).length >= 50);
  });
});

describe('symlinked root', () => {
  let linked: number;
  before(async () => {
    linked = await serve({ root: ws.rootLink });
  });
  for (const c of PATH_CASES.filter((x) => x.expect !== 400)) {
    test(`${c.expect} through a symlinked root: ${c.note}`, async () => {
      const reply = await request(linked, `/?path=${c.query}`);
      assert.equal(reply.status, c.expect);
      if (c.expect === 200) assert.equal(reply.json.path, c.served);
      assertNoHostPaths(reply);
      assert.ok(!reply.text.includes(ws.rootLink));
    });
  }
});

describe('content', () => {
  test('a file over maxBytes comes back as an excerpt with truncated: true', async () => {
    const reply = await request(port, '/?path=big.txt');
    assert.equal(reply.status, 200);
    assert.equal(reply.json.truncated, true);
    assert.equal(reply.json.size, ws.bigSize);
    const bytes = Buffer.byteLength(reply.json.content);
    assert.ok(bytes <= 100_000 && bytes > 100_000 - 4, `excerpt of ${bytes} bytes`);
    assert.ok(bigText(ws.bigSize).startsWith(reply.json.content));
  });

  test('every cut point lands on a UTF-8 boundary (four-, three- and two-byte characters)', async () => {
    const full = bigText(ws.bigSize);
    for (let n = 90; n <= 106; n++) {
      const reply = await request(port, `/?path=big.txt&maxBytes=${n}`);
      assert.equal(reply.status, 200);
      const content: string = reply.json.content;
      assert.ok(!content.includes('\ufffd'), `cut at ${n} produced a replacement character`);
      assert.ok(full.startsWith(content), `cut at ${n} is not a prefix`);
      const bytes = Buffer.byteLength(content);
      assert.ok(bytes <= n && n - bytes < 4, `cut at ${n} kept ${bytes} bytes`);
      assert.equal(reply.json.truncated, true);
    }
  });

  test('maxBytes from the client can only lower the server limit', async () => {
    const reply = await request(port, '/?path=big.txt&maxBytes=999999999');
    assert.ok(Buffer.byteLength(reply.json.content) <= 100_000);
    const small = await request(port, '/?path=README.md&maxBytes=0');
    assert.equal(small.json.content, '');
    assert.equal(small.json.truncated, true);
  });

  test('NUL bytes and non-UTF-8 bytes at the start are unsupported (415)', async () => {
    for (const p of ['binary.bin', 'latin1.txt']) {
      const reply = await request(port, `/?path=${p}`);
      assert.equal(reply.status, 415, p);
      assert.equal(reply.json.error.code, 'unsupported');
      assertSecurityHeaders(reply);
    }
  });

  test('an invalid byte after the first KB is text with a replacement character', async () => {
    const reply = await request(port, '/?path=late-invalid.txt');
    assert.equal(reply.status, 200);
    assert.ok(reply.json.content.endsWith('\ufffd\n'));
  });

  test('a character straddling the sniff window is text', async () => {
    const reply = await request(port, '/?path=straddle.txt');
    assert.equal(reply.status, 200);
    assert.equal(reply.json.content, 'a'.repeat(1023) + '中\n');
  });

  test('mime follows the extension', async () => {
    assert.equal((await request(port, '/?path=README.md')).json.mime, 'text/markdown');
    assert.equal((await request(port, '/?path=src/main.ts')).json.mime, 'text/typescript');
    assert.equal((await request(port, '/?path=empty.txt')).json.mime, 'text/plain');
  });

  test('a byte order mark is not part of the content', async () => {
    const reply = await request(port, '/?path=bom.txt');
    assert.equal(reply.json.content, 'starts with a byte order mark\n');
  });

  test('unicode names: the NFD file answers both its NFD and NFC spelling with its on-disk name', async () => {
    for (const name of [NFD_NAME, NFD_NAME.normalize('NFC')]) {
      const reply = await request(port, `/?path=${encodeURIComponent(name)}`);
      assert.equal(reply.status, 200);
      assert.equal(reply.json.path, NFD_NAME);
    }
  });

  test('a FIFO never blocks the server: refused, and the next request is answered', async () => {
    const started = Date.now();
    const fifo = await request(port, '/?path=fifo');
    assert.equal(fifo.status, 403);
    const next = await request(port, '/?path=README.md');
    assert.equal(next.status, 200);
    assert.ok(Date.now() - started < 5_000);
  });
});

describe('deny list', () => {
  test('extensions with globs, regular expressions and functions', async () => {
    const extended = await serve({ deny: ['secrets/', '*.secret.md', /token/i, (p) => p === 'docs/api.md'] });
    for (const p of ['secrets/token.txt', 'docs/plan.secret.md', 'docs/api.md']) {
      assert.equal((await request(port, `/?path=${p}`)).status, 200, `${p} is served by default`);
      assert.equal((await request(extended, `/?path=${p}`)).status, 403, `${p} is denied when extended`);
    }
    // The default list still applies.
    assert.equal((await request(extended, '/?path=.env')).status, 403);
    // A denied target cannot be reached through a link either.
    const resolved = await request(extended, `/?resolve=api.md&from=docs/guide.md`);
    assert.equal(resolved.json.path, null);
  });

  test('a throwing deny rule refuses', async () => {
    const broken = await serve({
      deny: [
        () => {
          throw new Error('boom');
        },
      ],
    });
    assert.equal((await request(broken, '/?path=README.md')).status, 403);
  });

  test('every default-denied file exists on disk (the refusals above are real)', () => {
    for (const p of ['.env', '.env.local', '.git/config', 'sub/.git/HEAD', 'keys/server.pem', 'server.key', 'id_rsa', 'id_rsa.pub']) {
      assert.equal(readFileSync(path.join(ws.root, p), 'utf8'), WORKSPACE_TEXT_FILES[p]);
    }
  });
});

describe('resolve', () => {
  for (const { href, from, expected } of RESOLVE_CASES) {
    test(`${href} from ${from} → ${expected}`, async () => {
      const reply = await request(port, `/?resolve=${encodeURIComponent(href)}&from=${encodeURIComponent(from)}&sessionId=s1`);
      assert.equal(reply.status, 200);
      assert.deepEqual(reply.json, { path: expected });
      assertSecurityHeaders(reply);
      assertNoHostPaths(reply);
    });
  }

  test('an invalid `from` is refused; a missing one is a bad request', async () => {
    assert.equal((await request(port, '/?resolve=x.md&from=..%2Fx')).status, 403);
    assert.equal((await request(port, '/?resolve=x.md')).status, 400);
  });
});

describe('requests', () => {
  test('HEAD answers the headers of GET without a body', async () => {
    const get = await request(port, '/?path=README.md');
    const head = await request(port, '/?path=README.md', 'HEAD');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
    assert.equal(head.headers['content-length'], get.headers['content-length']);
    assertSecurityHeaders(head);
    assert.equal((await request(port, '/?path=..%2Fx', 'HEAD')).status, 403);
  });

  for (const method of ['PUT', 'POST', 'DELETE', 'PATCH', 'OPTIONS', 'PROPFIND', 'MKCOL']) {
    test(`${method} is refused with 405 and writes nothing`, async () => {
      const reply = await request(port, '/?path=new-file.txt', method, 'written by a client');
      assert.equal(reply.status, 405);
      assert.equal(reply.headers.allow, 'GET, HEAD');
      assert.equal(reply.json.error.code, 'method-not-allowed');
      assertSecurityHeaders(reply);
      const overwrite = await request(port, '/?path=README.md', method, 'overwritten');
      assert.equal(overwrite.status, 405);
      assert.equal(readFileSync(path.join(ws.root, 'README.md'), 'utf8'), WORKSPACE_TEXT_FILES['README.md']);
    });
  }

  test('bad requests: no parameter, repeated parameters, a bad maxBytes, an over-long sessionId', async () => {
    for (const target of [
      '/',
      '/?x=1',
      '/?path=README.md&path=..%2Fx',
      '/?path=README.md&maxBytes=-1',
      '/?path=README.md&maxBytes=1e3',
      `/?path=README.md&sessionId=${'s'.repeat(300)}`,
      '/?resolve=a&resolve=b&from=README.md',
    ]) {
      const reply = await request(port, target);
      assert.equal(reply.status, 400, target);
      assert.equal(reply.json.error.code, 'bad-request');
    }
  });

  test('the request path before the query does not matter (mount anywhere)', async () => {
    for (const prefix of ['/', '/__qa/files', '/../../etc/passwd', '/a/b/c']) {
      assert.equal((await request(port, `${prefix}?path=README.md`)).json.path, 'README.md');
    }
  });

  test('`allow` sees the session and can refuse', async () => {
    const seen: Array<[string | null, string]> = [];
    const guarded = await serve({
      allow: ({ sessionId, path: p }) => {
        seen.push([sessionId, p]);
        return sessionId === 'granted';
      },
    });
    assert.equal((await request(guarded, '/?path=link-inside.md&sessionId=granted')).status, 200);
    assert.equal((await request(guarded, '/?path=README.md&sessionId=other')).status, 403);
    assert.equal((await request(guarded, '/?path=README.md')).status, 403);
    assert.deepEqual(seen, [
      ['granted', 'docs/guide.md'],
      ['other', 'README.md'],
      [null, 'README.md'],
    ]);
  });

  test('a missing root answers 500 without naming it', async () => {
    const gone = await serve({ root: path.join(ws.dir, 'no-such-root') });
    const reply = await request(gone, '/?path=README.md');
    assert.equal(reply.status, 500);
    assert.equal(reply.json.error.code, 'internal');
    assertNoHostPaths(reply);
  });

  test('createFileEndpoint needs a root', () => {
    assert.throws(() => createFileEndpoint({ root: '' }), TypeError);
  });
});

describe('never writes', () => {
  test('the temporary directory is exactly as it was created', () => {
    const now = snapshot(ws.dir);
    assert.deepEqual([...now.keys()].sort(), [...before_.keys()].sort());
    for (const [k, v] of before_) if (!k.startsWith('root/socket')) assert.equal(now.get(k), v, k);
  });
});
