import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { createFileEndpoint } from './src/node/file-endpoint.ts';
import { shippedForm, shippedWorkerForm } from './scripts/shipped-form.mjs';

/** Where the dev server mounts the read-only file endpoint (the gallery's "Live workspace" page talks to it). */
export const FILE_ENDPOINT_PATH = '/__qa/files';

/**
 * Under `npm start` only: mounts `createFileEndpoint` over this repository
 * (read-only; dependencies and build output denied on top of the default
 * list). Builds and `vite preview` never serve files this way.
 */
function fileEndpointPlugin(): Plugin {
  return {
    name: 'qa-file-endpoint',
    apply: 'serve',
    configureServer(server) {
      const root = fileURLToPath(new URL('.', import.meta.url));
      const handler = createFileEndpoint({ root, deny: ['node_modules/', 'dist/'] });
      server.middlewares.use(FILE_ENDPOINT_PATH, (req, res, next) => {
        handler(req, res).catch(next);
      });
    },
  };
}

/**
 * Bare imports the package build leaves to the application (its dependencies and React, an optional peer).
 * `@lit/react` is bundled into `./react`; markdown-it itself is bundled into the parser's lazy chunk, with
 * its class fields as plain assignments (scripts/plain-fields.mjs), as the parsing worker has it too; the
 * precompiled grammars are bundled as data (scripts/packed-grammars.mjs), one lazy chunk each; DOMPurify is
 * bundled as a lazy chunk of its own (for browsers without the HTML Sanitizer API), its method wrappers made
 * bound calls (scripts/purify-calls.mjs).
 */
const PACKAGE_EXTERNALS = (id: string) =>
  /^(lit|@lit\/|markdown-it-|shiki|@shikijs\/|oniguruma-to-es$|react|node:)/.test(id) && !/^(@lit\/react|@shikijs\/langs-precompiled)($|\/)/.test(id);

/** Modules whose import registers an element: the chunk holding them has side effects (package.json `sideEffects`). */
const REGISTRATION = /\/src\/elements\/[^/]+\/define\.ts$/;

/**
 * `vite build --mode browser`: the no-bundler build in `dist/browser/`. Every
 * dependency bundled and minified; the highlighter's worker, its language
 * grammars and themes, and the on-demand Markdown parser stay lazy chunks;
 * every URL between files is relative, so the folder works from any path.
 */
const browserBuild = {
  outDir: 'dist/browser',
  emptyOutDir: true,
  license: { fileName: 'LICENSES.md' },
  // No maps: most of this folder is grammar data; the package build has maps of the kit's code.
  sourcemap: false,
  target: 'es2022',
  minify: true,
  lib: { entry: { 'qa-sources-kit': 'src/index.ts' }, formats: ['es' as const] },
  rollupOptions: {
    output: { chunkFileNames: 'chunks/[name]-[hash].js', assetFileNames: 'assets/[name]-[hash][extname]' },
  },
};

/**
 * The package build (`npm run build`): ES modules, dependencies external, one
 * entry per package export. Chunks that register elements are named
 * `define-*.js` so package.json can list exactly them as side effects and
 * bundlers can tree-shake everything else (the model above all).
 */
const packageBuild = {
  outDir: 'dist',
  emptyOutDir: true,
  license: { fileName: 'LICENSES.md' },
  sourcemap: true,
  target: 'es2022',
  minify: false,
  lib: {
    entry: {
      index: 'src/index.ts',
      model: 'src/model/index.ts',
      // Node only (node:* imports stay external): the reference file endpoint.
      node: 'src/node/index.ts',
      // React wrappers (React external, an optional peer dependency).
      react: 'src/react/index.ts',
      // Citation chips in the answer (registers <qa-citation>).
      citations: 'src/citations.ts',
    },
    formats: ['es' as const],
  },
  rollupOptions: {
    external: PACKAGE_EXTERNALS,
    output: {
      preserveModules: false,
      chunkFileNames: (chunk: { moduleIds: string[] }) =>
        chunk.moduleIds.some((id) => REGISTRATION.test(id.replace(/\\/g, '/'))) ? 'chunks/define-[hash].js' : 'chunks/[name]-[hash].js',
    },
  },
};

/**
 * - `vite` (npm start): serves the story gallery (index.html, stories/).
 * - `vite build`: the package (see `packageBuild`).
 * - `vite build --mode browser`: the no-bundler build (see `browserBuild`).
 */
export default defineConfig(({ mode }) => ({
  // Relative asset and worker URLs (`new URL('assets/x.js', import.meta.url)`), so the build works from any path.
  base: './',
  // Each worker is one self-contained module with a stable name (`workers/highlight.worker.js`,
  // `workers/parse.worker.js`): an application's bundler copies it as it is (see src/render/workers.ts).
  worker: {
    format: 'es' as const,
    // Minified and without maps: a bundler copies the file verbatim, so it ships as built here.
    rolldownOptions: { output: { codeSplitting: false, entryFileNames: 'workers/[name].js', minify: true, sourcemap: false } },
    plugins: () => shippedWorkerForm(),
  },
  server: { host: '127.0.0.1', strictPort: false },
  // What the dev server pre-bundles is found by scanning the gallery (its only page) and the kit's workers, whose
  // imports a scan of the page does not reach. The default scan reads every HTML file in the tree: the example apps'
  // imports of `qa-sources-kit` do not resolve here, Vite then skips the scan and finds the packages while the page
  // loads, answering a first visit with 504s and reloads (test/node/gallery-fresh.node.test.ts).
  optimizeDeps: { entries: ['index.html', 'src/**/*.worker.ts'] },
  // Builds ship the code rewritten (scripts/shipped-form.mjs: the style sheets minified, markdown-it's class fields
  // and entity table, the precompiled grammars as data, DOMPurify's wrappers); the gallery serves it as written.
  plugins: [fileEndpointPlugin(), ...shippedForm().map((plugin) => ({ ...plugin, apply: 'build' as const }))],
  define: mode === 'browser' ? { 'process.env.NODE_ENV': '"production"' } : {},
  build: mode === 'browser' ? browserBuild : packageBuild,
}));
