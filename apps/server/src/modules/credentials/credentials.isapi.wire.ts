// The ISAPI transport (docs/protocols/hikvision-isapi.md): Digest (RFC 7616, MD5, qop=auth) with a reused nonce and a
// counting nc, a stale one re-challenged; a refused login never retried (a wrong password must not lock the device's
// admin account): the client then refuses every call itself, and until its first login succeeded it sends one request
// at a time, so a wrong password costs the device exactly one failed attempt. Answers interpreted into IsapiError kinds;
// times as local wall-clock strings of this process's time zone. Shared by the person calls (credentials.isapi.ts) and
// the plate calls (credentials.isapi.plates.ts).
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';

export interface IsapiTarget {
  /** http(s)://host:port */
  baseUrl: string;
  username: string;
  password: string;
  timeoutMs?: number;
}

export type IsapiErrorKind = 'auth' | 'locked' | 'busy' | 'device' | 'timeout' | 'network' | 'garbage';

export class IsapiError extends Error {
  httpStatus?: number;
  statusCode?: number;
  subStatusCode?: string;
  retryAfterMs?: number;
  constructor(
    readonly kind: IsapiErrorKind,
    message: string,
    extra: { httpStatus?: number; statusCode?: number; subStatusCode?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
    this.name = 'IsapiError';
    Object.assign(this, extra);
  }
}

export type Obj = Record<string, unknown>;

export interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export const RANGE_BEGIN = '2000-01-01T00:00:00';

export const RANGE_END = '2037-12-31T23:59:59';

export const obj = (v: unknown): Obj | undefined => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined);

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** 'YYYY-MM-DDTHH:mm:ss' in this process's time zone, clamped to the device's 2000..2037 range; +hh:mm when withOffset. */
export function isapiTime(d: Date, withOffset = false): string {
  const p = (n: number) => String(n).padStart(2, '0');
  let s = `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}T${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}`;
  s = s < RANGE_BEGIN ? RANGE_BEGIN : s > RANGE_END ? RANGE_END : s;
  const off = -d.getTimezoneOffset();
  const a = Math.abs(off);
  return withOffset ? `${s}${off >= 0 ? '+' : '-'}${p(Math.floor(a / 60))}:${p(a % 60)}` : s;
}

export const fromIsapiTime = (s: string): Date | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/.exec(s);
  return m ? new Date(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
};

/** At most `limit()` holders at once; the rest wait in turn. */
function gate(limit: () => number) {
  let active = 0;
  let waiters: (() => void)[] = [];
  return {
    async acquire() {
      while (active >= limit()) await new Promise<void>((r) => waiters.push(r));
      active++;
    },
    release() {
      active--;
      const w = waiters;
      waiters = [];
      for (const r of w) r();
    },
  };
}

function send(t: IsapiTarget, agent: http.Agent, method: string, url: URL, body: Buffer | undefined, headers: Record<string, string>): Promise<Raw> {
  const what = `${method} ${url.pathname}`;
  return new Promise((resolve, reject) => {
    const mod = url.protocol === 'https:' ? https : http;
    const len = body ? { 'Content-Length': String(body.length) } : {};
    const req = mod.request(url, { method, agent, headers: { Accept: '*/*', ...len, ...headers } });
    const ms = t.timeoutMs ?? 10_000;
    const timer = setTimeout(() => req.destroy(new IsapiError('timeout', `${what}: no answer in ${ms} ms`)), ms);
    const fail = (e: Error & { code?: string }) => {
      clearTimeout(timer);
      reject(e instanceof IsapiError ? e : new IsapiError('network', `${what}: ${e.code ?? e.message}`));
    };
    req.on('error', fail);
    req.on('response', (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('error', fail);
      res.on('aborted', () => fail(new Error('connection reset')));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) });
      });
    });
    req.end(body);
  });
}

/** The ResponseStatus or search result of a JSON answer, or the IsapiError it means. */
export function interpret(raw: Raw, what: string): Obj {
  let parsed: Obj | undefined;
  try {
    parsed = obj(JSON.parse(raw.body.toString('utf8')));
  } catch {
    parsed = undefined;
  }
  const sub = typeof parsed?.subStatusCode === 'string' ? parsed.subStatusCode : undefined;
  const statusCode = parsed?.statusCode === undefined ? undefined : Number(parsed.statusCode);
  const extra = { httpStatus: raw.status, statusCode, subStatusCode: sub };
  const retry = Number(raw.headers['retry-after']);
  if (sub === 'deviceBusy' || (raw.status === 503 && !sub))
    throw new IsapiError('busy', `${what}: device busy`, { ...extra, retryAfterMs: (retry || 1) * 1000 });
  if (!parsed) {
    if (raw.status >= 400) throw new IsapiError('device', `${what}: HTTP ${raw.status}`, extra);
    throw new IsapiError('garbage', `${what}: unreadable answer (HTTP ${raw.status}, ${raw.body.length} bytes)`, extra);
  }
  if (raw.status >= 400 || (statusCode !== undefined && statusCode !== 1)) {
    const msg = typeof parsed.errorMsg === 'string' ? ` (${parsed.errorMsg})` : '';
    throw new IsapiError('device', `${what}: ${parsed.statusString ?? 'error'} ${sub ?? ''}${msg}`.trim(), extra);
  }
  return parsed;
}

