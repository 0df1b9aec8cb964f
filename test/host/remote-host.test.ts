// The DSH-style adapter: segments, the AbortSignal, text and unavailable
// answers, thrown errors, wrong shapes, and links. The remote call here is a
// small real implementation over the fixture workspace that records what it
// was asked.
import { expect } from 'chai';
import { codeForUnavailable, createRemoteHost, QaHostError, type QaHostErrorCode, type QaRemoteRead } from '../../src/host/index.js';
import { WORKSPACE_TEXT_FILES } from './workspace-fixture.js';

interface Call {
  sessionId: string;
  segments: string[];
  signal: AbortSignal | undefined;
}

/** A workspace-file call like DSH's, over the fixture files; `special` answers override by path. */
function workspaceRead(calls: Call[], special: Record<string, () => unknown> = {}): QaRemoteRead {
  return async (sessionId, req, signal) => {
    calls.push({ sessionId, segments: req.segments, signal });
    const path = req.segments.join('/');
    if (special[path]) return special[path]!() as never;
    const content = WORKSPACE_TEXT_FILES[path];
    if (content === undefined)
      return { kind: 'unavailable', file: `/srv/ws/${path}`, name: req.segments.at(-1) ?? '', reason: 'not-file', maxBytes: 1_000_000 };
    return {
      kind: 'text',
      file: `/srv/ws/${path}`,
      name: req.segments.at(-1) ?? '',
      content,
      byteLength: new TextEncoder().encode(content).byteLength,
      version: 'v1',
    };
  };
}

async function failure(work: Promise<unknown>): Promise<QaHostError> {
  try {
    await work;
  } catch (e) {
    expect(e).to.be.instanceOf(QaHostError);
    return e as QaHostError;
  }
  throw new Error('expected a failure');
}

