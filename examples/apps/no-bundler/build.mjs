// No bundler at all: the kit's self-contained browser build copied next to a static page.
import { cpSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const out = here('./dist');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const kit = path.dirname(createRequire(import.meta.url).resolve('qa-sources-kit/package.json'));
cpSync(path.join(kit, 'dist', 'browser'), path.join(out, 'qa-sources-kit'), { recursive: true });
cpSync(here('./index.html'), path.join(out, 'index.html'));
cpSync(here('../shared/demo.js'), path.join(out, 'demo.js'));
cpSync(here('../shared/page.css'), path.join(out, 'page.css'));
console.log('no-bundler: copied');
