import { allCalls, allDownloads, type CallDef, type DownloadDef, MODULES, Role, STAFF_TYPES, Status, statusInfo } from '@openvisit/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, resolveSession } from '../src/platform/sessions.js';
import { PASSWORD, seedCompany, seedEmployee, seedStaff, seedSubAccount, seedSuper, type TestApp, testApp } from './harness.js';

/**
 * Generated over the registry, so a new call is fuzzed without a line of test. For every call and download: malformed
 * types per field (the fields read from the call's zod input), NUL and lone surrogates in every string, integers past
 * the int4 range, huge arrays, `__proto__`/`constructor` keys, empty bodies and wrong content types, broken multipart.
 * No answer may be an HTTP 500 or a status outside the catalogue; the process stays healthy and a second company's rows
 * stay as they were. Deterministic: FUZZ_SEED (printed with every failure) replays a run.
 */
const SEED = Number(process.env.FUZZ_SEED) || 20261125;

/** mulberry32: small, seeded, good enough to choose mutations. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const seedOf = (name: string) => [...name].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619) >>> 0, SEED);

// ---------------------------------------------------------------------------------------------------------------------
// A plausible valid input, read from the zod schema and repaired until it parses (or as close as the repair gets), so
// the mutations reach the handlers and the database instead of stopping at another field's validation.
// ---------------------------------------------------------------------------------------------------------------------

type Def = { type: string; [k: string]: unknown };
type Schema = { _zod: { def: Def } };
const defOf = (s: unknown): Def => (s as Schema)._zod.def;

function sample(schema: unknown, depth = 0): unknown {
  const def = defOf(schema);
  if (depth > 6) return undefined;
  switch (def.type) {
    case 'string':
      return 'fuzz';
    case 'number':
      return 1;
    case 'boolean':
      return false;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(def.shape as Record<string, unknown>)) {
        const value = sample(v, depth + 1);
        if (value !== undefined) out[k] = value;
      }
      return out;
    }
    case 'array':
      return [sample(def.element, depth + 1)].filter((v) => v !== undefined);
    case 'tuple':
      return (def.items as unknown[]).map((i) => sample(i, depth + 1));
    case 'record':
      return {};
    case 'union':
      return sample((def.options as unknown[])[0], depth + 1);
    case 'intersection':
      return { ...(sample(def.left, depth + 1) as object), ...(sample(def.right, depth + 1) as object) };
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return sample(def.innerType, depth + 1);
    case 'pipe':
      return sample(def.in, depth + 1);
    case 'lazy':
      return sample((def.getter as () => unknown)(), depth + 1);
    case 'null':
      return null;
    default:
      return undefined;
  }
}

/** Values tried, in order, for a field its sample does not satisfy (`undefined` removes the field). */
const CANDIDATES: unknown[] = [
  'fuzz@example.com',
  '13800138000',
  'Secret#2026x',
  'Fuzz Person',
  '11010519491231002X',
  '2026-01-01',
  '08:00',
  '1',
  1,
  2,
  0,
  true,
  'abcdef',
  'a',
  '#336699',
  'https://example.com',
  'LFT_fuzz',
  Date.now() + 86_400_000,
  [],
  {},
  null,
  undefined,
];

function setAt(root: Record<string, unknown>, path: PropertyKey[], value: unknown): void {
  let node: Record<string, unknown> = root;
  for (const key of path.slice(0, -1)) {
    const next = node[key as string];
    if (typeof next !== 'object' || next === null) return;
    node = next as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

function validInput(schema: CallDef['input']): Record<string, unknown> {
  const input = (sample(schema) ?? {}) as Record<string, unknown>;
  // The company comes from the session; a body userid is only compared with it (and fuzzed like any other field).
  delete input.userid;
  const tried = new Map<string, number>();
  for (let round = 0; round < 60; round++) {
    const parsed = schema.safeParse(input);
    if (parsed.success) return input;
    const issue = parsed.error.issues.find((i) => i.path.length > 0 && (tried.get(i.path.join('.')) ?? 0) < CANDIDATES.length);
    if (!issue) return input;
    const key = issue.path.join('.');
    const n = tried.get(key) ?? 0;
    tried.set(key, n + 1);
    setAt(input, issue.path, CANDIDATES[n]);
  }
  return input;
}

// ---------------------------------------------------------------------------------------------------------------------
// Mutations
// ---------------------------------------------------------------------------------------------------------------------

const INT4_PAST = 2147483648;
const HOSTILE_STRINGS = ['x\u0000', '\u0000', 'a\uD800', '\uDC00b', 'x\uD83D'];
const HOSTILE_NUMBERS = [INT4_PAST, -2147483649, 2 ** 53, 1e300, -1, 0, 32768, 1.5, 9007199254740993];
const CONFUSED = ['abc', 'x\u0000', INT4_PAST, -1, 1.5, true, null, {}, [], [INT4_PAST], { a: 'x\u0000' }, ['x\u0000'], '2147483648'];

type Leaf = { path: string[]; value: unknown };

function leaves(value: unknown, path: string[] = []): Leaf[] {
  if (Array.isArray(value)) return [{ path, value }, ...value.slice(0, 2).flatMap((v, i) => leaves(v, [...path, String(i)]))];
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]));
  return [{ path, value }];
}

