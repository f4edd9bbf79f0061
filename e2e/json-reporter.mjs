// Node test-runner reporter: counts leaf tests into the shape scripts/summary.mjs reads, with each spec file's seconds
// (the runner's own duration of the file's process) for the summary's slowest files.
export default async function* jsonReporter(source) {
  let passed = 0;
  let failed = 0;
  const failures = [];
  const files = [];
  for await (const event of source) {
    // A spec file's own entry: nesting 0, named after its path.
    if (event.type === 'test:complete' && event.data.nesting === 0 && event.data.file && event.data.name === event.data.file)
      files.push({ name: event.data.file, seconds: (event.data.details?.duration_ms ?? 0) / 1000 });
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
  yield `${JSON.stringify({ numPassedTests: passed, numFailedTests: failed, failures, files })}\n`;
}