export type Call = (method: string, path: string, body?: Buffer, contentType?: string) => Promise<Raw>;

export type JsonCall = (method: string, path: string, body?: unknown) => Promise<Obj>;

type Challenge = { realm: string; nonce: string; opaque?: string };

function digestHeader(t: IsapiTarget, c: Challenge, nc: number, method: string, uri: string): string {
  const count = nc.toString(16).padStart(8, '0');
  const cnonce = randomBytes(8).toString('hex');
  const ha1 = md5(`${t.username}:${c.realm}:${t.password}`);
  const response = md5(`${ha1}:${c.nonce}:${count}:${cnonce}:auth:${md5(`${method}:${uri}`)}`);
  const opaque = c.opaque === undefined ? '' : `, opaque="${c.opaque}"`;
  return `Digest username="${t.username}", realm="${c.realm}", nonce="${c.nonce}", uri="${uri}", algorithm=MD5, qop=auth, nc=${count}, cnonce="${cnonce}", response="${response}"${opaque}`;
}

/** A 401: the lock-out it reports, or the new challenge (with its stale flag), or null when it offers none. */
function unauthorized(raw: Raw, what: string): { challenge: Challenge | null; stale: boolean; left?: string } {
  const text = raw.body.toString('utf8');
  if (/<lockStatus>\s*lock\s*<\/lockStatus>/i.test(text)) {
    const secs = Number(/<unlockTime>\s*(\d+)/i.exec(text)?.[1] ?? 1800);
    throw new IsapiError('locked', `${what}: the device locked this address (${secs} s left)`, { httpStatus: 401, retryAfterMs: secs * 1000 });
  }
  const www = String(raw.headers['www-authenticate'] ?? '');
  const p = Object.fromEntries([...www.matchAll(/(\w+)="?([^",]*)"?/g)].map((m) => [m[1]!.toLowerCase(), m[2] ?? '']));
  const challenge = /^Digest/i.test(www) && p.nonce ? { realm: p.realm ?? '', nonce: p.nonce, opaque: p.opaque } : null;
  return { challenge, stale: p.stale?.toLowerCase() === 'true', left: /<retryLoginTime>\s*(\d+)/i.exec(text)?.[1] };
}

/** Authenticated exchanges, at most maxConcurrent at once: the challenge answered, a stale nonce renewed, a refusal never retried. */
export function transport(t: IsapiTarget, maxConcurrent: number): Call {
  const agent = new (t.baseUrl.startsWith('https:') ? https.Agent : http.Agent)({ keepAlive: true, maxSockets: maxConcurrent });
  let challenge: Challenge | null = null;
  let nc = 0;
  let verified = false;
  let refused: IsapiError | null = null;
  // One request at a time until a login succeeded: a wrong password then costs the device one failed attempt only.
  const slots = gate(() => (verified ? maxConcurrent : 1));
  return async (method, path, body, contentType) => {
    if (refused) throw refused;
    await slots.acquire();
    try {
      const url = new URL(path, t.baseUrl);
      const uri = url.pathname + url.search;
      const what = `${method} ${url.pathname}`;
      for (let attempt = 0; ; attempt++) {
        if (refused) throw refused;
        const answered = challenge !== null;
        const wasVerified = verified;
        const headers: Record<string, string> = contentType ? { 'Content-Type': contentType } : {};
        if (challenge) headers.Authorization = digestHeader(t, challenge, ++nc, method, uri);
        const raw = await send(t, agent, method, url, body, headers);
        if (raw.status !== 401) {
          // A busy device may answer before it checks the login: only another answer proves the password.
          if (raw.status !== 503) verified ||= answered;
          return raw;
        }
        const u = unauthorized(raw, what);
        // A nonce that worked before may have died with a device restart: one fresh challenge, then it is the password.
        if (!u.challenge || attempt >= 2 || !(!answered || u.stale || (wasVerified && attempt === 0))) {
          const left = u.left ? ` (${u.left} attempts left)` : '';
          refused = new IsapiError('auth', `${what}: the device refused the login for ${t.username}${left}`, { httpStatus: 401 });
          throw refused;
        }
        challenge = u.challenge;
        nc = 0;
      }
    } finally {
      slots.release();
    }
  };
}
