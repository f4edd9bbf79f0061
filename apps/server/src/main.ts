import cluster from 'node:cluster';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { acquireDataLock, DataDirBusyError } from './db/lock.js';
import { ensureClosingSweep } from './modules/accounts/accounts.closing.job.js';
import { ensureDeadlineSweep } from './modules/approvals/approvals.deadlines.js';
import { ensureDailySync } from './modules/contacts/contacts.schedule.js';
import { ensureFaceSync } from './modules/credentials/credentials.schedule.js';
import { ensurePhotoSweep } from './modules/logistics/logistics.sweep.js';
import { ensureMonitorSweep } from './modules/monitor/monitor.schedule.js';
import { ensureRetentionSweep } from './modules/privacy/privacy.schedule.js';
import { ensureDaySummaries } from './modules/reports/reports.fill.js';
import { ensureAutoSignOut } from './modules/visits/visits.schedule.js';
import { serverSecretKey } from './platform/identity/secretKey.js';
import { ensureSignInCleanup } from './platform/identity/signinGuard.js';
import { ensureStatistics } from './platform/jobs/statistics.js';

/** The built console, found beside the server whether it runs from src/ (dev) or dist/. */
function findWebDist(): string | undefined {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidate = path.resolve(here, '../../web/dist');
  return fs.existsSync(candidate) ? candidate : undefined;
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, {});
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(2);
    }
    throw err;
  }
  config.webDist = findWebDist();
  if (config.workers > 1 && cluster.isPrimary) return runWorkers(config);
  let release = () => {};
  if (config.database.kind === 'pglite') {
    try {
      release = acquireDataLock(config.dataDir);
    } catch (err) {
      if (err instanceof DataDirBusyError) {
        console.error(err.message);
        process.exit(3);
      }
      throw err;
    }
  }
  const database = await openDatabase(config.database);
  // Under WORKERS the first process has migrated before starting this one.
  if (!cluster.isWorker) await database.migrate();
  const { app, services } = await buildApp(config, database);
  services.jobs.start();
  // The 00:00 directory sync: every process queues the next day's job; its key keeps it to one.
  await ensureDailySync(services.jobs);
  await ensureAutoSignOut(services.jobs);
  await ensureMonitorSweep(services.jobs);
  await ensureDeadlineSweep(services.jobs);
  await ensureFaceSync(services.jobs);
  await ensurePhotoSweep(services.jobs);
  await ensureClosingSweep(services.jobs);
  await ensureSignInCleanup(services.jobs);
  await ensureRetentionSweep(services.jobs);
  // PGlite has no autovacuum to keep the planner's statistics: analyzed now and hourly as tables grow.
  if (database.kind === 'pglite') await ensureStatistics(services.jobs);
  // The statistics' daily summary: a sweep now (closed days missing since the last run), then every few minutes.
  await ensureDaySummaries(services.jobs);
  const shutdown = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    await app.close();
    await database.close();
    release();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ host: config.host, port: config.port });
  app.log.info(
    `OpenVisit ${config.versionLabel} ready on ${config.publicUrl} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})${config.webDist ? '' : ' — console not built, API only'}`,
  );
}

/**
 * WORKERS=n (PostgreSQL only): this process migrates once and makes the secret key file, then runs n servers on the
 * port (Node's cluster shares its connections among them) and starts another when one dies. Everything they share
 * lives in the database (sessions, jobs claimed with SKIP LOCKED, scheduled jobs by key); rate limits count per process.
 */
async function runWorkers(config: Config): Promise<void> {
  const database = await openDatabase(config.database);
  await database.migrate();
  await database.close();
  serverSecretKey(config);
  let stopping = false;
  const start = () => cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    console.error(`server process ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`);
    // A process that dies at start-up is not restarted in a tight loop.
    setTimeout(start, 1000);
  });
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill(signal);
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
  for (let i = 0; i < config.workers; i++) start();
  console.log(`OpenVisit ${config.versionLabel}: ${config.workers} server processes on port ${config.port} (PostgreSQL)`);
}

void main().catch((err) => {
  console.error(err);
  process.exit(1);
});