function withValue(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  if (path.length === 0) return copy;
  setAt(copy, path, value);
  return copy;
}

/** The JSON bodies sent to a call: per field, the hostile values its type invites and a few chosen at random. */
function bodies(call: CallDef, base: Record<string, unknown>): unknown[] {
  const rnd = prng(seedOf(call.name));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const out: unknown[] = [base, {}];
  const shape = Object.keys((defOf(call.input).shape as Record<string, unknown>) ?? {});
  const fields = leaves(base).filter((l) => l.path.length > 0);
  // Fields the sample left out (optional ones it could not satisfy) still get hostile values.
  for (const key of shape) if (!(key in base)) fields.push({ path: [key], value: undefined });
  for (const { path, value } of fields.slice(0, 20)) {
    if (typeof value === 'string') out.push(withValue(base, path, `${value}\u0000`), withValue(base, path, `${value}${pick(HOSTILE_STRINGS.slice(2))}`));
    else if (typeof value === 'number')
      out.push(withValue(base, path, INT4_PAST), withValue(base, path, 32768), withValue(base, path, pick(HOSTILE_NUMBERS)));
    else if (Array.isArray(value)) {
      const item = value[0] ?? 1;
      // Huge, yet under the body limit (a 413 is the transport's answer, not what is tested here).
      const length = Math.min(20_000, Math.floor(500_000 / (JSON.stringify(item).length + 1)));
      out.push(withValue(base, path, Array.from({ length }, () => item)), withValue(base, path, [pick(HOSTILE_STRINGS), INT4_PAST]));
    } else out.push(withValue(base, path, pick(HOSTILE_STRINGS)));
    out.push(withValue(base, path, pick(CONFUSED)));
  }
  // Unknown keys carrying hostile values (a handler reading raw input, a record or passthrough field).
  out.push({ ...base, ['fuzz\u0000']: 'x\u0000', extra: { nested: ['\uD800'] } });
  return out;
}

/** Raw requests: bodies JSON cannot express as objects, prototype keys, wrong content types. */
function rawRequests(base: Record<string, unknown>): { payload?: string; contentType?: string }[] {
  const json = JSON.stringify(base);
  const inner = json.length > 2 ? `,${json.slice(1, -1)}` : '';
  return [
    { payload: `{"__proto__":{"isAdmin":true,"userid":1}${inner}}`, contentType: 'application/json' },
    { payload: `{"constructor":{"prototype":{"isAdmin":true}}${inner}}`, contentType: 'application/json' },
    { payload: '', contentType: 'application/json' },
    {},
    { payload: 'null', contentType: 'application/json' },
    { payload: '[1,2]', contentType: 'application/json' },
    { payload: '"x\\u0000"', contentType: 'application/json' },
    { payload: '{"a":', contentType: 'application/json' },
    { payload: '{"vid":1e999}', contentType: 'application/json' },
    { payload: json, contentType: 'text/plain' },
    { payload: 'a=1&b=%00', contentType: 'application/x-www-form-urlencoded' },
    { payload: json, contentType: 'multipart/form-data' },
  ];
}

