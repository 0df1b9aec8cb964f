// The fetch host against the real file endpoint the test server mounts over
// a temporary workspace (test/server/index.ts), and against test routes that
// misbehave: malformed JSON, wrong shapes, error statuses, a server that
// never answers, a redirect, an oversized answer.
import { expect } from 'chai';
import { createFetchHost, QaHostError, type QaHostErrorCode } from '../../src/host/index.js';
import { bigText, NFD_NAME, RESOLVE_CASES, WORKSPACE_TEXT_FILES } from './workspace-fixture.js';

const ENDPOINT = '/__qa/files';
const host = createFetchHost({ endpoint: ENDPOINT });
const SECRETS = ['secret-body-text', '/home/user', 'unterminated', 'Login', 'TOP SECRET', 'stack'];

/** Awaits `work`, expecting it to fail with a `QaHostError` of `code` whose message leaks nothing. */
async function failsWith(work: Promise<unknown>, code: QaHostErrorCode): Promise<QaHostError> {
  let error: unknown = null;
  try {
    await work;
  } catch (e) {
    error = e;
  }
  expect(error, `expected a ${code} error`).to.be.instanceOf(QaHostError);
  const e = error as QaHostError;
  expect(e.code).to.equal(code);
  for (const s of SECRETS) expect(e.message).not.to.include(s);
  return e;
}

describe('createFetchHost against the real endpoint', () => {
  it('reads a file: content, size, truncated, mime', async () => {
    const file = await host.readFile({ sessionId: 's1', path: 'README.md' });
    expect(file).to.deep.equal({
      path: 'README.md',
      content: WORKSPACE_TEXT_FILES['README.md'],
      size: new TextEncoder().encode(WORKSPACE_TEXT_FILES['README.md']).byteLength,
      truncated: false,
      mime: 'text/markdown',
    });
  });

  it('reads a symlink inside and a unicode name, answering for the path asked for', async () => {
    const link = await host.readFile({ sessionId: 's1', path: 'link-inside.md' });
    expect(link.path).to.equal('link-inside.md');
    expect(link.content).to.equal(WORKSPACE_TEXT_FILES['docs/guide.md']);
    expect((await host.readFile({ sessionId: 's1', path: NFD_NAME.normalize('NFC') })).path).to.equal(NFD_NAME.normalize('NFC'));
    expect((await host.readFile({ sessionId: 's1', path: 'notes/文档.md' })).content).to.equal(WORKSPACE_TEXT_FILES['notes/文档.md']);
    expect((await host.readFile({ sessionId: 's1', path: 'hash#name.md' })).path).to.equal('hash#name.md');
  });

  it('passes maxBytes and gets an excerpt cut on a character boundary', async () => {
    const file = await host.readFile({ sessionId: 's1', path: 'big.txt', maxBytes: 1_000 });
    expect(file.truncated).to.equal(true);
    expect(file.size).to.be.greaterThan(100_000);
    expect(bigText(file.size).startsWith(file.content)).to.equal(true);
    expect(new TextEncoder().encode(file.content).byteLength).to.be.within(997, 1_000);
  });

  it('404 → not-found', async () => {
    await failsWith(host.readFile({ sessionId: 's1', path: 'missing.md' }), 'not-found');
  });

  it('403 from the server (deny list, symlink out, FIFO, directory) → forbidden', async () => {
    for (const path of ['.env', 'link-outside', 'link-dev-null', 'fifo', 'docs']) {
      await failsWith(host.readFile({ sessionId: 's1', path }), 'forbidden');
    }
  });

  it('paths the rules refuse never leave the browser', async () => {
    const before = performance.getEntriesByType('resource').length;
    for (const path of ['../outside/secret.txt', '/etc/passwd', 'a\\..\\b', 'C:/x', 'x\u0000y', '%2e%2e/x']) {
      await failsWith(host.readFile({ sessionId: 's1', path }), 'forbidden');
    }
    const requests = performance
      .getEntriesByType('resource')
      .slice(before)
      .filter((r) => r.name.includes(ENDPOINT));
    expect(requests).to.have.length(0);
  });

  it('415 → unsupported (binary, not UTF-8)', async () => {
    await failsWith(host.readFile({ sessionId: 's1', path: 'binary.bin' }), 'unsupported');
    await failsWith(host.readFile({ sessionId: 's1', path: 'latin1.txt' }), 'unsupported');
  });

  for (const c of RESOLVE_CASES) {
    it(`resolveLink ${JSON.stringify(c.href)} from ${c.from} → ${c.expected}`, async () => {
      expect(await host.resolveLink({ sessionId: 's1', fromPath: c.from, href: c.href })).to.equal(c.expected);
    });
  }
});

