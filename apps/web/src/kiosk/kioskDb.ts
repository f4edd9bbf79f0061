/**
 * The kiosk's IndexedDB database (`openvisit-kiosk`): the offline queue (`queue`, offlineQueue.ts) and the copy of the
 * watchlists it screens with offline (`screening`, screeningCopy.ts). Version 2 added `screening`; an upgrade keeps
 * the queue's records. Each caller opens its own connection; a connection closes itself when another page upgrades
 * the database (a new deployment in another tab) and is opened again on next use.
 */
export const KIOSK_DB = 'openvisit-kiosk';
const VERSION = 2;
export type KioskStore = 'queue' | 'screening';
const STORES: Record<KioskStore, IDBObjectStoreParameters> = { queue: { keyPath: 'id' }, screening: {} };

export interface KioskDb {
  /** Runs one request in a transaction; settles when the transaction has committed (a record written is on disk). */
  tx<T>(store: KioskStore, mode: IDBTransactionMode, work: (s: IDBObjectStore) => IDBRequest<T>): Promise<T>;
}

export function kioskDb(dbName: string, factory: IDBFactory): KioskDb {
  let db: Promise<IDBDatabase> | null = null;
  const open = (): Promise<IDBDatabase> => {
    db ??= new Promise((resolve, reject) => {
      const req = factory.open(dbName, VERSION);
      req.onupgradeneeded = () => {
        for (const [name, params] of Object.entries(STORES))
          if (!req.result.objectStoreNames.contains(name)) req.result.createObjectStore(name, params);
      };
      req.onsuccess = () => {
        req.result.onversionchange = () => {
          req.result.close();
          db = null;
        };
        resolve(req.result);
      };
      req.onerror = () => {
        db = null;
        reject(req.error);
      };
    });
    return db;
  };
  return {
    async tx(store, mode, work) {
      const t = (await open()).transaction(store, mode);
      const req = work(t.objectStore(store));
      return new Promise((resolve, reject) => {
        t.oncomplete = () => resolve(req.result);
        t.onerror = () => reject(t.error ?? req.error);
        t.onabort = () => reject(t.error ?? new Error('transaction aborted'));
      });
    },
  };
}
