// Adds up Vitest's JSON reports and the end-to-end report into the closing "N passed, N failed" line, and names every
// failure with the start of its message just above it: CI keeps only the tail of the output. Above it, where the time
// went: each stage's minutes (scripts/test-all.sh's stages.tsv, and the install when scripts/ci.sh timed it) and the ten
// slowest test files, so a change that makes the run grow shows it before the run nears its budget.
import fs from 'node:fs';
import path from 'node:path';

const [dir, checksFailed = '0'] = process.argv.slice(2);
let passed = 0;
let failed = Number(checksFailed);
const parts = [];
const failures = [];
/** [run, file, seconds] of every test file of every run. */
const fileTimes = [];
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
  for (const f of r.files ?? []) fileTimes.push([run, path.relative(process.cwd(), f.name), f.seconds]);
  for (const result of r.testResults ?? []) {
    const where = path.relative(process.cwd(), result.name);
    if (result.startTime && result.endTime) fileTimes.push([run, where, (result.endTime - result.startTime) / 1000]);
    const failedTests = (result.assertionResults ?? []).filter((t) => t.status === 'failed');
    // A file that fails before its tests run (an import, a beforeAll) has no failed test, only a message.
    if (result.status === 'failed' && failedTests.length === 0) failures.push(`  ${run} ${where}`, ...firstLines(result.message, 6));
    for (const t of failedTests) failures.push(`  ${run} ${where} > ${t.fullName}`, ...firstLines(t.failureMessages?.join('\n'), 6));
  }
  for (const f of r.failures ?? []) failures.push(`  ${run} ${typeof f === 'string' ? f : f.name}`, ...firstLines(f.message, 6));
}
const steps = path.join(dir, 'failed-steps');
if (fs.existsSync(steps)) parts.push(`failed steps: ${fs.readFileSync(steps, 'utf8').trim().split('\n').join(', ')}`);
const minutes = (seconds) => `${(seconds / 60).toFixed(1).padStart(5)} min`;
const stagesFile = path.join(dir, 'stages.tsv');
const stages = fs.existsSync(stagesFile)
  ? fs
      .readFileSync(stagesFile, 'utf8')
      .trim()
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('\t'))
      .map(([seconds, name]) => [name, Number(seconds)])
  : [];
const install = Number(process.env.CI_INSTALL_SECONDS);
if (Number.isFinite(install) && process.env.CI_INSTALL_SECONDS) stages.unshift(['install (system packages, npm ci)', install]);
if (stages.length) {
  console.log('time by stage:');
  for (const [name, seconds] of stages) console.log(`  ${minutes(seconds)}  ${name}`);
  // Stages that ran side by side overlap: the total is the run's own clock when test-all.sh kept it.
  const elapsedFile = path.join(dir, 'elapsed');
  const elapsed = fs.existsSync(elapsedFile) ? Number(fs.readFileSync(elapsedFile, 'utf8')) + (Number.isFinite(install) ? install : 0) : NaN;
  console.log(`  ${minutes(Number.isFinite(elapsed) ? elapsed : stages.reduce((sum, [, s]) => sum + s, 0))}  total`);
}
if (fileTimes.length) {
  console.log('slowest test files:');
  for (const [run, file, seconds] of fileTimes.sort((a, b) => b[2] - a[2]).slice(0, 10))
    console.log(`  ${seconds.toFixed(0).padStart(5)} s  ${run.padEnd(10)} ${file}`);
}
if (failures.length) console.log(['failures:', ...failures].join('\n'));
console.log(parts.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
