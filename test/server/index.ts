/**
 * Koa middleware the browser test server mounts (web-test-runner.config.mjs):
 * real endpoints the browser tests talk to on 127.0.0.1.
 */
type Middleware = (ctx: any, next: () => Promise<unknown>) => unknown;

export const testServerMiddleware: Middleware[] = [];
