// Node test-runner reporter: counts leaf tests into the shape scripts/summary.mjs reads.
export default async function* jsonReporter(source) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    if (event.data.details?.type === 'suite') continue;
    if (event.type === 'test:pass') passed++;
    else {
      failed++;
      failures.push(event.data.name);
    }
  }
  yield `${JSON.stringify({ numPassedTests: passed, numFailedTests: failed, failures })}\n`;
}
