// Browser tests: every test/**/*.test.ts except the Node-only *.node.test.ts,
// in Debian's headless Chromium (no browser download), TypeScript via esbuild.
import { chromeLauncher } from '@web/test-runner-chrome';
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { fileURLToPath } from 'node:url';
import { summaryReporter } from './scripts/summary-reporter.mjs';
import { defaultReporter } from '@web/test-runner';
import { axTreePlugin } from './scripts/wtr-ax-tree-plugin.mjs';
import { testServerMiddleware } from './test/server/index.ts';
import { workerUrlPlugin } from './scripts/wtr-worker-url-plugin.mjs';
import { chromiumArgs } from './scripts/env.mjs';
import { reactEsmPlugin } from './scripts/wtr-react-plugin.mjs';
import { packedGrammarsForTests } from './scripts/packed-grammars.mjs';
import { entityTableForTests } from './scripts/entity-table.mjs';
import { purifyCallsForTests } from './scripts/purify-calls.mjs';

const chromium = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * A launcher whose reused pages start every test file with no key or mouse button held and the
 * pointer at the corner: a file that fails between `sendKeys({ down: 'Shift' })` and its `up`, or
 * that leaves the pointer over the spot where the next file's element appears (hover cards), would
 * otherwise change what the next file in that page sees.
 */
function isolated(launcher) {
  const stopSession = launcher.stopSession.bind(launcher);
  launcher.stopSession = async (sessionId) => {
    const page = launcher.isActive(sessionId) ? launcher.getPage(sessionId) : null;
    const result = await stopSession(sessionId); // the page is on about:blank from here on
    if (page && !page.isClosed()) {
      for (const key of ['Shift', 'Control', 'Alt', 'Meta']) await page.keyboard.up(key).catch(() => {});
      await page.mouse.reset().catch(() => {});
    }
    return result;
  };
  return launcher;
}

export default {
  rootDir: '.',
  files: ['test/**/*.test.ts', '!test/**/*.node.test.ts'],
  nodeResolve: { exportConditions: ['browser', 'production'] },
  concurrency: Number(process.env.QA_TEST_CONCURRENCY ?? 2),
  concurrentBrowsers: 1,
  // Limits a crowded machine cannot reach (a test waits on conditions; these only end a hang).
  testsFinishTimeout: 600_000,
  browserStartTimeout: 120_000,
  testFramework: { config: { timeout: 180_000, ui: 'bdd' } },
  middleware: testServerMiddleware,
  // A test page is reused for later test files. Navigation gives each file a new document (module
  // state, element definitions, configureWorkers, listeners, location.hash), but the page's storage
  // outlives it: every file starts with empty sessionStorage and localStorage (no Rendered/Raw or
  // wrap choice an earlier file remembered). Input state is reset by `isolated` below.
  testRunnerHtml: (testFramework) => `<!doctype html>
<html>
  <body>
    <script>
      sessionStorage.clear();
      localStorage.clear();
    </script>
    <script type="module">
      // A busy machine can take longer than the kit's 5 s to start a worker; a test would then see the
      // main-thread fallback instead of the worker it checks. No test waits on this timeout (failures to
      // load or start still arrive at once as errors).
      import { configureWorkers } from '/src/render/workers.ts';
      configureWorkers({ startTimeout: 60_000 });
    </script>
    <script type="module" src="${testFramework}"></script>
  </body>
</html>`,
  plugins: [
    // The accessibility tree as the browser builds it (tests of what a screen reader is given).
    axTreePlugin(),
    workerUrlPlugin(),
    reactEsmPlugin(),
    packedGrammarsForTests(fileURLToPath(new URL('.', import.meta.url))),
    entityTableForTests(),
    purifyCallsForTests(),
    esbuildPlugin({
      ts: true,
      target: 'es2022',
      tsconfig: fileURLToPath(new URL('./tsconfig.json', import.meta.url)),
    }),
  ],
  browsers: [
    isolated(
      chromeLauncher({
        // One window per test page: tabs in the background are hidden, and a hidden
        // page never runs requestAnimationFrame callbacks.
        createPage: ({ context }) => context.newPage({ type: 'window' }),
        launchOptions: {
          executablePath: chromium,
          headless: true,
          args: chromiumArgs,
        },
      }),
    ),
  ],
  reporters: [defaultReporter(), summaryReporter()],
};
