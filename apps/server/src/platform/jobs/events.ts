import { type Role, Role as Roles, Status } from '@openvisit/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Db } from '../../db/client.js';
import { AppError } from '../http/errors.js';
import { assertGranted, assertPasswordChanged, resolveSession, type Session } from '../identity/sessions.js';

/** Someone arrived on or left the site (migration 0021: a trigger on visits NOTIFYs 'visits_onsite' at commit). */
export interface OnSiteEvent {
  companyId: number;
  subAccountId: number | null;
  gid: number | null;
  vid: number;
  kind: string;
  move: 'in' | 'out';
}

const CHANNEL = 'visits_onsite';

/** Hears the database's notifications on a channel (any process's, on PostgreSQL); answers the function that stops. */
export type Listen = Database['listen'];

/**
 * Fans the database's on-site notifications out to this process's subscribers. Every process LISTENs, so on
 * PostgreSQL a check-in served by one node reaches the boards connected to any other.
 */
export class OnSiteEvents {
  private readonly subscribers = new Set<(e: OnSiteEvent) => void>();
  private stop: (() => Promise<void>) | null = null;

  async start(database: Database): Promise<void> {
    this.stop = await database.listen(CHANNEL, (payload) => {
      let e: OnSiteEvent;
      try {
        e = JSON.parse(payload) as OnSiteEvent;
      } catch {
        return;
      }
      for (const fn of this.subscribers) fn(e);
    });
  }

  subscribe(fn: (e: OnSiteEvent) => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  get listeners(): number {
    return this.subscribers.size;
  }

  async close(): Promise<void> {
    await this.stop?.();
    this.stop = null;
  }
}

/** Whether a session may hear of this event: its company's, and a sub-company only its own visitors' (as getOnSiteList). */
export function concerns(session: Session, e: OnSiteEvent): boolean {
  if (e.companyId !== session.companyId) return false;
  return session.role !== Roles.SUB_COMPANY || e.subAccountId === session.subAccountId;
}

const HEARTBEAT_MS = 15_000;
const SESSION_CHECK_MS = 60_000;

/**
 * GET /api/events/onsite: a server-sent event stream of arrivals and departures for the live board. The session token
 * comes in the X-COOLVISIT-TOKEN header (the console reads the stream with fetch); refused sessions answer the usual
 * envelope (27/28/29, 610, 303 until a first password is changed). Events: `onsite` with {vid, kind, gid, move}; a comment line every 15 s keeps proxies
 * from closing an idle stream; the stream ends when the session is revoked or expires.
 *
 * Streams are capped in this process per session and per company (`limits`): one more is refused with HTTP 429 and
 * the reason, and the streams already open go on. Refusing the new one rather than closing the oldest: the console
 * reopens a closed stream, so two tabs past the cap would take the stream from each other every few seconds; a
 * refused tab retries with its back-off (at most every 10 s) and goes live once another tab closes.
 */
export function registerOnSiteStream(
  app: FastifyInstance,
  deps: { db: Db; events: OnSiteEvents; access: readonly Role[]; limits: { perSession: number; perCompany: number } },
): void {
  const open = new Set<() => void>();
  const bySession = new Counter<number>();
  const byCompany = new Counter<number>();
  // Open streams would keep the server from closing.
  app.addHook('onClose', async () => {
    for (const end of [...open]) end();
  });
  app.get('/api/events/onsite', async (req, reply) => {
    let session: Session;
    try {
      const token = req.headers['x-coolvisit-token'];
      session = await resolveSession(deps.db, typeof token === 'string' ? token : undefined);
      if (!deps.access.includes(session.role)) throw new AppError(Status.NO_PERMISSION);
      // The on-site board is in the visitors area: a module-driven account needs it granted.
      assertGranted(session, { name: 'events/onsite', area: 'visitors' });
      // The same gate as every call: a first password must be changed before anything else is heard.
      assertPasswordChanged(session, 'events/onsite');
    } catch (err) {
      if (err instanceof AppError) return reply.send({ status: err.status, reason: err.message, result: err.result });
      throw err;
    }
    if (bySession.get(session.id) >= deps.limits.perSession || byCompany.get(session.companyId) >= deps.limits.perCompany) {
      const reason =
        bySession.get(session.id) >= deps.limits.perSession
          ? `Too many live streams for this sign-in (at most ${deps.limits.perSession}); close another tab or window showing visitors on site`
          : `Too many live streams for this company (at most ${deps.limits.perCompany}); try again when a board is closed`;
      return reply.code(429).send({ status: 429, reason, result: null });
    }
    bySession.add(session.id, 1);
    byCompany.add(session.companyId, 1);
    const token = req.headers['x-coolvisit-token'] as string;
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.write('retry: 3000\n\n');
    const unsubscribe = deps.events.subscribe((e) => {
      if (!concerns(session, e)) return;
      res.write(`event: onsite\ndata: ${JSON.stringify({ vid: e.vid, kind: e.kind, gid: e.gid, move: e.move })}\n\n`);
    });
    const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const check = setInterval(() => {
      resolveSession(deps.db, token).catch(() => end());
    }, SESSION_CHECK_MS);
    let ended = false;
    function end(): void {
      if (ended) return;
      ended = true;
      open.delete(end);
      bySession.add(session.id, -1);
      byCompany.add(session.companyId, -1);
      unsubscribe();
      clearInterval(heartbeat);
      clearInterval(check);
      res.end();
    }
    open.add(end);
    req.raw.on('close', end);
    // A client gone before the listener was added: its stream is counted, so it is ended here.
    if (req.raw.socket?.destroyed) end();
  });
}

/** Counts by key, a key at zero forgotten. */
class Counter<K> {
  private readonly counts = new Map<K, number>();
  get(key: K): number {
    return this.counts.get(key) ?? 0;
  }
  add(key: K, n: number): void {
    const next = this.get(key) + n;
    if (next > 0) this.counts.set(key, next);
    else this.counts.delete(key);
  }
}
