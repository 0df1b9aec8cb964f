// The memory host applies the endpoint's rules: the same path table and
// link table as the Node endpoint tests (where no real file system is
// needed), plus latency, failures, lazy loaders, limits and binary content.
import { expect } from 'chai';
import { createMemoryHost, QaHostError, type QaHostErrorCode, type QaMemoryFile } from '../../src/host/index.js';
import { bigText, NFD_NAME, PATH_CASES, RESOLVE_CASES, WORKSPACE_TEXT_FILES } from './workspace-fixture.js';

const files: Record<string, QaMemoryFile> = { ...WORKSPACE_TEXT_FILES, [NFD_NAME]: '# Café\n' };

async function codeOf(work: Promise<unknown>): Promise<QaHostErrorCode | 'ok'> {
  try {
    await work;
    return 'ok';
  } catch (e) {
    expect(e).to.be.instanceOf(QaHostError);
    return (e as QaHostError).code;
  }
}

/** The `path` parameter as the endpoint receives it: decoded once. */
function decodedOnce(query: string): string {
  return new URLSearchParams(`path=${query}`).get('path')!;
}

describe('createMemoryHost: the endpoint path table', () => {
  const host = createMemoryHost(files);
  for (const c of PATH_CASES.filter((x) => !x.fsOnly && x.expect !== 400)) {
    it(`${c.expect} ${c.note}`, async () => {
      const path = decodedOnce(c.query);
      const expected = { 200: 'ok', 403: 'forbidden', 404: 'not-found', 415: 'unsupported' }[c.expect as 200];
      const read = host.readFile({ sessionId: 's', path });
      expect(await codeOf(read)).to.equal(expected);
      if (c.expect === 200) expect((await read).path).to.equal(c.served);
    });
  }

  for (const c of RESOLVE_CASES.filter((x) => !x.fsOnly)) {
    it(`resolveLink ${JSON.stringify(c.href)} from ${c.from} → ${c.expected}`, async () => {
      expect(await host.resolveLink({ sessionId: 's', fromPath: c.from, href: c.href })).to.equal(c.expected);
    });
  }
});

