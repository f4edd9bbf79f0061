import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * One request, one read of each thing (DESIGN 10): the company row (its settings parsed once per change), a host, the company's
 * notification channels are read once per call (or job) however many services ask, because the notifier, a
 * transaction and the call itself each build their own scope but run in the call's async context. Repositories name
 * what they read (`company:7`) and forget it when they write it; outside a call or job every read goes to the database.
 */
const current = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/** Runs a call or a job with a cache of its own. */
export function withRequestCache<T>(work: () => Promise<T>): Promise<T> {
  return current.run(new Map(), work);
}

/** The first read of `key` in this call; later reads get its answer (a failed read is not kept). */
export function readOnce<T>(key: string, load: () => Promise<T>): Promise<T> {
  const cache = current.getStore();
  if (!cache) return load();
  let answer = cache.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = load();
    cache.set(key, answer);
    answer.catch(() => {
      if (cache.get(key) === answer) cache.delete(key);
    });
  }
  return answer;
}

/**
 * Runs a transaction's work on a copy of the call's cache, taken back only if the work succeeds: what a rolled-back
 * transaction read after its own writes (rows that were never committed) is not answered to the rest of the call.
 */
export async function withTransactionCache<T>(work: () => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (!outer) return work();
  const inner = new Map(outer);
  const answer = await current.run(inner, work);
  outer.clear();
  for (const [key, value] of inner) outer.set(key, value);
  return answer;
}

/** A read made some other way (the session look-up joins the company): later `readOnce(key)` answer it. */
export function remember<T>(key: string, value: T): void {
  current.getStore()?.set(key, Promise.resolve(value));
}

/** This call changed what `key`, and every key under it (`key:`…), names: the next read reads again. */
export function forget(key: string): void {
  const cache = current.getStore();
  if (!cache) return;
  for (const k of cache.keys()) if (k === key || k.startsWith(`${key}:`)) cache.delete(k);
}

/** The keys the platform and modules share. */
export const cacheKey = {
  company: (companyId: number) => `company:${companyId}`,
  employee: (companyId: number, empId: number) => `employees:${companyId}:${empId}`,
  employees: (companyId: number) => `employees:${companyId}`,
  channels: (companyId: number) => `channels:${companyId}`,
};

/** A repository's writes, each forgetting `key` (and what is under it) once it has written. */
export function forgetting<W extends { [K in keyof W]: (...args: never[]) => Promise<unknown> }>(key: string, writes: W): W {
  const wrapped: Record<string, unknown> = {};
  for (const [name, write] of Object.entries(writes) as [string, (...args: never[]) => Promise<unknown>][])
    wrapped[name] = (...args: never[]) =>
      write(...args).then((answer) => {
        forget(key);
        return answer;
      });
  return wrapped as W;
}
