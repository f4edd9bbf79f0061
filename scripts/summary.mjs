// Adds up Vitest's JSON reports and the end-to-end report into the closing "N passed, N failed" line.
import fs from 'node:fs';
import path from 'node:path';

const [dir, checksFailed = '0'] = process.argv.slice(2);
let passed = 0;
let failed = Number(checksFailed);
const parts = [];
for (const name of ['unit.json', 'pg.json', 'resilience.json', 'e2e.json']) {
  const file = path.join(dir, name);
  if (!fs.existsSync(file)) continue;
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  parts.push(`${name.replace('.json', '')}: ${r.numPassedTests ?? 0} passed, ${r.numFailedTests ?? 0} failed`);
}
const steps = path.join(dir, 'failed-steps');
if (fs.existsSync(steps)) parts.push(`failed steps: ${fs.readFileSync(steps, 'utf8').trim().split('\n').join(', ')}`);
console.log(parts.join('\n'));
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
