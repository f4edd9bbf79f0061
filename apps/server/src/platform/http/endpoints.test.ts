import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EndpointRefused, fetchEndpoint, setResolverForTests } from './endpoints.js';

// A company's endpoint name that answers a public address to the check and 127.0.0.1 to the connection (DNS
// rebinding) must not reach the hosting machine: the connection is made only to addresses that pass the check.
describe('fetchEndpoint', () => {
  let server: http.Server;
  let port: number;
  const seen: string[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      seen.push(`${req.headers.host} ${req.url}`);
      res.end('{"code":0}');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  afterEach(() => {
    setResolverForTests(null);
    seen.length = 0;
  });

  /** Answers `answers[i]` to the i-th resolution of `name` (the last one from then on). */
  const rebinding = (name: string, answers: string[][]) => {
    let n = 0;
    const asked: string[] = [];
    setResolverForTests(async (host) => {
      asked.push(host);
      if (host !== name) throw new Error('ENOTFOUND');
      return answers[Math.min(n++, answers.length - 1)] as string[];
    });
    return asked;
  };

  it('refuses a name that answers a public address first and 127.0.0.1 next; the local server sees nothing', async () => {
    const asked = rebinding('rebind.example', [['203.0.113.7'], ['127.0.0.1']]);
    const sent = fetchEndpoint(`http://rebind.example:${port}/hook`, { method: 'POST', body: '{}' }, false);
    await expect(sent).rejects.toBeInstanceOf(EndpointRefused);
    await expect(sent).rejects.toThrow(/private/);
    // The connection asked the resolver itself (it was not given the system's answer).
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(seen).toEqual([]);
  });

  it('connects through the same resolver, keeping the name as Host, when the operator allows private targets', async () => {
    rebinding('relay.example', [['127.0.0.1']]);
    const res = await fetchEndpoint(`http://relay.example:${port}/hook`, { method: 'GET' }, true);
    expect(res.status).toBe(200);
    expect(seen).toEqual([`relay.example:${port} /hook`]);
  });

  it('refuses private names and literals from the start, and names that do not resolve', async () => {
    rebinding('local.example', [['127.0.0.1']]);
    await expect(fetchEndpoint(`http://local.example:${port}/`, { method: 'GET' }, false)).rejects.toThrow(/private/);
    await expect(fetchEndpoint(`http://127.0.0.1:${port}/`, { method: 'GET' }, false)).rejects.toThrow(/private/);
    await expect(fetchEndpoint(`http://[::ffff:127.0.0.1]:${port}/`, { method: 'GET' }, false)).rejects.toThrow(/private/);
    await expect(fetchEndpoint(`http://nowhere.example:${port}/`, { method: 'GET' }, false)).rejects.toThrow(/does not resolve/);
    await expect(fetchEndpoint('not a url', { method: 'GET' }, false)).rejects.toBeInstanceOf(EndpointRefused);
    expect(seen).toEqual([]);
  });

  it('refuses a name with a private address among public ones, whichever the connection would pick', async () => {
    rebinding('mixed.example', [['203.0.113.7', '127.0.0.1']]);
    await expect(fetchEndpoint(`http://mixed.example:${port}/`, { method: 'GET' }, false)).rejects.toThrow(/private/);
    expect(seen).toEqual([]);
  });
});
