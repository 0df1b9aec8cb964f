import { defineConfig, type Plugin } from 'vite';
import { fileURLToPath } from 'node:url';
import { createFileEndpoint } from './src/node/file-endpoint.ts';

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
 * Two jobs:
 * - `vite` (npm start): serves the story gallery (index.html, stories/).
 * - `vite build` (npm run build): the library as ES modules, dependencies
 *   external, one entry per package export.
 */
export default defineConfig({
  // Relative asset and worker URLs (`new URL('assets/x.js', import.meta.url)`), so the build works from any path.
  base: './',
  worker: { format: 'es' },
  server: { host: '127.0.0.1', strictPort: false },
  plugins: [fileEndpointPlugin()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    target: 'es2022',
    minify: false,
    lib: {
      entry: {
        index: 'src/index.ts',
        model: 'src/model/index.ts',
        // Node only (node:* imports stay external): the reference file endpoint.
        node: 'src/node/index.ts',
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) => /^(lit|@lit\/|markdown-it|dompurify|shiki|@shikijs\/|react|node:)/.test(id),
      output: { preserveModules: false, chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
