// Production build of the Markdown measurement page (bench/markdown-probe.html):
//   node node_modules/vite/bin/vite.js build --config bench/markdown-probe.vite.config.mjs
// then serve /tmp/qa-markdown-probe with `vite preview --config bench/markdown-probe.vite.config.mjs --port <port>`.
import { cpSync } from 'node:fs';

const outDir = '/tmp/qa-markdown-probe';

export default {
  base: '/',
  worker: { format: 'es' },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    minify: process.env.QA_PROBE_MINIFY !== '0',
    rollupOptions: { input: { probe: 'bench/markdown-probe.html' } },
  },
  preview: { host: '127.0.0.1', strictPort: true },
  plugins: [
    {
      name: 'qa-probe-corpus',
      closeBundle() {
        cpSync('stories/fixtures/corpus', `${outDir}/stories/fixtures/corpus`, { recursive: true });
      },
    },
  ],
};
