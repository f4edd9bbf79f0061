// Runs the end-to-end specs with Node's test runner against the built product (built first if needed).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const specs = fs
  .readdirSync(path.join(root, 'e2e'))
  .filter((f) => f.endsWith('.spec.ts'))
  .map((f) => path.join('e2e', f));
const only = process.argv.slice(2);
const args = [
  '--import',
  'tsx',
  '--test',
  '--test-concurrency=1',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./e2e/json-reporter.mjs',
  `--test-reporter-destination=${process.env.E2E_JSON ?? '.tmp/e2e.json'}`,
  ...(only.length ? only : specs),
];
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit' });
process.exit(run.status ?? 1);
