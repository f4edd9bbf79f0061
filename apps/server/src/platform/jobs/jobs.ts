import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, isDatabaseUnavailable } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { errorText } from '../http/logging.js';
import { withRequestCache } from '../http/requestCache.js';

export type JobHandler = (payload: unknown, ctx: { attempt: number; final: boolean }) => Promise<void>;

/**
 * A queue of a module's own table with its own loop (webhook deliveries wait on remote servers for seconds, which must
 * not hold up mail): started and stopped with the jobs, and drained with them by `runDue` (tests, commands).
 */
export interface AttachedQueue {
  start(): void;
  stop(): Promise<void>;
  runDue(): Promise<number>;
}

interface ClaimedJob {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

/**
 * The jobs table as a queue: rows are claimed with FOR UPDATE SKIP LOCKED, so one process or many can
 * work it; a crashed worker's claim lapses after `lease` and the job is retried with backoff.
 */
export class JobQueue {
  private readonly handlers = new Map<string, JobHandler>();
  /** Kinds whose payload is what someone typed (personal data): blanked once the job is done, the row kept for its key. */
  private readonly forgetful = new Set<string>();
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  /** The context the queue was built in: a job an enqueue wakes runs there, not in the request that enqueued it. */
  private readonly outside = AsyncLocalStorage.snapshot();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly opts = { pollMs: 1000, leaseSeconds: 300, batch: 20, concurrency: 8 },
  ) {}

  register(kind: string, handler: JobHandler, options: { forgetPayloadWhenDone?: boolean } = {}): void {
    this.handlers.set(kind, handler);
    if (options.forgetPayloadWhenDone) this.forgetful.add(kind);
  }

  /**
   * Adds a job. With `key`, a job of that key is added at most once, ever: another process (or a second call)
   * adding the same key gets 0 and nothing is queued twice.
   */
  async enqueue(kind: string, payload: unknown, options: { runAt?: Date; maxAttempts?: number; key?: string } = {}): Promise<number> {
    const [row] = await this.db
      .insert(jobs)
      .values({ kind, payload, runAt: options.runAt ?? new Date(), maxAttempts: options.maxAttempts ?? 5, key: options.key ?? null })
      .onConflictDoNothing({ target: jobs.key })
      .returning({ id: jobs.id });
    if (row) this.kick();
    return row?.id ?? 0;
  }

  /** Runs every due job once; returns how many were run. Tests call it to drain the queue deterministically. */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
    });
    return this.running;
  }

  private readonly starters: (() => void)[] = [];
  private readonly attached: AttachedQueue[] = [];

  attach(queue: AttachedQueue): void {
    this.attached.push(queue);
    this.whenStarted(() => queue.start());
  }

  /** Every due job, then every attached queue's due work, until none is left: what a test drains between steps. */
  async runAllDue(): Promise<number> {
    let total = await this.runDue();
    for (const q of this.attached) total += await q.runDue();
    return total;
  }

  /** Background work that runs only where the queue runs (a served process, not a test app that drains by hand). */
  whenStarted(fn: () => void): void {
    this.starters.push(fn);
    if (this.timer) fn();
  }

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(
      () =>
        void this.runDue().then(
          () => this.backOnline(),
          (err) => this.loopFailed(err),
        ),
      this.opts.pollMs,
    );
    this.timer.unref();
    for (const fn of this.starters) fn();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await Promise.all(this.attached.map((q) => q.stop()));
    await this.running;
  }

  private databaseAway = false;
  /** A database restart is said once, not with the failed SQL every poll; anything else is logged each time. */
  private loopFailed(err: unknown): void {
    if (!isDatabaseUnavailable(err)) {
      this.log.error({ err }, 'job loop failed');
      return;
    }
    if (!this.databaseAway) this.log.warn('job loop paused: the database is unavailable');
    this.databaseAway = true;
  }

  private backOnline(): void {
    if (this.databaseAway) this.log.warn('job loop resumed: the database is back');
    this.databaseAway = false;
  }

  private kick(): void {
    if (this.timer) setImmediate(() => this.outside(() => void this.runDue().catch((err) => this.loopFailed(err))));
  }

  private async drain(): Promise<number> {
    let total = 0;
    for (;;) {
      const claimed = await this.claim();
      if (claimed.length === 0) return total;
      // A claimed batch runs a few at a time: deliveries wait on remote servers (an SMTP exchange takes ~100 ms even
      // on loopback), so one at a time would cap mail at about ten a second.
      let next = 0;
      const worker = async () => {
        while (next < claimed.length) {
          const job = claimed[next++];
          if (job) await this.runOne(job);
        }
      };
      await Promise.all(Array.from({ length: Math.min(this.opts.concurrency, claimed.length) }, worker));
      total += claimed.length;
    }
  }

  private async claim(): Promise<ClaimedJob[]> {
    const result = await this.db.execute(sql`
      UPDATE jobs SET state = 'running', attempts = attempts + 1,
        locked_until = now() + make_interval(secs => ${this.opts.leaseSeconds}), updated_at = now()
      WHERE id IN (
        SELECT id FROM jobs
        WHERE (state = 'queued' AND run_at <= now()) OR (state = 'running' AND locked_until < now())
        ORDER BY run_at LIMIT ${this.opts.batch}
        FOR UPDATE SKIP LOCKED)
      RETURNING id, kind, payload, attempts, max_attempts`);
    return (result as unknown as { rows: ClaimedJob[] }).rows;
  }

  private async runOne(job: ClaimedJob): Promise<void> {
    const handler = this.handlers.get(job.kind);
    const final = job.attempts >= job.max_attempts;
    try {
      if (!handler) throw new Error(`no handler for job kind ${job.kind}`);
      // A job, like a call, reads each thing once (platform/http/requestCache.ts).
      await withRequestCache(() => handler(job.payload, { attempt: job.attempts, final }));
      await this.db
        .update(jobs)
        .set({ state: 'done', lockedUntil: null, lastError: null, ...(this.forgetful.has(job.kind) ? { payload: {} } : {}) })
        .where(eq(jobs.id, job.id));
    } catch (err) {
      const message = errorText(err); // a failed query's values stay out of the log and the table
      // Exponential backoff: 5 s, 20 s, 80 s, … capped at an hour.
      const delay = Math.min(3600, 5 * 4 ** (job.attempts - 1));
      this.log.warn({ jobId: job.id, kind: job.kind, attempt: job.attempts, err: message }, 'job failed');
      await this.db
        .update(jobs)
        .set(
          final
            ? { state: 'failed', lockedUntil: null, lastError: message }
            : { state: 'queued', lockedUntil: null, lastError: message, runAt: new Date(Date.now() + delay * 1000) },
        )
        .where(eq(jobs.id, job.id));
    }
  }
}
