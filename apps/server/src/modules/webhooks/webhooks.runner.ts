import type { FastifyBaseLogger } from 'fastify';
import { company as companyRow } from '../../core/company/company.public.js';
import { EndpointRefused, fetchEndpoint } from '../../platform/http/endpoints.js';
import { errorText } from '../../platform/http/logging.js';
import type { SecretBox } from '../../platform/identity/crypto.js';
import { type SystemScope, scopeForCompany } from '../../platform/identity/tenancy.js';
import type { Listen } from '../../platform/jobs/events.js';
import type { AttachedQueue } from '../../platform/jobs/jobs.js';
import type { Notifier } from '../../platform/messages/notify.js';
import { endpointOffMail } from './webhooks.mails.js';
import { signedHeaders } from './webhooks.signing.js';
import { type ClaimedDelivery, webhooksSystemRepository } from './webhooks.system.repository.js';

/**
 * Seconds before each retry, as the Standard Webhooks guidance: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (about 27 h
 * in all), then the delivery has failed. A response other than 2xx, no response within the company endpoints' timeout
 * (10 s) or a refused address is a failure.
 */
export const RETRY_SECONDS = [5, 300, 1800, 7200, 18_000, 36_000, 36_000] as const;
export const ATTEMPTS = RETRY_SECONDS.length + 1;
/** What the log keeps of an answer; the rest is not read (a huge answer costs nothing). */
export const ANSWER_KEPT = 4096;
/** An endpoint failing for this long when a delivery runs out of attempts is switched off, its administrator told. */
export const SWITCH_OFF_AFTER_MS = 24 * 3600_000;
/** Events (with their deliveries and attempts) are kept this long, for the log and for replays. */
export const KEPT_DAYS = 30;
const DISPATCH_BATCH = 500;
const SEND_BATCH = 32;
const PER_ENDPOINT = 4;
const POLL_MS = 1000;
const PRUNE_EVERY_MS = 3600_000;
const CHANNEL = 'event_outbox';

export interface RunnerDeps {
  system: SystemScope;
  secrets: SecretBox;
  notifier: Notifier;
  allowPrivate: boolean;
  /** How long an endpoint has to answer (the company endpoints' timeout, config.notify). */
  timeoutMs: number;
  publicUrl: string;
  listen: Listen;
  log: FastifyBaseLogger;
}

/** The answer's headers worth keeping in the log. */
const KEPT_HEADERS = ['content-type', 'content-length', 'date', 'server', 'retry-after', 'location'];

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < ANSWER_KEPT) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => undefined);
  return Buffer.concat(chunks).subarray(0, ANSWER_KEPT).toString('utf8');
}

function failureText(err: unknown, timeoutMs: number): string {
  if (err instanceof EndpointRefused) return `address refused: ${err.message}`;
  const name = (err as { name?: string }).name;
  if (name === 'TimeoutError' || name === 'AbortError') return `no answer within ${timeoutMs / 1000} s`;
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ? `${cause.code}: ${cause.message ?? ''}`.trim() : errorText(err);
}

/**
 * Fans the outbox out to endpoints and sends the deliveries due: woken at commit by the outbox's NOTIFY, and every
 * second for retries. Any number of processes may run it: rows are claimed with SKIP LOCKED, and a claim whose
 * process died lapses (four timeouts and 5 s), so every event is delivered at least once.
 */
export class WebhookRunner implements AttachedQueue {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> | undefined;
  private again = false;
  private stopListening: (() => Promise<void>) | undefined;
  private prunedAt = 0;

