// `npm test` runs this while the kit builds: the example apps' own dependencies
// (bundlers, React) need only their lock file, so `npm ci` need not wait for the
// build. Installs nothing when the installed dependencies match the lock.
import { installAppDependencies } from './apps.ts';

const start = Date.now();
const installed = installAppDependencies();
console.log(
  installed ? `example apps: dependencies installed (${((Date.now() - start) / 1000).toFixed(1)} s)` : 'example apps: dependencies already installed',
);
