// A node:test reporter that counts passed and failed tests (suites are not
// counted) and prints one JSON line; `npm test` reads it for its summary.
export default async function* summary(source) {
  const acc = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') {
      if (event.type === 'test:fail' && event.data.details.error?.failureType !== 'subtestsFailed') acc.failed += 1;
      continue;
    }
    if (event.data.skip || event.data.todo) acc.skipped += 1;
    else if (event.type === 'test:pass') acc.passed += 1;
    else acc.failed += 1;
  }
  yield JSON.stringify(acc) + '\n';
}
