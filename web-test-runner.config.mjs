// Browser tests: every test/**/*.test.ts except the Node-only *.node.test.ts,
// in Debian's headless Chromium (no browser download), TypeScript via esbuild.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fileURLToPath } from 'node:url';
import { summaryReporter } from './scripts/summary-reporter.mjs';
import { defaultReporter } from '@web/test-runner';
import { testServerMiddleware } from './test/server/index.ts';
import { workerUrlPlugin } from './scripts/wtr-worker-url-plugin.mjs';
import { reactEsmPlugin } from './scripts/wtr-react-plugin.mjs';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default {
  rootDir: '.',
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: Number(process.env.QA_TEST_CONCURRENCY ?? 2),
  concurrentBrowsers: 1,
  testsFinishTimeout: 240_000,
  browserStartTimeout: 60_000,
  testFramework: { config: { timeout: 20_000, ui: 'bdd' } },
  middleware: testServerMiddleware,
  // A test page may be reused for the next test file, and sessionStorage lives as long as the page:
  // every file starts without the Rendered/Raw choices an earlier file remembered.
  testRunnerHtml: (testFramework) => `<!doctype html>
<html>
  <body>
    <script>
      for (const key of Object.keys(sessionStorage)) if (key.startsWith('qa-sources-kit:')) sessionStorage.removeItem(key);
    </script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  plugins: [
    workerUrlPlugin(),
    reactEsmPlugin(),
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
  ],
  browsers: [
    chromeLauncher({
      // One window per test page: tabs in the background are hidden, and a hidden
      // page never runs requestAnimationFrame callbacks.
      createPage: ({ context }) => context.newPage({ type: 'window' }),
      launchOptions: {
        executablePath: chromium,
        headless: true,
        args: [
          '--no-sandbox',
          '--disable-gpu',
          '--disable-quic',
          '--no-first-run',
          '--disable-background-networking',
          '--disable-component-update',
          '--disable-sync',
        ],
      },
    }),
  ],
  reporters: [defaultReporter(), summaryReporter()],
};
