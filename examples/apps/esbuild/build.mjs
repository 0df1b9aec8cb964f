// An esbuild production build (code splitting, minified), plus the one step esbuild needs for the
// kit: a copy of its workers folder next to the bundle.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const out = here('./dist');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const result = await esbuild.build({
  entryPoints: [here('./src/main.js')],
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  minify: true,
  outdir: path.join(out, 'assets'),
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
});
if (result.errors.length) process.exit(1);

const kit = path.dirname(createRequire(import.meta.url).resolve('qa-sources-kit/package.json'));
cpSync(path.join(kit, 'dist', 'workers'), path.join(out, 'qa-workers'), { recursive: true });

writeFileSync(
  path.join(out, 'index.html'),
  `<!doctype html>
<html lang="en">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>qa-sources-kit · esbuild</title><link rel="icon" href="data:," />
<link rel="stylesheet" href="./page.css" /></head>
<body>
<main>
  <article><h1>Retry policy</h1><p>Requests are retried up to five times with exponential back-off and full jitter.</p><qa-source-footer></qa-source-footer></article>
  <qa-sources-panel></qa-sources-panel>
  <qa-file-preview hidden></qa-file-preview>
</main>
<script type="module" src="./assets/main.js"></script>
</body>
</html>
`,
);
cpSync(here('../shared/page.css'), path.join(out, 'page.css'));
console.log('esbuild: built');
