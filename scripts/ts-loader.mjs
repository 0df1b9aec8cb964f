// Lets plain Node run the project's TypeScript sources (node tests, the
// test-runner config, the dev server's file endpoint) without a build step.
// Usage: node --import ./scripts/ts-loader.mjs file.ts
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
