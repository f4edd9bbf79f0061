// Runs the end-to-end specs with Node's test runner against the built product (built first if needed).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { DATA_TEMPLATE_ENV, makeDataTemplate } from './harness.js';

const root = path.resolve(import.meta.dirname, '..');
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js')) || !fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  const build = spawnSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
/**
 * Files start in this order, a few at a time: the longest first (every screen in both languages; a monitor that waits
 * out a real offline threshold), then the rest largest first, so no long file starts last and runs alone.
 */
const LONG_FIRST = ['a11y.spec.ts', 'monitor.spec.ts'];
const size = (f: string) => fs.statSync(path.join(root, 'e2e', f)).size;
const specs = fs
  .readdirSync(path.join(root, 'e2e'))
  .filter((f) => f.endsWith('.spec.ts'))
  .sort((a, b) => {
    const [ia, ib] = [LONG_FIRST.indexOf(a), LONG_FIRST.indexOf(b)];
    if (ia >= 0 || ib >= 0) return (ia < 0 ? LONG_FIRST.length : ia) - (ib < 0 ? LONG_FIRST.length : ib);
    return size(b) - size(a);
  })
  .map((f) => path.join('e2e', f));
const only = process.argv.slice(2);
const args = [
  '--import',
  'tsx',
  '--test',
  // Three files at a time on two cores: a file spends part of its time waiting (on the server, on a condition polled),
  // which a third fills; measured 18 min with two, 15 with four (CPU then saturated), where hang bounds still held.
  `--test-concurrency=${process.env.E2E_CONCURRENCY ?? '3'}`,
  // Every file, and every test in it, fails after 10 minutes (the runner then ends the file's process): one hang costs
  // a failure named in the summary, not the run's whole time budget (a run stuck there did not land). The longest
  // file takes about 3 minutes. (--test-force-exit is not used: it ends the runner before the JSON report is written.)
  '--test-timeout=600000',
  '--test-reporter=spec',
  '--test-reporter-destination=stdout',
  '--test-reporter=./e2e/json-reporter.mjs',
  `--test-reporter-destination=${process.env.E2E_JSON ?? '.tmp/e2e.json'}`,
  ...(only.length ? only : specs),
];
fs.mkdirSync(path.join(root, '.tmp'), { recursive: true });
// Every spec's servers start from one migrated database, made here once.
const template = await makeDataTemplate();
const run = spawnSync(process.execPath, args, { cwd: root, stdio: 'inherit', env: { ...process.env, [DATA_TEMPLATE_ENV]: template } });
fs.rmSync(template, { recursive: true, force: true });
process.exit(run.status ?? 1);