const BOUNDARY = 'fuzzboundary';
function multipartRequests(base: Record<string, unknown>): { payload: Buffer | string; contentType: string }[] {
  const fields = Object.entries(base)
    .filter(([, v]) => typeof v !== 'object')
    .map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${String(v)}\u0000\r\n`)
    .join('');
  const filePart = (name: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\nPK\u0003\u0004junk`;
  const whole = (name: string) => `${fields}${filePart(name)}\r\n--${BOUNDARY}--\r\n`;
  const ct = `multipart/form-data; boundary=${BOUNDARY}`;
  return [
    { payload: whole('a.xlsx'), contentType: 'multipart/form-data' },
    { payload: whole('a.xlsx'), contentType: 'multipart/form-data; boundary=' },
    { payload: whole('a.xlsx').slice(0, -20), contentType: ct },
    { payload: `${fields}${filePart('a.zip')}`, contentType: ct },
    { payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`, contentType: ct },
    { payload: whole('a.xlsx'), contentType: ct },
    { payload: whole('a.zip'), contentType: ct },
    { payload: whole('a.png'), contentType: ct },
    { payload: whole('..\u0000.exe'), contentType: ct },
    { payload: `--${BOUNDARY}--\r\n`, contentType: ct },
    { payload: '', contentType: ct },
    { payload: JSON.stringify(base), contentType: 'application/json' },
  ];
}

// ---------------------------------------------------------------------------------------------------------------------
// Judging an answer
// ---------------------------------------------------------------------------------------------------------------------

/** Null when the answer is acceptable, otherwise what is wrong with it. */
function judge(res: LightMyRequestResponse, download = false): string | null {
  if (res.statusCode >= 500) return `HTTP ${res.statusCode} ${res.body.slice(0, 160)}`;
  if (download && res.statusCode === 200 && !String(res.headers['content-type']).startsWith('application/json')) return null;
  let body: { status?: unknown; reason?: unknown; result?: unknown };
  try {
    body = res.json();
  } catch {
    return `HTTP ${res.statusCode}, not JSON: ${res.body.slice(0, 120)}`;
  }
  if (typeof body.status !== 'number' || typeof body.reason !== 'string' || !('result' in body))
    return `HTTP ${res.statusCode}, not the envelope: ${res.body.slice(0, 120)}`;
  if (body.status === Status.SERVER_ERROR || !statusInfo(body.status))
    return `HTTP ${res.statusCode}, status ${body.status} is not in the catalogue: ${res.body.slice(0, 120)}`;
  return null;
}

const show = (v: unknown) => {
  const s = typeof v === 'string' ? v : JSON.stringify(v);
  return (s ?? String(v)).length > 300 ? `${(s ?? '').slice(0, 300)}…` : s;
};

// ---------------------------------------------------------------------------------------------------------------------

describe(`fuzz over every call and download in the registry (FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
  /** A signed-in session per role of company A, cloned fresh for each call so a call that signs out or revokes spares the rest. */
  const sessions = new Map<number, Awaited<ReturnType<typeof resolveSession>>>();
  let companyB = 0;
  let before: Record<string, string> = {};
  let sent = 0;

  /** Row count and checksum of every table row of company B. */
  async function snapshotOf(companyId: number): Promise<Record<string, string>> {
    const tables = (await t.db.execute(
      sql`select table_name as name, bool_or(column_name = 'company_id') as tenant from information_schema.columns
          where table_schema = 'public' and column_name in ('company_id', 'id') group by table_name order by table_name`,
    )) as unknown as { rows: { name: string; tenant: boolean }[] };
    const out: Record<string, string> = {};
    for (const { name, tenant } of tables.rows) {
      if (name === 'sessions') continue; // signing in is not data
      if (!tenant && name !== 'companies') continue;
      const column = tenant ? 'company_id' : 'id';
      const r = (await t.db.execute(
        sql.raw(`select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') as v
                 from "${name}" x where "${column}" = ${companyId}`),
      )) as unknown as { rows: { v: string }[] };
      out[name] = r.rows[0]?.v ?? '';
    }
    return out;
  }

  async function tokenFor(access: CallDef['access'] | DownloadDef['access']): Promise<string | undefined> {
    if (access === 'public') return undefined;
    const role = [Role.ADMIN, ...STAFF_TYPES, Role.EMPLOYEE, Role.SUB_COMPANY, Role.SUPER].find((r) => (access as readonly number[]).includes(r));
    const session = role === undefined ? undefined : sessions.get(role);
    if (!session) return undefined;
    const { id: _id, expiresAt: _e, ...rest } = session;
    return (await createSession(t.db, { ...rest, hours: 1, ip: '127.0.0.1', userAgent: 'fuzz' })).token;
  }

  beforeAll(async () => {
    t = await testApp();
    const a = await seedCompany(t, 'Fuzzed Co');
    const b = await seedCompany(t, 'Bystander Co');
    companyB = b.id;
    // Company B holds some rows the fuzzing of A must never reach.
    await seedEmployee(t, b.id);
    await seedStaff(t, b.id, 0);
    const dept = await t.api.addDepartment({ deptName: 'Bystanders' }, b.token);
    if (dept.status !== 0) throw new Error(`seed department: ${dept.reason}`);
    await seedSubAccount(t, b.id);

    const tokens = new Map<number, string>([[Role.ADMIN, a.token]]);
    for (const sType of STAFF_TYPES) tokens.set(sType, (await seedStaff(t, a.id, sType)).token);
    const emp = await seedEmployee(t, a.id);
    const login = async (name: string, body: object) => {
      const r = await t.call<{ token: string }>(name, body);
      if (r.status !== 0) throw new Error(`${name}: ${r.reason}`);
      return r.result.token;
    };
    tokens.set(Role.EMPLOYEE, await login('empLogin', { phone: emp.phone, empPwd: PASSWORD }));
    const sub = await seedSubAccount(t, a.id);
    tokens.set(Role.SUB_COMPANY, await login('subAccountLogin', { email: sub.email, password: PASSWORD }));
    const sup = await seedSuper(t, [a.id]);
    tokens.set(Role.SUPER, await login('superAccountLogin', { account: sup.account, password: PASSWORD }));
    for (const [role, token] of tokens) sessions.set(role, await resolveSession(t.db, token));
    before = await snapshotOf(companyB);
  });
  afterAll(() => t.close());

  async function fuzzCall(call: CallDef, wrong: string[]): Promise<void> {
    const base = validInput(call.input);
    const url = `/api/${call.name}`;
    const token = await tokenFor(call.access);
    const headers = (extra: Record<string, string> = {}) => ({ ...extra, ...(token ? { 'x-coolvisit-token': token } : {}) });
    const record = (what: string, res: LightMyRequestResponse) => {
      sent++;
      const bad = judge(res);
      if (bad) wrong.push(`${call.name} ${what}: ${bad}`);
    };
    if (call.method === 'GET') {
      for (const body of bodies(call, base)) {
        const query = Object.fromEntries(Object.entries(body as object).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
        record(`?${show(query)}`, await t.app.inject({ method: 'GET', url, query, headers: headers() }));
      }
      return;
    }
    if (token) record('without a session', await t.app.inject({ method: 'POST', url, payload: base }));
    if (call.upload) {
      for (const m of multipartRequests(base))
        record(`multipart ${m.contentType} ${show(m.payload)}`, await t.app.inject({ method: 'POST', url, payload: m.payload, headers: headers({ 'content-type': m.contentType }) }));
      return;
    }
    for (const body of bodies(call, base))
      record(show(body), await t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: headers({ 'content-type': 'application/json' }) }));
    for (const r of rawRequests(base))
      record(`${r.contentType ?? 'no content type'} ${show(r.payload)}`, await t.app.inject({ method: 'POST', url, payload: r.payload, headers: headers(r.contentType ? { 'content-type': r.contentType } : {}) }));
  }

  for (const module of MODULES) {
    const calls = (allCalls as readonly CallDef[]).filter((c) => c.module === module);
    if (calls.length === 0) continue;
    it(`calls of ${module}: no 500, only catalogued statuses`, async () => {
      const wrong: string[] = [];
      for (const call of calls) await fuzzCall(call, wrong);
      expect(wrong).toEqual([]);
    });
  }

  it('downloads: bad query input answers the envelope, never a 500', async () => {
    const wrong: string[] = [];
    for (const d of allDownloads) {
      const rnd = prng(seedOf(d.name));
      const base = validInput(d.input) as Record<string, unknown>;
      const token = await tokenFor(d.access);
      const path = (d.path ?? `/api/${d.name}`).replace(/:(\w+)/g, (_m, p: string) => String(base[p] ?? 'x'));
      const keys = [...new Set([...Object.keys(base), ...Object.keys((defOf(d.input).shape as object) ?? {})])];
      const queries: string[] = [new URLSearchParams(base as Record<string, string>).toString(), 'x=%00', '%ZZ=1&a=%E0%A4%A'];
      for (const k of keys) {
        for (const v of ['2147483648', '-2147483649', '%00', 'a%00b', '%ED%A0%80', '1e999', 'abc', '', '1.5']) queries.push(`${k}=${v}`);
        queries.push(`${k}=1&${k}=2`, `${k}[a]=1`, `${k}=${'9'.repeat(Math.floor(rnd() * 400) + 20)}`);
      }
      for (const q of queries) {
        sent++;
        const res = await t.app.inject({ method: 'GET', url: `${path}?${q}`, headers: token ? { 'x-coolvisit-token': token } : {} });
        const bad = judge(res, true);
        if (bad) wrong.push(`${d.name} ?${q}: ${bad}`);
      }
      for (const p of ['%00', '2147483648_1.pdf', '%ED%A0%80.pdf', '..%2F..%2Fetc%2Fpasswd'])
        if (d.path) {
          const res = await t.app.inject({ method: 'GET', url: d.path.replace(/:(\w+)/g, p), headers: token ? { 'x-coolvisit-token': token } : {} });
          const bad = judge(res, true);
          if (bad) wrong.push(`${d.name} ${p}: ${bad}`);
        }
    }
    expect(wrong).toEqual([]);
  });

  it('leaves the process healthy and the other company untouched', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(await snapshotOf(companyB)).toEqual(before);
    // Bounded: a few thousand requests, not an open-ended search.
    console.info(`fuzz: ${sent} requests (FUZZ_SEED=${SEED})`);
    expect(sent).toBeGreaterThan(1000);
    expect(sent).toBeLessThan(20_000);
  });
});