describe('createFetchHost against misbehaving servers', () => {
  it('malformed JSON → network, and the body never reaches the message', async () => {
    await failsWith(createFetchHost({ endpoint: '/__qa/test/garbage' }).readFile({ sessionId: 's', path: 'README.md' }), 'network');
    await failsWith(createFetchHost({ endpoint: '/__qa/test/html' }).readFile({ sessionId: 's', path: 'README.md' }), 'network');
  });

  it('every wrong JSON shape → network', async () => {
    const { count } = (await (await fetch('/__qa/test/wrong-shape-count')).json()) as { count: number };
    expect(count).to.be.greaterThan(5);
    for (let v = 0; v < count; v++) {
      const h = createFetchHost({ endpoint: `/__qa/test/wrong-shape?v=${v}` });
      await failsWith(h.readFile({ sessionId: 's', path: 'README.md' }), 'network');
      // A resolve answer is only `{ path }`: any shape whose path is not a clean workspace path is null.
      const resolved = await h.resolveLink({ sessionId: 's', fromPath: 'README.md', href: 'x.md' });
      expect(resolved === null || resolved === 'README.md', String(resolved)).to.equal(true);
    }
    const escaping = createFetchHost({ endpoint: '/__qa/test/wrong-shape?v=3' });
    expect(await escaping.resolveLink({ sessionId: 's', fromPath: 'README.md', href: 'x.md' })).to.equal(null);
  });

  const statuses: Array<[number, string | null, QaHostErrorCode]> = [
    [500, null, 'network'],
    [502, null, 'network'],
    [503, null, 'network'],
    [400, null, 'forbidden'],
    [401, null, 'forbidden'],
    [403, null, 'forbidden'],
    [404, null, 'not-found'],
    [410, null, 'not-found'],
    [408, null, 'timeout'],
    [504, null, 'timeout'],
    [413, null, 'too-large'],
    [415, null, 'unsupported'],
    [418, null, 'network'],
    [403, 'unsupported', 'unsupported'],
    [500, 'not-a-known-code', 'network'],
  ];
  for (const [status, code, expected] of statuses) {
    it(`HTTP ${status}${code ? ` with code ${code}` : ''} → ${expected}, body not leaked`, async () => {
      const h = createFetchHost({ endpoint: `/__qa/test/status?status=${status}${code ? `&code=${code}` : ''}` });
      await failsWith(h.readFile({ sessionId: 's', path: 'README.md' }), expected);
    });
  }

  it('a server that never answers → timeout', async () => {
    const h = createFetchHost({ endpoint: '/__qa/test/hang', timeoutMs: 300 });
    await failsWith(h.readFile({ sessionId: 's', path: 'README.md' }), 'timeout');
    expect(await h.resolveLink({ sessionId: 's', fromPath: 'README.md', href: 'x.md' })).to.equal(null);
  });

  it('a body that never ends → timeout', async () => {
    await failsWith(createFetchHost({ endpoint: '/__qa/test/hang-body', timeoutMs: 300 }).readFile({ sessionId: 's', path: 'README.md' }), 'timeout');
  });

  it('abort while waiting → aborted; an aborted signal sends nothing', async () => {
    const h = createFetchHost({ endpoint: '/__qa/test/hang', timeoutMs: 10_000 });
    const controller = new AbortController();
    const pending = h.readFile({ sessionId: 's', path: 'README.md', signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await failsWith(pending, 'aborted');

    const before = performance.getEntriesByType('resource').length;
    const done = new AbortController();
    done.abort();
    await failsWith(host.readFile({ sessionId: 's', path: 'README.md', signal: done.signal }), 'aborted');
    expect(
      performance
        .getEntriesByType('resource')
        .slice(before)
        .filter((r) => r.name.includes(ENDPOINT)),
    ).to.have.length(0);
  });

  it('abort while the body streams → aborted', async () => {
    const controller = new AbortController();
    const pending = createFetchHost({ endpoint: '/__qa/test/hang-body', timeoutMs: 10_000 }).readFile({
      sessionId: 's',
      path: 'README.md',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await failsWith(pending, 'aborted');
  });

  it('a redirect is not followed → network', async () => {
    await failsWith(createFetchHost({ endpoint: '/__qa/test/redirect' }).readFile({ sessionId: 's', path: 'README.md' }), 'network');
  });

  it('an answer far bigger than the asked maxBytes → too-large', async () => {
    await failsWith(createFetchHost({ endpoint: '/__qa/test/oversized' }).readFile({ sessionId: 's', path: 'README.md', maxBytes: 1_000 }), 'too-large');
  });

  it('sends the configured headers, JSON accept, path and sessionId', async () => {
    const h = createFetchHost({ endpoint: '/__qa/test/echo-headers', headers: { 'X-Qa-Token': 'abc' } });
    const file = await h.readFile({ sessionId: 'sess 1', path: 'docs/guide.md', maxBytes: 10 });
    const echo = JSON.parse(file.content) as { token: string; accept: string; url: string };
    expect(echo.token).to.equal('abc');
    expect(echo.accept).to.equal('application/json');
    const q = new URL(echo.url, location.href).searchParams;
    expect([q.get('path'), q.get('sessionId'), q.get('maxBytes')]).to.deep.equal(['docs/guide.md', 'sess 1', '10']);
  });

  it('an unreachable endpoint → network', async () => {
    await failsWith(createFetchHost({ endpoint: 'http://127.0.0.1:9/files', timeoutMs: 5_000 }).readFile({ sessionId: 's', path: 'README.md' }), 'network');
  });
});
