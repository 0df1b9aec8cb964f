// A node:test reporter that counts passed and failed tests (suites are not
// counted) and prints one JSON line; `npm test` reads it for its summary. The
// line also holds how long each test file's top-level tests and hooks took
// (ms), so `npm test` can list the slowest files.
export default async function* summary(source) {
  const acc = { passed: 0, failed: 0, skipped: 0 };
  const timings = {};
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.nesting === 0 && event.data.file) {
      const file = event.data.file.replace(`${process.cwd()}/`, '');
      timings[file] = (timings[file] ?? 0) + (event.data.details?.duration_ms ?? 0);
    }
    if (event.data.details?.type === 'suite') {
      if (event.type === 'test:fail' && event.data.details.error?.failureType !== 'subtestsFailed') acc.failed += 1;
      continue;
    }
    if (event.data.skip || event.data.todo) acc.skipped += 1;
    else if (event.type === 'test:pass') acc.passed += 1;
    else acc.failed += 1;
  }
  for (const file of Object.keys(timings)) timings[file] = Math.round(timings[file]);
  yield JSON.stringify({ ...acc, timings }) + '\n';
}