describe('createRemoteHost', () => {
  it('splits the path into segments, passes session and signal, keeps the workspace path', async () => {
    const calls: Call[] = [];
    const host = createRemoteHost(workspaceRead(calls));
    const controller = new AbortController();
    const file = await host.readFile({ sessionId: 'sess-1', path: './docs//guide.md', signal: controller.signal });
    expect(calls).to.have.length(1);
    expect(calls[0]!.sessionId).to.equal('sess-1');
    expect(calls[0]!.segments).to.deep.equal(['docs', 'guide.md']);
    expect(calls[0]!.signal).to.equal(controller.signal);
    // The remote's `file` is an absolute host path: never passed on.
    expect(file.path).to.equal('docs/guide.md');
    expect(file.content).to.equal(WORKSPACE_TEXT_FILES['docs/guide.md']);
    expect(file.size).to.equal(new TextEncoder().encode(WORKSPACE_TEXT_FILES['docs/guide.md']!).byteLength);
    expect(file.truncated).to.equal(false);
    expect(file.mime).to.equal('text/markdown');
    expect(JSON.stringify(file)).not.to.include('/srv/ws');
  });

  it('maps every unavailable reason to a code with size details', async () => {
    const reasons: Array<[string, QaHostErrorCode]> = [
      ['too-large', 'too-large'],
      ['not-text', 'unsupported'],
      ['not-file', 'forbidden'],
      ['something-new', 'not-found'],
    ];
    for (const [reason, code] of reasons) {
      expect(codeForUnavailable(reason)).to.equal(code);
      const host = createRemoteHost(
        workspaceRead([], { 'big.log': () => ({ kind: 'unavailable', file: '/srv/ws/big.log', name: 'big.log', reason, maxBytes: 1_000, byteLength: 5_000 }) }),
      );
      const e = await failure(host.readFile({ sessionId: 's', path: 'big.log' }));
      expect(e.code).to.equal(code);
      expect(e.details).to.deep.equal({ size: 5_000, maxBytes: 1_000 });
      expect(e.message).not.to.include('/srv/ws');
    }
  });

  it('refuses paths by the shared rules before calling the remote', async () => {
    const calls: Call[] = [];
    const host = createRemoteHost(workspaceRead(calls), { deny: ['secrets/'] });
    for (const path of ['../x', '/etc/passwd', 'a\\b', '.env', '.git/config', 'secrets/token.txt', '%2e%2e/x', 'C:/x', '']) {
      expect((await failure(host.readFile({ sessionId: 's', path }))).code, path).to.equal('forbidden');
    }
    expect(calls).to.have.length(0);
  });

  it('thrown errors: AbortError → aborted, TimeoutError → timeout, anything else → network without its message', async () => {
    const throwing = (error: unknown) =>
      createRemoteHost(async () => {
        throw error;
      });
    expect((await failure(throwing(new DOMException('x', 'AbortError')).readFile({ sessionId: 's', path: 'a.md' }))).code).to.equal('aborted');
    expect((await failure(throwing(new DOMException('x', 'TimeoutError')).readFile({ sessionId: 's', path: 'a.md' }))).code).to.equal('timeout');
    const e = await failure(throwing(new Error('EACCES: /home/user/ws/a.md at Object.read (remote.js:12)')).readFile({ sessionId: 's', path: 'a.md' }));
    expect(e.code).to.equal('network');
    expect(e.message).not.to.match(/home|EACCES|remote\.js/);
    expect((await failure(throwing('a string').readFile({ sessionId: 's', path: 'a.md' }))).code).to.equal('network');
  });

  it('aborts a call that never answers, and never calls when already aborted', async () => {
    const calls: Call[] = [];
    const host = createRemoteHost(async (sessionId, req, signal) => {
      calls.push({ sessionId, segments: req.segments, signal });
      return new Promise<never>(() => undefined);
    });
    const controller = new AbortController();
    const pending = host.readFile({ sessionId: 's', path: 'a.md', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect((await failure(pending)).code).to.equal('aborted');
    const done = new AbortController();
    done.abort();
    expect((await failure(host.readFile({ sessionId: 's', path: 'b.md', signal: done.signal }))).code).to.equal('aborted');
    expect(calls.map((c) => c.segments.join('/'))).to.deep.equal(['a.md']);
  });

  it('wrong answer shapes → network', async () => {
    for (const answer of [null, 42, 'text', {}, { kind: 'text' }, { kind: 'text', content: 5 }, { kind: 'binary', content: 'x' }]) {
      const host = createRemoteHost(async () => answer as never);
      expect((await failure(host.readFile({ sessionId: 's', path: 'a.md' }))).code, JSON.stringify(answer)).to.equal('network');
    }
  });

  it('applies the requested maxBytes and trusts a larger declared byteLength', async () => {
    const host = createRemoteHost(async () => ({ kind: 'text', file: 'x', name: 'x', content: 'héllo wörld', byteLength: 13, version: 1 }));
    const cut = await host.readFile({ sessionId: 's', path: 'x.txt', maxBytes: 4 });
    expect([cut.content, cut.size, cut.truncated]).to.deep.equal(['hél', 13, true]);
    const partial = createRemoteHost(async () => ({ kind: 'text', file: 'x', name: 'x', content: 'head', byteLength: 9_000, version: 1 }));
    const p = await partial.readFile({ sessionId: 's', path: 'x.txt' });
    expect([p.size, p.truncated]).to.deep.equal([9_000, true]);
  });

  it('resolveLink: probe asks the remote once per path, lexical does not ask, none refuses', async () => {
    const calls: Call[] = [];
    const probe = createRemoteHost(workspaceRead(calls));
    expect(await probe.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../README.md' })).to.equal('README.md');
    expect(await probe.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../README.md#x' })).to.equal('README.md');
    expect(await probe.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: 'missing.md' })).to.equal(null);
    expect(await probe.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../../outside/secret.txt' })).to.equal(null);
    expect(await probe.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../.env' })).to.equal(null);
    // A link is read one way: relative to its document.
    expect(calls.map((c) => c.segments.join('/'))).to.deep.equal(['README.md', 'docs/missing.md']);

    const lexicalCalls: Call[] = [];
    const lexical = createRemoteHost(workspaceRead(lexicalCalls), { resolveLinks: 'lexical' });
    expect(await lexical.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: './missing.md' })).to.equal('docs/missing.md');
    expect(await lexical.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../../x' })).to.equal(null);
    expect(lexicalCalls).to.have.length(0);

    const none = createRemoteHost(workspaceRead([]), { resolveLinks: 'none' });
    expect(await none.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../README.md' })).to.equal(null);
  });
});
