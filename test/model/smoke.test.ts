import { expect } from 'chai';
import { parseTurnSources, presentSources } from '../../src/model/index.js';

describe('toolchain smoke', () => {
  it('parses and presents in Chromium', () => {
    const { value, problems } = parseTurnSources({ version: 1, sessionId: 's', turn: 1, complete: true, sources: [{ id: 'file:a.md', kind: 'file', title: 'a.md', locations: [], evidence: 'read', origins: [], score: 100, path: 'docs/a.md' }] });
    expect(problems).to.deep.equal([]);
    expect(presentSources(value).count).to.equal(1);
  });
});
