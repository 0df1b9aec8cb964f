// Lets browser tests import React 18, which ships CommonJS only: the test
// server answers `react`, `react-dom` and `react-dom/client` with ES module
// versions bundled by esbuild on first request. react-dom's bundle takes
// React from the served `react` module, so a page has exactly one React.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import * as esbuild from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const PREFIX = '/__qa/esm/';

/** Bare specifier → served path. */
const MODULES = {
  react: `${PREFIX}react.js`,
  'react-dom': `${PREFIX}react-dom.js`,
  'react-dom/client': `${PREFIX}react-dom-client.js`,
};

/** An ES module entry that re-exports a CommonJS module: its default and every own key as a named export. */
function entryFor(specifier) {
  const names = Object.keys(require(specifier)).filter((k) => /^[A-Za-z_$][\w$]*$/.test(k) && k !== 'default');
  return `import m from ${JSON.stringify(specifier)};\nexport default m;\nexport const { ${names.join(', ')} } = m;\n`;
}

async function bundle(specifier) {
  const shareReact = specifier !== 'react';
  const result = await esbuild.build({
    stdin: { contents: entryFor(specifier), resolveDir: root, loader: 'js' },
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    banner: shareReact ? { js: `import __qaSharedReact from ${JSON.stringify(MODULES.react)};` } : undefined,
    plugins: shareReact
      ? [
          {
            name: 'qa-shared-react',
            setup(build) {
              build.onResolve({ filter: /^react$/ }, () => ({ path: 'react', namespace: 'qa-shared-react' }));
              build.onLoad({ filter: /.*/, namespace: 'qa-shared-react' }, () => ({ contents: 'module.exports = __qaSharedReact;', loader: 'js' }));
            },
          },
        ]
      : [],
  });
  return result.outputFiles[0].text;
}

export function reactEsmPlugin() {
  const cache = new Map();
  return {
    name: 'qa-react-esm',
    resolveImport({ source }) {
      return MODULES[source];
    },
    serve(context) {
      const specifier = Object.keys(MODULES).find((k) => MODULES[k] === context.path);
      if (!specifier) return undefined;
      if (!cache.has(specifier)) cache.set(specifier, bundle(specifier));
      return cache.get(specifier).then((body) => ({ body, type: 'js' }));
    },
  };
}
