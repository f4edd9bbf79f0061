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
      const error = event.data.details?.error;
      failures.push({
        name: `${event.data.file ? `${event.data.file.split('/').slice(-1)[0]} > ` : ''}${event.data.name}`,
        message: String(error?.cause?.message ?? error?.message ?? ''),
      });
    }
  }
  yield `${JSON.stringify({ numPassedTests: passed, numFailedTests: failed, failures })}\n`;
}
