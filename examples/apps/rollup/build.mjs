// A Rollup 4 production build (code splitting, minified by terser), plus the one step Rollup needs
// for the kit: a copy of its workers folder next to the bundle. Rollup leaves
// `new URL('…', import.meta.url)` as it is and copies nothing, so the page names the copy once with
// `configureWorkers({ baseUrl })` (src/main.js). A second page, zero-config.html, skips that line:
// its workers fail to load and the kit colours on the main thread instead.
import { cpSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rollup } from 'rollup';
import { nodeResolve } from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const out = here('./dist');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const warnings = [];
const bundle = await rollup({
  input: { main: here('./src/main.js'), 'zero-config': here('./src/zero-config.js') },
  plugins: [nodeResolve({ browser: true }), terser()],
  onwarn: (warning) => warnings.push(warning.message),
});
await bundle.write({
  dir: path.join(out, 'assets'),
  format: 'es',
  entryFileNames: '[name].js',
  chunkFileNames: '[name]-[hash].js',
});
await bundle.close();
for (const w of warnings) console.log(`warning: ${w}`);

const kit = path.dirname(createRequire(import.meta.url).resolve('qa-sources-kit/package.json'));
cpSync(path.join(kit, 'dist', 'workers'), path.join(out, 'qa-workers'), { recursive: true });

const page = (title, entry) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8" /><meta name="viewport" content="width=device-width, initial-scale=1" /><title>qa-sources-kit · ${title}</title><link rel="icon" href="data:," />
<link rel="stylesheet" href="./page.css" /></head>
<body>
<main>
  <article><h1>Retry policy</h1><p>Requests are retried up to five times with exponential back-off and full jitter.</p><qa-source-footer></qa-source-footer></article>
  <qa-sources-panel></qa-sources-panel>
  <qa-file-preview hidden></qa-file-preview>
</main>
<script type="module" src="./assets/${entry}"></script>
</body>
</html>
`;
writeFileSync(path.join(out, 'index.html'), page('Rollup', 'main.js'));
writeFileSync(path.join(out, 'zero-config.html'), page('Rollup, no worker option', 'zero-config.js'));
cpSync(here('../shared/page.css'), path.join(out, 'page.css'));
console.log('rollup: built');
