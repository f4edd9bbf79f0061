/**
 * The real server as a child process (from source through tsx, so no build is needed), for tests that stop its
 * database or kill it: things an in-process `app.inject()` cannot show.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { CallName } from '@openvisit/contract';
import { eventually, scaled } from '../timeouts.js';

const src = path.resolve(import.meta.dirname, '../../src');

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Variables for a child process: this one's, overridden by `env`, where undefined removes one. */
type Env = Record<string, string | undefined>;
function childEnv(...layers: Env[]): NodeJS.ProcessEnv {
  const out: Env = { ...process.env };
  for (const layer of layers)
    for (const [k, v] of Object.entries(layer))
      if (v === undefined) delete out[k];
      else out[k] = v;
  return out;
}

/** The operator CLI against the database `env` names; throws with its output when it fails. */
export function cli(env: Env, ...args: string[]): string {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(src, 'cli.ts'), ...args], {
    env: childEnv(env),
    encoding: 'utf8',
    timeout: scaled(120_000),
  });
  if (r.status !== 0) throw new Error(`cli ${args[0]} failed (${r.status}): ${r.stderr}${r.stdout}`);
  return r.stdout.trim();
}

export interface Envelope<T = unknown> {
  status: number;
  reason: string;
  result: T;
}

export interface RunningServer {
  url: string;
  child: ChildProcess;
  /** Everything the process printed, for a failing assertion's message. */
  output(): string;
  alive(): boolean;
  call<T = unknown>(name: CallName, body: unknown, token?: string): Promise<{ http: number; body: Envelope<T> }>;
  healthz(): Promise<number>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** Starts `src/main.ts` on a free port and waits until /healthz answers 200. */
export async function startServer(env: Env): Promise<RunningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const log: string[] = [];
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(src, 'main.ts')], {
    env: childEnv({ PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: url, CAPTCHA: 'off', LOG_LEVEL: 'warn' }, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (c: Buffer) => log.push(c.toString()));
  child.stderr?.on('data', (c: Buffer) => log.push(c.toString()));
  const alive = () => child.exitCode === null && child.signalCode === null;
  const healthz = async () => {
    try {
      return (await fetch(`${url}/healthz`)).status;
    } catch {
      return 0;
    }
  };
  const server: RunningServer = {
    url,
    child,
    output: () => log.join(''),
    alive,
    healthz,
    async call<T>(name: CallName, body: unknown, token?: string) {
      const res = await fetch(`${url}/api/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(token ? { 'x-coolvisit-token': token } : {}) },
        body: JSON.stringify(body),
      });
      return { http: res.status, body: (await res.json()) as Envelope<T> };
    },
    async stop(signal = 'SIGTERM') {
      if (!alive()) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill(signal);
      await exited;
    },
  };
  const up = await eventually(async () => !alive() || (await healthz()) === 200, 300_000);
  if (!up || !alive()) {
    await server.stop('SIGKILL');
    throw new Error(`server did not start:\n${server.output()}`);
  }
  return server;
}

/** A server on `env` with `account` signed in; the server joins `started`, which the test stops at its end. */
export async function startSignedIn(
  env: Env,
  account: { email: string; password: string },
  started: RunningServer[],
): Promise<{ server: RunningServer; token: string }> {
  const server = await startServer(env);
  started.push(server);
  const login = await server.call<{ token: string }>('Login', account);
  if (login.body.status !== 0) throw new Error(`sign-in refused: ${JSON.stringify(login.body)}`);
  return { server, token: login.body.result.token };
}
