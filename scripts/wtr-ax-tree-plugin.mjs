// A test command, `ax-tree`: the page's whole accessibility tree as Chromium
// builds it for assistive technology (every node it exposes, not only the
// "interesting" ones `a11ySnapshot` keeps; nodes it ignores, such as
// `role="none"` wrappers, are left out and their children lifted).

/** @returns {import('@web/test-runner').TestRunnerPlugin} */
export function axTreePlugin() {
  return {
    name: 'qa-ax-tree',
    async executeCommand({ command, session }) {
      if (command !== 'ax-tree') return undefined;
      if (session.browser.type !== 'puppeteer') throw new Error(`ax-tree needs a Chromium page driven by puppeteer, not ${session.browser.type}`);
      const page = session.browser.getPage(session.id);
      return page.accessibility.snapshot({ interestingOnly: false });
    },
  };
}
