// What the preview shows for a read: the state of an answered file, and of
// each kind of failed read (host errors, hostile reasons, wrong shapes).
import { expect } from 'chai';
import { QaHostError, type QaFileContent } from '../../../src/host/types.js';
import { fileStatus, readFailure } from '../../../src/elements/file-preview/file-status.js';

const file = (over: Partial<QaFileContent> = {}): QaFileContent => ({ path: 'a.ts', content: 'x', size: 1, truncated: false, ...over });

describe('fileStatus', () => {
  it('shows a text file within the limit', () => {
    expect(fileStatus(file(), 10)).to.equal('ready');
    expect(fileStatus(file({ size: 10 }), 10)).to.equal('ready');
    // An excerpt of nothing yet is still shown (its notice says it is partial).
    expect(fileStatus(file({ content: '', truncated: true }), 10)).to.equal('ready');
  });

  it('says binary for a binary type or NUL bytes, before the size', () => {
    expect(fileStatus(file({ mime: 'image/png' }), 10)).to.equal('binary');
    expect(fileStatus(file({ content: 'a\u0000b', size: 99 }), 10)).to.equal('binary');
  });

  it('says too large over the limit, and empty for no content', () => {
    expect(fileStatus(file({ size: 11 }), 10)).to.equal('too-large');
    expect(fileStatus(file({ content: '', size: 0 }), 10)).to.equal('empty');
  });
});

describe('readFailure', () => {
  it('reads the host error codes', () => {
    expect(readFailure(new QaHostError('unsupported'))).to.deep.equal({ status: 'binary' });
    expect(readFailure(new QaHostError('timeout'))).to.deep.equal({ status: 'error', kind: 'timeout' });
    expect(readFailure(new QaHostError('not-found'))).to.deep.equal({ status: 'error', kind: 'other' });
    expect(readFailure(new QaHostError('too-large', undefined, { size: 5_000 }))).to.deep.equal({ status: 'too-large', size: 5_000 });
    // A host error from another realm, by its shape.
    expect(readFailure({ name: 'QaHostError', code: 'timeout' })).to.deep.equal({ status: 'error', kind: 'timeout' });
  });

  it('keeps only a size that is one', () => {
    for (const size of [-1, Number.NaN, Infinity, '5', null, undefined])
      expect(readFailure({ name: 'QaHostError', code: 'too-large', details: { size } }), String(size)).to.deep.equal({ status: 'too-large', size: null });
  });

  it('shows the error state for anything else, also a reason that throws when read', () => {
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('read');
        },
      },
    );
    for (const e of [null, undefined, 'x', new Error('x'), { code: 'timeout' }, hostile])
      expect(readFailure(e)).to.deep.equal({ status: 'error', kind: 'other' });
  });
});
