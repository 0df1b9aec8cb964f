// A web-test-runner reporter that counts passed and failed tests (a file that
// fails to load counts as one failure) and writes the totals to the file named
// by QA_SUMMARY_FILE, so `npm test` can print one summary line.
import { writeFileSync } from 'node:fs';

function count(suite, acc) {
  if (!suite) return acc;
  for (const t of suite.tests) {
    if (t.skipped) acc.skipped += 1;
    else if (t.passed) acc.passed += 1;
    else acc.failed += 1;
  }
  for (const s of suite.suites) count(s, acc);
  return acc;
}

export function summaryReporter() {
  let last = { passed: 0, failed: 0, skipped: 0 };
  return {
    onTestRunFinished({ sessions }) {
      const acc = { passed: 0, failed: 0, skipped: 0 };
      for (const session of sessions) {
        const before = acc.failed;
        count(session.testResults, acc);
        if (session.passed === false && acc.failed === before) acc.failed += 1;
      }
      last = acc;
    },
    stop() {
      if (process.env.QA_SUMMARY_FILE) writeFileSync(process.env.QA_SUMMARY_FILE, JSON.stringify(last));
    },
  };
}
