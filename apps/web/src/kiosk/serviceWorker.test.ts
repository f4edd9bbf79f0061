import { describe, expect, it, vi } from 'vitest';
import { type KioskShell, kioskWorker, kioskWorkerSource, type WorkerScope } from './serviceWorker';

const ORIGIN = 'http://kiosk.test';
const path = (r: RequestInfo | URL) => new URL(typeof r === 'string' ? r : r instanceof URL ? r.href : r.url, ORIGIN).pathname;

/** A worker's world: named caches, a network that answers by path (or is gone), and the events the browser sends. */
function world(shell: KioskShell, run: (scope: WorkerScope) => void = (s) => kioskWorker(s, shell)) {
  const stores = new Map<string, Map<string, Response>>();
  const cacheOf = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>();
    stores.set(name, store);
    return {
      async addAll(requests: RequestInfo[]) {
        for (const r of requests) store.set(path(r), await net(r));
      },
      async put(r: RequestInfo, answer: Response) {
        store.set(path(r), answer);
      },
      async match(r: RequestInfo) {
        return store.get(path(r))?.clone();
      },
    };
  };
  let online = true;
  const served: string[] = [];
  const net = vi.fn(async (r: RequestInfo | URL) => {
    if (!online) throw new TypeError('Failed to fetch');
    served.push(path(r));
    return new Response(`network ${path(r)}`, { status: path(r).includes('missing') ? 404 : 200 });
  });
  const listeners = new Map<string, (e: never) => void>();
  const scope = {
    location: { origin: ORIGIN },
    caches: {
      open: async (name: string) => cacheOf(name),
      keys: async () => [...stores.keys()],
      delete: async (name: string) => stores.delete(name),
    },
    fetch: net,
    skipWaiting: vi.fn(async () => undefined),
    clients: { claim: vi.fn(async () => undefined) },
    addEventListener: (type: string, fn: (e: never) => void) => listeners.set(type, fn),
  } as unknown as WorkerScope;
  run(scope);
  const lifecycle = async (type: 'install' | 'activate') => {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)?.({ waitUntil: (p: Promise<unknown>) => waits.push(p) } as never);
    await Promise.all(waits);
  };
  /** What the worker answers for a request, or null when it lets the browser handle it. */
  const request = async (url: string, init: { method?: string; mode?: string } = {}) => {
    let answer: Promise<Response> | null = null;
    const req = { url: `${ORIGIN}${url}`, method: init.method ?? 'GET', mode: init.mode ?? 'cors' };
    listeners.get('fetch')?.({ request: req, respondWith: (p: Promise<Response>) => (answer = p) } as never);
    return answer ? ((await answer) as Response) : null;
  };
  return { stores, scope, served, net, lifecycle, request, setOnline: (v: boolean) => (online = v) };
}

const shellOf = (version: string): KioskShell => ({
  cache: `openvisit-kiosk-${version}`,
  page: `${ORIGIN}/kiosk.html`,
  assets: [`${ORIGIN}/assets/kiosk-${version}.js`, `${ORIGIN}/assets/jsqr-${version}.js`],
});

describe('kiosk service worker', () => {
  it('keeps the page and the build’s files on install; a new build’s cache replaces the old one', async () => {
    const w = world(shellOf('v2'));
    w.stores.set('openvisit-kiosk-v1', new Map());
    w.stores.set('someone-else', new Map());
    await w.lifecycle('install');
    expect([...(w.stores.get('openvisit-kiosk-v2')?.keys() ?? [])].sort()).toEqual(['/assets/jsqr-v2.js', '/assets/kiosk-v2.js', '/kiosk.html']);
    expect(w.scope.skipWaiting).toHaveBeenCalled();
    await w.lifecycle('activate');
    expect([...w.stores.keys()].sort()).toEqual(['openvisit-kiosk-v2', 'someone-else']);
    expect(w.scope.clients.claim).toHaveBeenCalled();
  });

  it('the page: from the network while there is one (and kept), else the kept copy', async () => {
    const w = world(shellOf('v1'));
    await w.lifecycle('install');
    expect(await (await w.request('/kiosk', { mode: 'navigate' }))?.text()).toBe('network /kiosk');
    expect(await w.stores.get('openvisit-kiosk-v1')?.get('/kiosk.html')?.clone().text()).toBe('network /kiosk');
    w.setOnline(false);
    expect(await (await w.request('/kiosk/anything', { mode: 'navigate' }))?.text()).toBe('network /kiosk');
  });

  it('hashed files come from the cache; one not kept yet is fetched once and kept, a failure is not', async () => {
    const w = world(shellOf('v1'));
    await w.lifecycle('install');
    w.served.length = 0;
    expect(await (await w.request('/assets/kiosk-v1.js'))?.text()).toBe('network /assets/kiosk-v1.js');
    expect(w.served).toEqual([]);
    await w.request('/assets/extra.js');
    await w.request('/assets/extra.js');
    expect(w.served).toEqual(['/assets/extra.js']);
    expect((await w.request('/assets/missing.js'))?.status).toBe(404);
    expect(w.stores.get('openvisit-kiosk-v1')?.has('/assets/missing.js')).toBe(false);
  });

  it('never answers API calls, writes or other paths: the browser sends them as they are', async () => {
    const w = world(shellOf('v1'));
    await w.lifecycle('install');
    expect(await w.request('/api/getPadConfig', { method: 'POST' })).toBeNull();
    expect(await w.request('/api/PadLogo?key=x')).toBeNull();
    expect(await w.request('/qcvisit/getPadConfig')).toBeNull();
    expect(await w.request('/assets/kiosk-v1.js', { method: 'POST' })).toBeNull();
    expect(await w.request('/healthz')).toBeNull();
  });

  it('the generated source runs on its own, with the shell it was given', async () => {
    const shell = shellOf('v3');
    const w = world(shell, (scope) => new Function('self', kioskWorkerSource(shell))(scope));
    await w.lifecycle('install');
    expect(w.stores.has('openvisit-kiosk-v3')).toBe(true);
    expect(w.net).toHaveBeenCalledTimes(3);
  });
});
