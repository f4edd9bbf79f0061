import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { indexedDbStore, newClientKey } from './offlineQueue';
import { indexedDbCopyStore } from './screeningCopy';

/** The database as the kiosk before issue 42 made it: version 1, the queue only. */
function openVersion1(dbName: string, record: unknown): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = indexedDB.open(dbName, 1);
    req.onupgradeneeded = () => req.result.createObjectStore('queue', { keyPath: 'id' }).put(record);
    req.onsuccess = () => {
      req.result.close();
      resolve();
    };
    req.onerror = () => reject(req.error);
  });
}

describe("the kiosk's IndexedDB database", () => {
  it('an upgrade from the queue-only version keeps the records waiting and adds the copy of the watchlists', async () => {
    const dbName = `kiosk-db-${newClientKey()}`;
    const waiting = { id: 'k1', kind: 'walkIn', companyId: 1, label: 'Ada', input: {}, createdAt: 1, attempts: 0 };
    await openVersion1(dbName, waiting);
    expect(await indexedDbStore(dbName).list()).toEqual([waiting]);
    const copies = indexedDbCopyStore(dbName);
    await copies.put({ companyId: 1, version: 'v', screening: true, mode: 'narrow', key: 'k', entries: [] });
    expect(await copies.get()).toMatchObject({ version: 'v' });
    expect(await indexedDbStore(dbName).list()).toEqual([waiting]);
  });
});
