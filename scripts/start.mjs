// `npm start`: installs dependencies when missing, then serves the story
// gallery with Vite on 127.0.0.1 (fixture payloads and an in-memory workspace,
// plus a "Live workspace" page backed by the read-only file endpoint).
import { spawn } from 'node:child_process';
import { root, ensureDependencies } from './env.mjs';

ensureDependencies();

const port = process.env.PORT ?? '5173';
const args = ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', port];
const wantsOpen = !process.env.CI && (process.platform !== 'linux' || process.env.DISPLAY || process.env.WAYLAND_DISPLAY);
if (wantsOpen) args.push('--open');
console.log(`Starting the story gallery on http://127.0.0.1:${port}/ …`);
const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
