// Adds up Vitest's JSON reports and the end-to-end report into the closing "N passed, N failed" line, and names every
// failure with the start of its message just above it: CI keeps only the tail of the output.
import fs from 'node:fs';
import path from 'node:path';

const [dir, checksFailed = '0'] = process.argv.slice(2);
let passed = 0;
let failed = Number(checksFailed);
const parts = [];
const failures = [];
const firstLines = (text, n) =>
  String(text ?? '')
    .split('\n')
    .filter((l) => l.trim())
    .slice(0, n)
    .map((l) => `      ${l.slice(0, 200)}`);
for (const name of ['unit.json', 'pg.json', 'resilience.json', 'e2e.json']) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) continue;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  const run = name.replace('.json', '');
  parts.push(`${run}: ${r.numPassedTests ?? 0} passed, ${r.numFailedTests ?? 0} failed`);
  for (const result of r.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name);
    const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that fails before its tests run (an import, a beforeAll) has no failed test, only a message.
    if (result.status === 'failed' && failedTests.length === 0) failures.push(`  ${run} ${where}`, ...firstLines(result.message, 6));
    for (const t of failedTests) failures.push(`  ${run} ${where} > ${t.fullName}`, ...firstLines(t.failureMessages?.join('\n'), 6));
  }
  for (const f of r.failures ?? []) failures.push(`  ${run} ${typeof f === 'string' ? f : f.name}`, ...firstLines(f.message, 6));
}
const steps = path.join(dir, 'failed-steps');
if (fs.existsSync(steps)) parts.push(`failed steps: ${fs.readFileSync(steps, 'utf8').trim().split('\n').join(', ')}`);
if (failures.length) console.log(['failures:', ...failures].join('\n'));
console.log(parts.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
