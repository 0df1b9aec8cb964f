import { defineConfig } from 'vite';

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
      },
      formats: ['es'],
    },
    rollupOptions: {
      external: (id) => /^(lit|@lit\/|markdown-it|dompurify|shiki|@shikijs\/|react|node:)/.test(id),
      output: { preserveModules: false, chunkFileNames: 'chunks/[name]-[hash].js' },
    },
  },
});
