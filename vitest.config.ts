import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { callIndexPlugin } from './apps/web/callIndex';

// Timeouts bound a hang, never a speed: a loaded machine makes the run slower, not red. TEST_TIMEOUT_SCALE multiplies them.
const scale = Math.max(1, Number(process.env.TEST_TIMEOUT_SCALE) || 1);
// Exact matches: the contract's second entry point (`/screening`) must not be read as a path under the first.
const contractAlias = [
  { find: /^@openvisit\/contract$/, replacement: new URL('./packages/contract/src/index.ts', import.meta.url).pathname },
  { find: /^@openvisit\/contract\/screening$/, replacement: new URL('./packages/contract/src/screening/index.ts', import.meta.url).pathname },
];

/**
 * On PostgreSQL (TEST_DATABASE_URL set, scripts/with-postgres.sh) the server suite runs only its files that reach the
 * database through the harness (`testApp`) or PostgreSQL itself: the others (parsers, simulators, the embedded
 * database's backups in cli.test.ts) would run the same tests a second time, about 50 s of a 2-core run.
 */
function engineFreeServerTests(): string[] {
  if (!process.env.TEST_DATABASE_URL) return [];
  const root = new URL('.', import.meta.url).pathname;
  return ['apps/server/src', 'apps/server/test']
    .flatMap((dir) => fs.readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => path.join(dir, f)))
    .filter((f) => f.endsWith('.test.ts') && !/testApp\(|openPostgres\(|TEST_DATABASE_URL/.test(fs.readFileSync(path.join(root, f), 'utf8')));
}

export default defineConfig({
  test: {
    // Vitest's default (one worker fewer than the cores) leaves one of two cores idle: the suite is CPU-bound in the
    // workers (PGlite, jsdom), so on a small machine every core runs a file. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS) || Math.max(2, os.availableParallelism() - 1),
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [
      { test: { name: 'contract', include: ['packages/contract/src/**/*.test.ts'], environment: 'node' } },
      {
        resolve: { alias: contractAlias },
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['apps/server/test/resilience/**', ...engineFreeServerTests()],
          environment: 'node',
          globalSetup: ['apps/server/test/global-setup.ts'],
          testTimeout: 300_000 * scale,
          hookTimeout: 180_000 * scale,
          pool: 'forks',
          // A worker runs its files one after another in one process, so the module graph (Fastify, Drizzle, PGlite's
          // WebAssembly) is loaded once per worker, not once per file: a third of the suite's time. Safe because each
          // file builds its own app on its own database and closes it; process-wide state is either content-keyed
          // caches or put back by the file that changes it (reports.fill.test.ts restores TZ, vitest restores spies).
          isolate: false,
        },
      },
      {
        // The real server as a child process whose database is stopped or which is killed: run alone, after the suites
        // (scripts/test-all.sh, through scripts/with-postgres.sh), never beside tests sharing that database.
        resolve: { alias: contractAlias },
        test: {
          name: 'resilience',
          include: ['apps/server/test/resilience/**/*.test.ts'],
          environment: 'node',
          testTimeout: 300_000 * scale,
          hookTimeout: 400_000 * scale,
          pool: 'forks',
          fileParallelism: false,
        },
      },
      {
        plugins: [callIndexPlugin()],
        resolve: { alias: contractAlias },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Rendering antd screens in jsdom takes seconds on a busy 2-core machine; this bounds a hang, not speed.
          testTimeout: 180_000 * scale,
          hookTimeout: 60_000 * scale,
          setupFiles: ['apps/web/src/testing/freshFile.ts', 'apps/web/src/test-setup.ts'],
          isolate: false,
        },
      },
    ],
  },
});
