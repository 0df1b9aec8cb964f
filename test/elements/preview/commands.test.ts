// What a key press asks of the preview and whether an action applies now:
// the order in which Escape undoes things, the find and range keys, and the
// actions each state allows.
import { expect } from 'chai';
import { canRun, keyCommand, type ActionState, type KeyContext } from '../../../src/elements/file-preview/commands.js';
import { PREVIEW_KEYS, type PreviewAction } from '../../../src/elements/file-preview/keys.js';

const key = (key: string, init: KeyboardEventInit = {}) => new KeyboardEvent('keydown', { key, cancelable: true, ...init });
const ctx = (over: Partial<KeyContext> = {}): KeyContext => ({
  ready: true,
  helpOpen: false,
  findOpen: false,
  rawSelection: false,
  ranges: 0,
  can: () => true,
  ...over,
});

describe('keyCommand', () => {
  it('undoes one thing per Escape: help, find, selection, then close', () => {
    const all = ctx({ helpOpen: true, findOpen: true, rawSelection: true });
    expect(keyCommand(key('Escape'), all)).to.deep.equal({ kind: 'close-help' });
    expect(keyCommand(key('Escape'), { ...all, helpOpen: false })).to.deep.equal({ kind: 'close-find' });
    expect(keyCommand(key('Escape'), { ...all, helpOpen: false, findOpen: false })).to.deep.equal({ kind: 'clear-selection' });
    expect(keyCommand(key('Escape'), ctx())).to.deep.equal({ kind: 'run', action: 'close' });
    // Close does not wait for a file.
    expect(keyCommand(key('Escape'), ctx({ ready: false }))).to.deep.equal({ kind: 'run', action: 'close' });
  });

  it('opens find with Ctrl/Cmd+F and go to line with Ctrl/Cmd+G, once a file is shown', () => {
    expect(keyCommand(key('f', { ctrlKey: true }), ctx())).to.deep.equal({ kind: 'find', query: undefined });
    expect(keyCommand(key('F', { metaKey: true }), ctx())).to.deep.equal({ kind: 'find', query: undefined });
    expect(keyCommand(key('g', { ctrlKey: true }), ctx())).to.deep.equal({ kind: 'find', query: ':' });
    expect(keyCommand(key('f', { ctrlKey: true }), ctx({ ready: false, can: () => false }))).to.equal(null);
    expect(keyCommand(key('f', { ctrlKey: true, shiftKey: true }), ctx({ can: () => false }))).to.equal(null);
    // The find bar open: Ctrl+F opens it again (focus and select), it does not close it.
    expect(keyCommand(key('f', { ctrlKey: true }), ctx({ findOpen: true }))).to.deep.equal({ kind: 'find', query: undefined });
  });

  it('steps through ranges with F8 and Alt+arrows when there are ranges', () => {
    const some = ctx({ ranges: 2 });
    expect(keyCommand(key('F8'), some)).to.deep.equal({ kind: 'run', action: 'next-range' });
    expect(keyCommand(key('F8', { shiftKey: true }), some)).to.deep.equal({ kind: 'run', action: 'previous-range' });
    expect(keyCommand(key('ArrowDown', { altKey: true }), some)).to.deep.equal({ kind: 'run', action: 'next-range' });
    expect(keyCommand(key('ArrowUp', { altKey: true }), some)).to.deep.equal({ kind: 'run', action: 'previous-range' });
    expect(keyCommand(key('F8'), ctx())).to.equal(null);
    expect(keyCommand(key('F8', { ctrlKey: true }), some)).to.equal(null);
    expect(keyCommand(key('F8'), { ...some, ready: false })).to.equal(null);
  });

  it('runs the action of a key only when it applies', () => {
    expect(keyCommand(key('?'), ctx())).to.deep.equal({ kind: 'run', action: 'help' });
    expect(keyCommand(key('z', { altKey: true, code: 'KeyZ' }), ctx())).to.deep.equal({ kind: 'run', action: 'wrap' });
    expect(keyCommand(key('z', { altKey: true, code: 'KeyZ' }), ctx({ can: (a) => a !== 'wrap' }))).to.equal(null);
    expect(keyCommand(key('x'), ctx())).to.equal(null);
  });

  it('leaves a key that something else handled alone', () => {
    const e = key('Escape');
    e.preventDefault();
    expect(keyCommand(e, ctx())).to.equal(null);
  });
});

describe('canRun', () => {
  const state = (over: Partial<ActionState> = {}): ActionState => ({
    status: 'ready',
    path: 'docs/a.md',
    hasFile: true,
    rawOnly: false,
    mode: 'rendered',
    ranges: 0,
    selection: false,
    ...over,
  });
  const allowed = (s: ActionState) => PREVIEW_KEYS.map((k) => k.action).filter((a: PreviewAction) => canRun(a, s));

  it('allows what a shown Markdown file offers', () => {
    expect(allowed(state())).to.deep.equal(['help', 'toggle-mode', 'full-view', 'download', 'close']);
    expect(allowed(state({ mode: 'raw', ranges: 2, selection: true }))).to.deep.equal([
      'help',
      'toggle-mode',
      'wrap',
      'full-view',
      'download',
      'next-range',
      'previous-range',
      'copy-lines',
      'copy-link',
      'close',
    ]);
  });

  it('switches modes only for Markdown that can be rendered', () => {
    expect(canRun('toggle-mode', state({ rawOnly: true }))).to.equal(false);
    expect(canRun('toggle-mode', state({ path: 'src/a.ts', mode: 'raw' }))).to.equal(false);
  });

  it('keeps Download for a too-large or empty file it has, and full view for any file asked for', () => {
    expect(allowed(state({ status: 'too-large' }))).to.deep.equal(['help', 'full-view', 'download', 'close']);
    expect(allowed(state({ status: 'empty' }))).to.deep.equal(['help', 'full-view', 'download', 'close']);
    expect(allowed(state({ status: 'too-large', hasFile: false }))).to.deep.equal(['help', 'full-view', 'close']);
    expect(allowed(state({ status: 'loading', hasFile: false }))).to.deep.equal(['help', 'full-view', 'close']);
    expect(allowed(state({ status: 'idle', path: '', hasFile: false }))).to.deep.equal(['help', 'close']);
  });

  it('copies selected lines only in Raw', () => {
    expect(canRun('copy-lines', state({ selection: true }))).to.equal(false);
    expect(canRun('copy-link', state({ selection: true, mode: 'raw' }))).to.equal(true);
  });
});
