import 'fake-indexeddb/auto';
import { Status } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/apiError';
import {
  classifyFailure,
  indexedDbStore,
  isNetworkFailure,
  memoryStore,
  newClientKey,
  OfflineQueue,
  type QueuedRecord,
  type QueueStore,
} from './offlineQueue';

/** A fake server: stores a registration once per clientKey, like UpdatePhoto does. */
function fakeServer() {
  const stored = new Map<string, number>();
  let nextId = 1;
  let down = false;
  let loseReplies = false;
  const calls: string[] = [];
  return {
    stored,
    calls,
    setDown: (v: boolean) => {
      down = v;
    },
    setLoseReplies: (v: boolean) => {
      loseReplies = v;
    },
    async send(r: QueuedRecord): Promise<unknown> {
      calls.push(r.id);
      if (down) throw new ApiError({ status: 0, reason: 'no response', http: 0 });
      if (r.input.vname === 'Blocked') throw new ApiError({ status: Status.BLACKLISTED, reason: 'blacklisted' });
      const key = String(r.input.clientKey);
      if (!stored.has(key)) stored.set(key, nextId++);
      if (loseReplies) throw new ApiError({ status: 408, reason: 'timeout', http: 408 });
      return { vid: stored.get(key) };
    },
  };
}

const record = (name: string, companyId = 1): Omit<QueuedRecord, 'attempts' | 'createdAt'> => {
  const id = newClientKey();
  return { id, kind: 'walkIn', companyId, label: name, input: { vname: name, clientKey: id } };
};

describe('offline queue', () => {
  it('classifies failures: network and server trouble retry, session end stops, answers are refusals', () => {
    expect(classifyFailure(new ApiError({ status: 0, reason: 'x', http: 0 }))).toBe('retry');
    expect(classifyFailure(new ApiError({ status: 408, reason: 'x', http: 408 }))).toBe('retry');
    expect(classifyFailure(new ApiError({ status: 503, reason: 'x', http: 503 }))).toBe('retry');
    expect(classifyFailure(new TypeError('fetch failed'))).toBe('retry');
    expect(classifyFailure(new ApiError({ status: Status.TOKEN_EXPIRED, reason: 'x' }))).toBe('stop');
    expect(classifyFailure(new ApiError({ status: Status.BAD_PARAMS, reason: 'x' }))).toBe('refused');
    expect(classifyFailure(new ApiError({ status: Status.TOO_EARLY, reason: 'x' }))).toBe('refused');
    expect(classifyFailure(new ApiError({ status: 413, reason: 'x', http: 413 }))).toBe('refused');
    // 69: the visitor takes the induction at once; never queued live, and a replay asking for it is kept for staff.
    expect(classifyFailure(new ApiError({ status: Status.EXAM_REQUIRED, reason: 'x', result: { qid: 1, tid: 2, vid: null } }))).toBe('refused');
    expect(isNetworkFailure(new ApiError({ status: Status.EXAM_REQUIRED, reason: 'x' }))).toBe(false);
  });

  it('keys are valid clientKeys and unique', () => {
    const keys = new Set(Array.from({ length: 100 }, newClientKey));
    expect(keys.size).toBe(100);
    for (const k of keys) expect(k).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('keeps records while the network is down and sends them, oldest first, when it is back', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue(memoryStore(), (r) => server.send(r));
    server.setDown(true);
    const a = record('Ada');
    const b = record('Bo');
    await queue.add({ ...a, createdAt: 1 });
    await queue.add({ ...b, createdAt: 2 });
    expect(await queue.flush(1)).toEqual({ sent: 0, refused: 0, left: 2 });
    expect(server.calls).toEqual([a.id]); // the first failure stops the round
    expect(queue.counts(1).pending).toBe(2);
    server.setDown(false);
    expect(await queue.flush(1)).toEqual({ sent: 2, refused: 0, left: 0 });
    expect(server.calls.slice(1)).toEqual([a.id, b.id]);
    expect(queue.counts(1).pending).toBe(0);
    expect(server.stored.size).toBe(2);
  });

  it('replays idempotently: a reply lost on the way back, then a resend, records the visit once', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue(memoryStore(), (r) => server.send(r));
    const a = record('Ada');
    await queue.add(a);
    server.setLoseReplies(true);
    expect((await queue.flush(1)).left).toBe(1);
    expect(server.stored.size).toBe(1);
    server.setLoseReplies(false);
    expect((await queue.flush(1)).sent).toBe(1);
    expect(server.calls).toEqual([a.id, a.id]);
    expect(server.stored.size).toBe(1);
  });

  it('shares one round between concurrent flushes (a record is never sent twice at once)', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue(memoryStore(), (r) => server.send(r));
    await queue.add(record('Ada'));
    await queue.add(record('Bo'));
    const [x, y] = await Promise.all([queue.flush(1), queue.flush(1)]);
    expect(x).toBe(y);
    expect(server.calls).toHaveLength(2);
  });

  it('keeps a refused record for staff and never sends it again; clearing removes it', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue(memoryStore(), (r) => server.send(r));
    await queue.add(record('Blocked'));
    expect(await queue.flush(1)).toEqual({ sent: 0, refused: 1, left: 0 });
    expect(queue.counts(1).refused[0]?.refused?.status).toBe(Status.BLACKLISTED);
    await queue.flush(1);
    expect(server.calls).toHaveLength(1);
    await queue.clearRefused(1);
    expect(queue.counts(1)).toEqual({ pending: 0, matched: [], refused: [] });
  });

  it('sends a record only with the session of the company that took it', async () => {
    const server = fakeServer();
    const queue = new OfflineQueue(memoryStore(), (r) => server.send(r));
    await queue.add(record('Ada', 1));
    expect(await queue.flush(2)).toEqual({ sent: 0, refused: 0, left: 0 });
    expect(queue.counts(1).pending).toBe(1);
    expect(queue.counts(2).pending).toBe(0);
  });

  it('survives a reload: records are kept in IndexedDB and sent by the next page', async () => {
    const server = fakeServer();
    const dbName = `kiosk-test-${newClientKey()}`;
    const first = new OfflineQueue(indexedDbStore(dbName), (r) => server.send(r));
    server.setDown(true);
    const a = record('Ada');
    await first.add(a);
    await first.flush(1);
    const store: QueueStore = indexedDbStore(dbName);
    expect((await store.list()).map((r) => [r.id, r.attempts])).toEqual([[a.id, 1]]);
    server.setDown(false);
    const second = new OfflineQueue(indexedDbStore(dbName), (r) => server.send(r));
    await second.ready();
    expect(second.counts(1).pending).toBe(1);
    expect((await second.flush(1)).sent).toBe(1);
    expect(await store.list()).toEqual([]);
    expect(server.stored.size).toBe(1);
  });
});
