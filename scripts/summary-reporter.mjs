// A web-test-runner reporter that counts passed and failed tests (a file that
// fails to load counts as one failure) and writes the totals to the file named
// by QA_SUMMARY_FILE, so `npm test` can print one summary line. It also times
// every test file from the moment a page starts loading it until its results
// are in (page load and module transforms included) and writes those times
// too: `npm test` lists the slowest files, so a slow one is found without
// guessing.
import { writeFileSync } from 'node:fs';
import path from 'node:path';

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
  let started = 0;
  /** Test file → time its page started loading it, and its duration once finished (ms). */
  const files = new Map();
  const write = () => {
    if (!process.env.QA_SUMMARY_FILE) return;
    const rel = (f) => path.relative(process.cwd(), f).split(path.sep).join('/');
    const timings = Object.fromEntries([...files].filter(([, e]) => e.ms > 0).map(([f, e]) => [rel(f), e.ms]));
    writeFileSync(process.env.QA_SUMMARY_FILE, JSON.stringify({ ...last, wall: Date.now() - started, timings }));
  };
  return {
    start({ sessions, startTime }) {
      started = startTime;
      sessions.on('session-status-updated', (session) => {
        const entry = files.get(session.testFile) ?? { start: 0, ms: 0 };
        if (session.status === 'INITIALIZING') entry.start = Date.now();
        // The first pages start loading before reporters start: they count from the start of the run.
        else if (session.status === 'FINISHED') entry.ms = Date.now() - (entry.start || started);
        files.set(session.testFile, entry);
        // Written as files finish too, so a run that is stopped early still tells where its time went.
        if (session.status === 'FINISHED') write();
      });
    },
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
      write();
    },
  };
}