  constructor(private readonly deps: RunnerDeps) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
    this.deps
      .listen(CHANNEL, () => this.kick())
      .then(
        (stop) => {
          this.stopListening = stop;
        },
        (err: unknown) => this.deps.log.error({ err }, 'webhooks: not listening for events; sending every second'),
      );
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.stopListening?.();
    await this.running;
  }

  private kick(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.runDue().catch((err: unknown) => this.deps.log.warn({ err: errorText(err) }, 'webhooks: a run failed'));
  }

  /** Dispatches and sends until nothing is due; answers the deliveries attempted. */
  runDue(): Promise<number> {
    this.running ??= this.drain().finally(() => {
      this.running = undefined;
      if (this.again && this.timer) {
        this.again = false;
        this.kick();
      }
    });
    return this.running;
  }

  private async drain(): Promise<number> {
    const repo = webhooksSystemRepository(this.deps.system);
    let sent = 0;
    for (;;) {
      const { events } = await repo.dispatch(DISPATCH_BATCH);
      // A claim outlives the requests of one round (at most PER_ENDPOINT in a row, each bounded by the timeout) only
      // if the process died: then it lapses and the delivery is sent again.
      const claimed = await repo.claim(SEND_BATCH, PER_ENDPOINT, Math.ceil(this.deps.timeoutMs / 1000) * PER_ENDPOINT + 5);
      // Endpoints at once, each endpoint's deliveries in the order of their events: a receiver hears of a visit's
      // creation before its check-in (a retry may still come after a later event: the timestamp says which is newer).
      const byEndpoint = new Map<number, ClaimedDelivery[]>();
      for (const d of claimed.sort((x, y) => x.eventAt.getTime() - y.eventAt.getTime() || x.id - y.id))
        byEndpoint.set(d.endpointId, [...(byEndpoint.get(d.endpointId) ?? []), d]);
      await Promise.all(
        [...byEndpoint.values()].map(async (list) => {
          for (const d of list) await this.send(d);
        }),
      );
      sent += claimed.length;
      if (events < DISPATCH_BATCH && claimed.length === 0) break;
    }
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await repo.prune(new Date(Date.now() - KEPT_DAYS * 24 * 3600_000));
    }
    return sent;
  }

  private async send(d: ClaimedDelivery): Promise<void> {
    const repo = webhooksSystemRepository(this.deps.system);
    const body = JSON.stringify({ type: d.type, timestamp: d.eventAt.toISOString(), data: d.data });
    const requestHeaders = signedHeaders(this.deps.secrets.open(d.secret), d.msgId, new Date(), body);
    const started = performance.now();
    let status: number | null = null;
    let error = '';
    let responseHeaders: Record<string, string> = {};
    let responseBody = '';
    try {
      const res = await fetchEndpoint(
        d.url,
        { method: 'POST', headers: requestHeaders, body, signal: AbortSignal.timeout(this.deps.timeoutMs) },
        this.deps.allowPrivate,
      );
      status = res.status;
      responseHeaders = Object.fromEntries(KEPT_HEADERS.flatMap((h) => (res.headers.get(h) ? [[h, res.headers.get(h) as string]] : [])));
      responseBody = await readCapped(res);
    } catch (err) {
      error = failureText(err, this.deps.timeoutMs);
    }
    const durationMs = Math.round(performance.now() - started);
    await repo.recordAttempt({
      companyId: d.companyId,
      deliveryId: d.id,
      url: d.url,
      requestHeaders,
      httpStatus: status,
      responseHeaders,
      responseBody,
      durationMs,
      error,
    });
    if (status !== null && status >= 200 && status < 300) return repo.succeeded(d, status);
    const why = error || `HTTP ${status}`;
    const delay = RETRY_SECONDS[d.attempts - 1];
    const failingSince = await repo.failed(d, status, why, delay === undefined ? null : new Date(Date.now() + delay * 1000));
    if (delay === undefined && failingSince && Date.now() - failingSince.getTime() >= SWITCH_OFF_AFTER_MS) await this.switchOff(d, failingSince);
  }

  /** Switched off once per failing episode, its administrator told by mail. */
  private async switchOff(d: ClaimedDelivery, since: Date): Promise<void> {
    const repo = webhooksSystemRepository(this.deps.system);
    const off = await repo.disableFailing(d.endpointId, new Date(Date.now() - SWITCH_OFF_AFTER_MS), `failing since ${since.toISOString()}`);
    if (!off) return;
    this.deps.log.warn({ endpointId: d.endpointId, companyId: d.companyId }, 'webhooks: endpoint switched off after a day of failures');
    const company = await companyRow(scopeForCompany(this.deps.system, d.companyId));
    if (!company?.email) return;
    const lang = company.lang === 'zh' ? 'zh' : 'en';
    const mail = endpointOffMail(lang, { url: off.url, since, link: `${this.deps.publicUrl}/integrations/webhooks/${d.endpointId}` });
    await this.deps.notifier
      .tell(d.companyId, { channel: 'email', to: company.email, toName: company.username }, { ...mail, short: mail.subject })
      .catch((err: unknown) => this.deps.log.error({ err }, 'webhooks: the switch-off mail was not queued'));
  }
}
