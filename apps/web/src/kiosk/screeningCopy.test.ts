import 'fake-indexeddb/auto';
import { Status } from '@openvisit/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../platform/apiError';
import { newClientKey } from './offlineQueue';
import { type CopyAnswer, indexedDbCopyStore, memoryCopyStore, ScreeningCopies } from './screeningCopy';

const ENTRY = { bid: 1, list: 'black', level: 'refuse', known: false, keys: ['AAAAAAAAAAAA'] } as const;

/** A fake server answering `getScreeningCopy` per company, `unchanged` for the version it last gave, and recording what it was sent. */
function fakeServer() {
  const sent: (string | undefined)[] = [];
  let company = 1;
  let screening = true;
  let failure: unknown = null;
  const version = () => `${company}:${screening ? 1 : 0}:v1`;
  return {
    sent,
    signIn: (c: number) => {
      company = c;
    },
    setScreening: (on: boolean) => {
      screening = on;
    },
    fail: (err: unknown) => {
      failure = err;
    },
    async fetch(v: string | undefined): Promise<CopyAnswer> {
      sent.push(v);
      if (failure) throw failure;
      const head = { version: version(), screening, mode: 'standard' as const };
      if (v === version()) return { ...head, unchanged: true, key: '', entries: [] };
      return { ...head, unchanged: false, key: `key-of-${company}`, entries: [{ ...ENTRY, bid: company, keys: [...ENTRY.keys] }] };
    },
  };
}

describe("the kiosk's copy of the watchlists", () => {
  it('asks with the version held: an unchanged copy is kept as it was', async () => {
    const server = fakeServer();
    const copies = new ScreeningCopies(memoryCopyStore(), (v) => server.fetch(v));
    const first = await copies.refresh(1);
    expect(first).toMatchObject({ companyId: 1, version: '1:1:v1', key: 'key-of-1', entries: [{ bid: 1 }] });
    const again = await copies.refresh(1);
    expect(server.sent).toEqual([undefined, '1:1:v1']);
    expect(again).toBe(first);
    expect(await copies.current(1)).toBe(first);
  });

  it("never uses another company's copy, nor sends its version", async () => {
    const server = fakeServer();
    const store = memoryCopyStore();
    const copies = new ScreeningCopies(store, (v) => server.fetch(v));
    await copies.refresh(1);
    expect(await copies.current(2)).toBeNull();
    // Another company's session without a network: still nothing to screen with.
    server.fail(new ApiError({ status: 0, reason: 'no response', http: 0 }));
    expect(await copies.refresh(2)).toBeNull();
    server.fail(null);
    server.signIn(2);
    const theirs = await copies.refresh(2);
    expect(server.sent).toEqual([undefined, undefined, undefined]);
    expect(theirs).toMatchObject({ companyId: 2, key: 'key-of-2' });
    expect(await copies.current(1)).toBeNull();
    // A page reopened later reads what the store holds: the second company's copy, one copy only.
    expect(await new ScreeningCopies(store, (v) => server.fetch(v)).current(1)).toBeNull();
  });

  it('keeps nothing of the lists for a company that does not screen, and asks again with its version only', async () => {
    const server = fakeServer();
    const store = memoryCopyStore();
    const copies = new ScreeningCopies(store, (v) => server.fetch(v));
    await copies.refresh(1);
    server.setScreening(false);
    expect(await copies.refresh(1)).toBeNull();
    expect(await store.get()).toEqual({ companyId: 1, version: '1:0:v1', screening: false, mode: 'standard', key: '', entries: [] });
    expect(await copies.refresh(1)).toBeNull();
    expect(server.sent.at(-1)).toBe('1:0:v1');
    server.setScreening(true);
    expect(await copies.refresh(1)).toMatchObject({ screening: true, key: 'key-of-1' });
  });

  it('keeps the copy without an answer; a refusal (the blacklist switched off) or signing out deletes it', async () => {
    const server = fakeServer();
    const store = memoryCopyStore();
    const copies = new ScreeningCopies(store, (v) => server.fetch(v));
    const held = await copies.refresh(1);
    for (const err of [new ApiError({ status: 0, reason: 'no response', http: 0 }), new ApiError({ status: 503, reason: 'down', http: 503 })]) {
      server.fail(err);
      expect(await copies.refresh(1)).toBe(held);
    }
    server.fail(new ApiError({ status: 404, reason: 'switched off', http: 404 }));
    expect(await copies.refresh(1)).toBeNull();
    expect(await store.get()).toBeNull();
    server.fail(null);
    await copies.refresh(1);
    server.fail(new ApiError({ status: Status.NO_PERMISSION, reason: 'no' }));
    expect(await copies.refresh(1)).toBeNull();
    server.fail(null);
    expect(await copies.refresh(1)).not.toBeNull();
    await copies.clear();
    expect(await copies.current(1)).toBeNull();
    expect(await store.get()).toBeNull();
  });

  it('does not keep an answer that arrives after signing out', async () => {
    const server = fakeServer();
    const store = memoryCopyStore();
    let answer: (a: CopyAnswer) => void = () => undefined;
    const copies = new ScreeningCopies(store, () => new Promise((resolve) => (answer = resolve)));
    const refreshing = copies.refresh(1);
    await copies.clear();
    answer(await server.fetch(undefined));
    expect(await refreshing).toBeNull();
    expect(await store.get()).toBeNull();
    expect(await copies.current(1)).toBeNull();
  });

  it('shares one request between concurrent refreshes of a company', async () => {
    const server = fakeServer();
    const copies = new ScreeningCopies(memoryCopyStore(), (v) => server.fetch(v));
    const [a, b] = await Promise.all([copies.refresh(1), copies.refresh(1)]);
    expect(a).toBe(b);
    expect(server.sent).toHaveLength(1);
  });

  it('survives a reload in IndexedDB, beside the offline queue of the same database', async () => {
    const server = fakeServer();
    const dbName = `kiosk-copy-${newClientKey()}`;
    await new ScreeningCopies(indexedDbCopyStore(dbName), (v) => server.fetch(v)).refresh(1);
    const reopened = new ScreeningCopies(indexedDbCopyStore(dbName), (v) => server.fetch(v));
    expect(await reopened.current(1)).toMatchObject({ version: '1:1:v1', key: 'key-of-1', entries: [{ bid: 1, keys: ['AAAAAAAAAAAA'] }] });
    await reopened.refresh(1);
    expect(server.sent).toEqual([undefined, '1:1:v1']);
    await reopened.clear();
    expect(await indexedDbCopyStore(dbName).get()).toBeNull();
  });
});
