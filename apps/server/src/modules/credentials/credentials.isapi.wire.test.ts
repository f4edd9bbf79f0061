import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { IsapiError, transport } from './credentials.isapi.wire.js';

/**
 * A device over raw TCP, to reset connections at chosen moments: `onRequest` says, for the n-th request of the m-th
 * connection (both from 1), whether to answer it (200, kept alive) or to reset the connection without answering.
 */
function device(onRequest: (connection: number, request: number) => 'answer' | 'reset') {
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let requests = 0;
    socket.on('data', (chunk) => {
      if (!chunk.toString('latin1').includes('\r\n\r\n')) return;
      requests++;
      if (onRequest(connection, requests) === 'reset') socket.resetAndDestroy();
      else socket.write('HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: keep-alive\r\n\r\n{}');
    });
    socket.on('error', () => {});
  });
  return new Promise<{ url: string; connections: () => number; close: () => void }>((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`,
        connections: () => connections,
        close: () => server.close(),
      }),
    ),
  );
}

let close = () => {};
afterEach(() => close());

describe('ISAPI transport', () => {
  it('sends a request again on a new connection when the kept-alive one is reset before answering', async () => {
    // The first connection answers once, then is reset as the next request arrives (a device closing it while idle).
    const d = await device((connection, request) => (connection === 1 && request === 2 ? 'reset' : 'answer'));
    close = d.close;
    const call = transport({ baseUrl: d.url, username: 'admin', password: 'x', timeoutMs: 5000 }, 1);
    expect((await call('GET', '/ISAPI/System/deviceInfo')).status).toBe(200);
    expect((await call('GET', '/ISAPI/System/deviceInfo')).status).toBe(200);
    expect(d.connections()).toBe(2);
  });

  it('reports a reset on a new connection as the device unreachable, without sending again', async () => {
    const d = await device(() => 'reset');
    close = d.close;
    const call = transport({ baseUrl: d.url, username: 'admin', password: 'x', timeoutMs: 5000 }, 1);
    const err = await call('GET', '/ISAPI/System/deviceInfo').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(IsapiError);
    expect((err as IsapiError).kind).toBe('network');
    expect(d.connections()).toBe(1);
  });
});
