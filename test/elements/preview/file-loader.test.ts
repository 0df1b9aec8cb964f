// The preview's file reads on their own: the answer of the current read
// only, aborts when a newer read starts or the element leaves, the timeout,
// and answers that are not a file for the path asked for.
import { expect } from 'chai';
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import { FileLoadController } from '../../../src/elements/file-preview/file-loader.js';
import { isQaHostError, type QaFileContent } from '../../../src/host/types.js';
import { until } from '../../wait.js';
import { controlledHost } from './helpers.js';

/** The controller's host: what Lit would call, by hand. */
function element(): ReactiveControllerHost & { controllers: ReactiveController[] } {
  const controllers: ReactiveController[] = [];
  return {
    controllers,
    addController: (c) => void controllers.push(c),
    removeController: () => undefined,
    requestUpdate: () => undefined,
    updateComplete: Promise.resolve(true),
  };
}

function loader() {
  const files: QaFileContent[] = [];
  const errors: unknown[] = [];
  const el = element();
  const ctl = new FileLoadController(el, { onFile: (f) => files.push(f), onError: (e) => errors.push(e) });
  return { el, ctl, files, errors };
}

const req = (path: string, timeoutMs = 0) => ({ sessionId: 's', path, maxBytes: 1_000, timeoutMs });

describe('FileLoadController', () => {
  it('a newer read aborts the older one, whose late answer is dropped', async () => {
    const host = controlledHost();
    const { ctl, files, errors } = loader();
    ctl.read(host, req('a.ts'));
    ctl.read(host, req('b.ts'));
    expect(host.reads[0]!.aborted).to.equal(true);
    host.reads[1]!.resolve({ content: 'b' });
    host.reads[0]!.resolve({ content: 'a' });
    await until(() => files.length === 1, 'the answer of b.ts');
    expect(files[0]).to.deep.include({ path: 'b.ts', content: 'b' });
    expect(errors).to.deep.equal([]);
  });

  it('drop() and leaving the page abort the read; after drop() nothing is reported', async () => {
    const host = controlledHost();
    const { el, ctl, files, errors } = loader();
    ctl.read(host, req('a.ts'));
    const before = ctl.generation;
    ctl.drop();
    expect([host.reads[0]!.aborted, ctl.generation]).to.deep.equal([true, before + 1]);
    ctl.read(host, req('b.ts'));
    el.controllers.forEach((c) => c.hostDisconnected?.());
    expect(host.reads[1]!.aborted).to.equal(true);
    await Promise.resolve();
    expect([files, errors]).to.deep.equal([[], []]);
  });

  it('gives up after the timeout with a timeout error, and aborts the read', async () => {
    const host = controlledHost();
    const { ctl, errors } = loader();
    ctl.read(host, req('slow.ts', 1));
    await until(() => errors.length === 1, 'the timeout');
    expect(isQaHostError(errors[0]) && errors[0].code).to.equal('timeout');
    expect(host.reads[0]!.aborted).to.equal(true);
  });

  it('an answer for another path, of the wrong shape, or a throwing host is an error; a long one is cut', async () => {
    const host = controlledHost();
    const { ctl, files, errors } = loader();
    ctl.read(host, req('a.ts'));
    host.reads[0]!.resolve({ path: 'other.ts', content: 'x' });
    await until(() => errors.length === 1, 'the refused answer');
    ctl.read(host, req('a.ts'));
    host.reads[1]!.resolve({ content: 42 as unknown as string });
    await until(() => errors.length === 2, 'the refused shape');
    ctl.read(
      {
        readFile: () => {
          throw new Error('sync');
        },
      },
      req('a.ts'),
    );
    await until(() => errors.length === 3, 'the thrown error');
    expect(errors.slice(0, 2)).to.deep.equal([null, null]);
    ctl.read(host, req('a.ts'));
    host.reads[2]!.resolve({ content: '中'.repeat(1_000) });
    await until(() => files.length === 1, 'the cut file');
    expect([files[0]!.content.length, files[0]!.truncated, files[0]!.size]).to.deep.equal([333, true, 3_000]);
  });
});
