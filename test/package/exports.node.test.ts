// The Node entry exports the file endpoint and the path checks it applies,
// by name; the model entry runs in Node with the same names as in the browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as node from '../../src/node/index.ts';

test('qa-sources-kit/node exports the endpoint and its path checks, nothing else', () => {
  assert.deepEqual(Object.keys(node).sort(), [
    'DEFAULT_DENY',
    'checkReadablePath',
    'checkWorkspacePath',
    'createFileEndpoint',
    'isDeniedPath',
    'linkCandidates',
    'matchesDenyPattern',
  ]);
  assert.equal(typeof node.createFileEndpoint({ root: '.' }), 'function');
  assert.equal(node.checkWorkspacePath('docs/../x').ok, false);
});