describe('createMemoryHost', () => {
  it('answers path, content, UTF-8 size, truncated and mime', async () => {
    const host = createMemoryHost({ 'docs/ü.md': 'héllo 中文 😀' });
    expect(await host.readFile({ sessionId: 's', path: 'docs/ü.md' })).to.deep.equal({
      path: 'docs/ü.md',
      content: 'héllo 中文 😀',
      size: 1 + 2 + 3 + 1 + 3 + 3 + 1 + 4,
      truncated: false,
      mime: 'text/markdown',
    });
    expect(host.paths).to.deep.equal(['docs/ü.md']);
  });

  it('cuts at maxBytes (the smaller of host and request) on a character boundary', async () => {
    const text = bigText(5_000);
    const host = createMemoryHost({ 'big.txt': text }, { maxBytes: 2_000 });
    for (let n = 90; n <= 106; n++) {
      const file = await host.readFile({ sessionId: 's', path: 'big.txt', maxBytes: n });
      const bytes = new TextEncoder().encode(file.content).byteLength;
      expect(file.truncated).to.equal(true);
      expect(bytes).to.be.at.most(n);
      expect(n - bytes).to.be.below(4);
      expect(text.startsWith(file.content)).to.equal(true);
      expect(file.content).not.to.include('\ufffd');
    }
    const capped = await host.readFile({ sessionId: 's', path: 'big.txt' });
    expect(new TextEncoder().encode(capped.content).byteLength).to.be.at.most(2_000);
    expect(capped.size).to.equal(new TextEncoder().encode(text).byteLength);
  });

  it('text with a NUL near the start is unsupported', async () => {
    const host = createMemoryHost({ 'a.bin': 'PNG\u0000\u0001', 'late.txt': 'x'.repeat(2_000) + '\u0000' });
    expect(await codeOf(host.readFile({ sessionId: 's', path: 'a.bin' }))).to.equal('unsupported');
    expect(await codeOf(host.readFile({ sessionId: 's', path: 'late.txt' }))).to.equal('ok');
  });

  it('fails given paths, by table or by function', async () => {
    const table = createMemoryHost(files, { fail: { 'README.md': 'timeout', 'nowhere.md': 'network' } });
    expect(await codeOf(table.readFile({ sessionId: 's', path: 'README.md' }))).to.equal('timeout');
    expect(await codeOf(table.readFile({ sessionId: 's', path: './README.md' }))).to.equal('timeout');
    expect(await codeOf(table.readFile({ sessionId: 's', path: 'nowhere.md' }))).to.equal('network');
    expect(await codeOf(table.readFile({ sessionId: 's', path: 'docs/api.md' }))).to.equal('ok');
    const fn = createMemoryHost(files, { fail: (p) => (p.startsWith('docs/') ? 'too-large' : null) });
    expect(await codeOf(fn.readFile({ sessionId: 's', path: 'docs/api.md' }))).to.equal('too-large');
    expect(await codeOf(fn.readFile({ sessionId: 's', path: 'README.md' }))).to.equal('ok');
    // A failing path is not offered as a link target either.
    expect(await table.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../README.md' })).to.equal(null);
  });

  it('loads lazy files once, retries a failed load, and maps a failure to network', async () => {
    let calls = 0;
    let fail = true;
    const host = createMemoryHost({
      'lazy.md': async () => {
        calls++;
        return 'loaded';
      },
      'flaky.md': async () => {
        if (fail) throw new Error('/home/user/secret path');
        return 'second time';
      },
    });
    const [a, b] = await Promise.all([host.readFile({ sessionId: 's', path: 'lazy.md' }), host.readFile({ sessionId: 's', path: 'lazy.md' })]);
    expect([a.content, b.content, calls]).to.deep.equal(['loaded', 'loaded', 1]);
    await host.readFile({ sessionId: 's', path: 'lazy.md' });
    expect(calls).to.equal(1);
    let error: QaHostError | null = null;
    try {
      await host.readFile({ sessionId: 's', path: 'flaky.md' });
    } catch (e) {
      error = e as QaHostError;
    }
    expect(error?.code).to.equal('network');
    expect(error?.message).not.to.include('/home/user');
    fail = false;
    expect((await host.readFile({ sessionId: 's', path: 'flaky.md' })).content).to.equal('second time');
  });

  it('loads a real corpus document through a lazy loader', async () => {
    const host = createMemoryHost({ 'docs/spec.md': () => fetch('/stories/fixtures/corpus/commonmark-spec.md').then((r) => r.text()) });
    const file = await host.readFile({ sessionId: 's', path: 'docs/spec.md' });
    expect(file.content).to.match(/CommonMark/);
    expect(file.size).to.be.greaterThan(100_000);
  });

  it('waits latencyMs and aborts during the wait', async () => {
    const host = createMemoryHost(files, { latencyMs: (p) => (p === 'README.md' ? 5_000 : 0) });
    const controller = new AbortController();
    const slow = host.readFile({ sessionId: 's', path: 'README.md', signal: controller.signal });
    let settled = false;
    void slow.then(
      () => (settled = true),
      () => (settled = true),
    );
    expect(await codeOf(host.readFile({ sessionId: 's', path: 'docs/api.md' }))).to.equal('ok');
    expect(settled).to.equal(false);
    controller.abort();
    expect(await codeOf(slow)).to.equal('aborted');
  });

  it('an aborted signal fails at once; a loader that never settles still aborts', async () => {
    const host = createMemoryHost({ 'never.md': () => new Promise<string>(() => undefined) });
    const done = new AbortController();
    done.abort();
    expect(await codeOf(host.readFile({ sessionId: 's', path: 'README.md', signal: done.signal }))).to.equal('aborted');
    const controller = new AbortController();
    const pending = host.readFile({ sessionId: 's', path: 'never.md', signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    expect(await codeOf(pending)).to.equal('aborted');
  });

  it('extends the deny list', async () => {
    const host = createMemoryHost(files, { deny: ['secrets/', '*.secret.md', /^docs\/api/] });
    for (const p of ['secrets/token.txt', 'docs/plan.secret.md', 'docs/api.md']) {
      expect(await codeOf(host.readFile({ sessionId: 's', path: p })), p).to.equal('forbidden');
    }
    expect(await codeOf(createMemoryHost(files).readFile({ sessionId: 's', path: 'secrets/token.txt' }))).to.equal('ok');
  });

  it('resolveLink: false refuses every link; a function decides but cannot escape the rules', async () => {
    const none = createMemoryHost(files, { resolveLink: false });
    expect(await none.resolveLink({ sessionId: 's', fromPath: 'docs/guide.md', href: '../README.md' })).to.equal(null);
    const custom = createMemoryHost(files, {
      resolveLink: ({ href }) => (href === 'up' ? '../outside' : href === 'env' ? '.env' : href === 'ok' ? 'docs/api.md' : null),
    });
    expect(await custom.resolveLink({ sessionId: 's', fromPath: 'README.md', href: 'up' })).to.equal(null);
    expect(await custom.resolveLink({ sessionId: 's', fromPath: 'README.md', href: 'env' })).to.equal(null);
    expect(await custom.resolveLink({ sessionId: 's', fromPath: 'README.md', href: 'ok' })).to.equal('docs/api.md');
  });
});

describe('createMemoryHost: sizes counted once', () => {
  it('answers each read with the size and excerpt of its own limit and file', async () => {
    const big = 'é'.repeat(3_000);
    const host = createMemoryHost({ 'a.txt': big, 'b.txt': 'short' });
    const full = await host.readFile({ sessionId: 's', path: 'a.txt' });
    const cut = await host.readFile({ sessionId: 's', path: 'a.txt', maxBytes: 1_001 });
    const again = await host.readFile({ sessionId: 's', path: 'a.txt' });
    const other = await host.readFile({ sessionId: 's', path: 'b.txt', maxBytes: 1_001 });
    expect([full.size, full.truncated, full.content.length]).to.deep.equal([6_000, false, 3_000]);
    expect([cut.size, cut.truncated, cut.content.length]).to.deep.equal([6_000, true, 500]);
    expect([again.size, again.truncated, again.content]).to.deep.equal([6_000, false, big]);
    expect([other.size, other.truncated, other.content]).to.deep.equal([5, false, 'short']);
  });

  it('counts a lazily loaded file after it loads, also when a first load failed', async () => {
    let calls = 0;
    const host = createMemoryHost({
      'lazy.txt': async () => {
        calls += 1;
        if (calls === 1) throw new Error('first load fails');
        return '€'.repeat(10);
      },
    });
    await host.readFile({ sessionId: 's', path: 'lazy.txt' }).catch(() => undefined);
    const file = await host.readFile({ sessionId: 's', path: 'lazy.txt' });
    expect([file.size, file.content.length]).to.deep.equal([30, 10]);
  });
});
