import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  allCalls,
  type CallByName,
  type CallDef,
  type CallInput,
  type CallName,
  type CallOutput,
  type DownloadDef,
  type EventType,
  eventCatalogue,
  GRANT_AREAS,
  Role,
  STAFF_TYPES,
  type StaffType,
} from '@openvisit/contract';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Config, loadConfig } from '../src/config.js';
import { type Database, openPostgres } from '../src/db/client.js';
import { captchas, companies, employees, eventOutbox, jobs, staffAccounts, subAccounts, superAccounts } from '../src/db/schema/index.js';
import { hashPassword, sha256 } from '../src/platform/identity/crypto.js';
import { createSession, resolveSession, type Session } from '../src/platform/identity/sessions.js';
import type { Services } from '../src/platform/services.js';
import { withDatabase } from './global-setup.js';
import { pooledDatabase } from './pglitePool.js';

/** Which database the suite runs on: PGlite in memory by default, PostgreSQL when the script provides one. */
export const onPostgres = !!process.env.TEST_DATABASE_URL;

let template: Blob | undefined;

/**
 * A fresh, migrated database per test app. PGlite loads the data directory the global setup migrated and dumped once
 * per suite run (read once per worker process: the server project runs its files with isolate: false), so no file
 * replays the migrations; a database an earlier app of the worker used is emptied instead where it can be (pglitePool.ts).
 */
async function freshDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    const name = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name} TEMPLATE openvisit_template`);
    await admin.end();
    const database = await openPostgres(withDatabase(url, name), 4);
    return {
      ...database,
      drop: async () => {
        await database.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await a.end();
      },
    };
  }
  template ??= new Blob([fs.readFileSync(inject('pgliteTemplate'))]);
  return pooledDatabase(template, inject('pglitePool'));
}

/** The parsed envelope and the HTTP code. */
export interface Answer<T> {
  status: number;
  reason: string;
  result: T;
  http: number;
}

type ApiInput<N extends CallName> = CallInput<CallByName<N>>;
type ApiAnswer<N extends CallName> = Promise<Answer<CallOutput<CallByName<N>>>>;
/** One call typed from the contract; the input may be left out when the call needs none. */
type ApiFn<N extends CallName> =
  Record<never, never> extends ApiInput<N>
    ? (input?: ApiInput<N>, token?: string) => ApiAnswer<N>
    : (input: ApiInput<N>, token?: string) => ApiAnswer<N>;
/** `t.api.addEmployee(input, token)`: every contract call, its input and result typed from the registry. */
export type TestApi = { readonly [N in CallName]: ApiFn<N> };

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  db: Database['db'];
  config: Config;
  /** Every contract call, typed from the registry: use it unless the test sends deliberately bad input. */
  api: TestApi;
  /** POST /api/<name> untyped, for input the contract would refuse; answers the parsed envelope and the HTTP code. */
  call<T = unknown>(name: string, body?: unknown, token?: string): Promise<Answer<T>>;
  /** A multipart upload to /api/<name>: the file in the field `file`, the other fields beside it. */
  upload<T = unknown>(
    name: string,
    file: { name: string; bytes: Buffer },
    fields?: Record<string, string>,
    token?: string,
  ): Promise<{ status: number; reason: string; result: T; http: number }>;
  close(): Promise<void>;
}

export async function testApp(overrides: Partial<Config> = {}, env: Record<string, string> = {}): Promise<TestApp> {
  const database = await freshDatabase();
  // Stored files (face photos…) go to a folder of this app alone.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'openvisit-test-'));
  const config = loadConfig(
    // The tests' SMTP servers and providers listen on 127.0.0.1: companies may point at them only with the operator's allowance.
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      CAPTCHA: 'off',
      PUBLIC_URL: 'http://openvisit.test',
      DATA_DIR: dataDir,
      ALLOW_PRIVATE_ENDPOINTS: 'on',
      ...env,
    },
    {
      rateLimits: { global: 100000, signin: 100000, captcha: 100000, register: 100000, recovery: 100000, public: 100000, lookup: 100000 },
      ...overrides,
    },
  );
  const { app, services } = await buildApp(config, database);
  await app.ready();
  const call = async <T>(name: string, body: unknown = {}, token?: string): Promise<Answer<T>> => {
    const res = await app.inject({
      method: 'POST',
      url: `/api/${name}`,
      headers: token ? { 'x-coolvisit-token': token } : {},
      payload: body as object,
    });
    return { ...(res.json() as { status: number; reason: string; result: T }), http: res.statusCode };
  };
  const api = Object.fromEntries(allCalls.map((def) => [def.name, (input: unknown, token?: string) => call(def.name, input, token)]));
  return {
    app,
    services,
    db: database.db,
    config,
    api: api as unknown as TestApi,
    call,
    async upload(name, file, fields = {}, token) {
      const m = multipart(file, fields);
      const res = await app.inject({
        method: 'POST',
        url: `/api/${name}`,
        headers: { ...m.headers, ...(token ? { 'x-coolvisit-token': token } : {}) },
        payload: m.payload,
      });
      return { ...(res.json() as { status: number; reason: string; result: never }), http: res.statusCode };
    },
    async close() {
      await app.close();
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

function multipart(file: { name: string; bytes: Buffer }, fields: Record<string, string>) {
  const boundary = `----openvisit${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
  );
  parts.push(file.bytes, Buffer.from(`\r\n--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const PASSWORD = 'Secret#2026';

/**
 * The stored hash of PASSWORD that seeded rows carry: made once per worker (one argon2id hash, as sign-up stores it)
 * instead of once per row, some 40 ms of CPU each. Each sign-in still verifies it in full.
 */
let seededHash: Promise<string> | undefined;
const passwordHash = (): Promise<string> => {
  seededHash ??= hashPassword(PASSWORD);
  return seededHash;
};

/** An activated company with its administrator; answers ids and a signed-in token. */
export async function seedCompany(t: TestApp, name = `Acme ${randomBytes(3).toString('hex')}`) {
  const email = `admin.${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await t.db
    .insert(companies)
    .values({ name, email, username: 'Admin Person', phone: '13800138000', passwordHash: await passwordHash(), status: 1, guideDone: 1 })
    .returning();
  if (!row) throw new Error('seed failed');
  const login = await t.api.Login({ email, password: PASSWORD });
  if (login.status !== 0) throw new Error(`seed login failed: ${login.reason}`);
  return { id: row.id, email, name, token: login.result.token };
}

export type Tenant = Awaited<ReturnType<typeof seedCompany>>;

/** The usual prologue: two activated companies, Alpha and Beta, each with its signed-in administrator. */
export async function twoTenants(t: TestApp, names: [string, string] = ['Alpha', 'Beta']): Promise<{ a: Tenant; b: Tenant }> {
  return { a: await seedCompany(t, names[0]), b: await seedCompany(t, names[1]) };
}

/** A staff account, signed in. A sub-administrator (sType 5) is granted every grantable module unless `modules` says. */
export async function seedStaff(
  t: TestApp,
  companyId: number,
  sType: StaffType,
  account = `staff_${randomBytes(3).toString('hex')}`,
  modules: readonly string[] = sType === Role.SUBADMIN ? GRANT_AREAS : [],
) {
  const [row] = await t.db
    .insert(staffAccounts)
    .values({
      companyId,
      account,
      name: `Staff ${sType}`,
      sType,
      modules: [...modules],
      passwordHash: await passwordHash(),
      mustChangePassword: 0,
    })
    .returning();
  const login = await t.api.Login({ email: account, password: PASSWORD });
  if (login.status !== 0) throw new Error(`staff login failed: ${login.reason}`);
  return { id: row?.id ?? 0, account, token: login.result.token };
}

/**
 * Signs in an account an administrator created (its password set by someone else) and chooses its own password, as
 * the console and kiosk make it do before anything else (303 until then); answers the session token.
 */
export async function signInAsCreated(t: TestApp, account: string, password = PASSWORD): Promise<string> {
  const login = await t.api.Login({ email: account, password });
  if (login.status !== 0) throw new Error(`login failed: ${login.reason}`);
  if (login.result.mustChangePassword) {
    const changed = await t.api.updatePassword({ oldPassword: password, password: `${password}-own` }, login.result.token);
    if (changed.status !== 0) throw new Error(`password change failed: ${changed.reason}`);
  }
  return login.result.token;
}

export async function seedEmployee(t: TestApp, companyId: number, phone = `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`) {
  const [row] = await t.db
    .insert(employees)
    .values({ companyId, name: '张三', phone, email: 'zhang@example.com', passwordHash: await passwordHash() })
    .returning();
  return { id: row?.id ?? 0, phone };
}

/** A sub-company; `grants` makes it module-driven (adminType 1 with these modules), else adminType 0, the fixed set. */
export async function seedSubAccount(t: TestApp, companyId: number, grants?: readonly string[]) {
  const email = `sub+${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await t.db
    .insert(subAccounts)
    .values({
      companyId,
      companyName: `Tenant ${randomBytes(3).toString('hex')}`,
      email,
      passwordHash: await passwordHash(),
      ...(grants && { adminType: 1, modules: [...grants] }),
    })
    .returning();
  return { id: row?.id ?? 0, email };
}

export async function seedSuper(t: TestApp, companyIds: number[]) {
  const account = `LFT_${randomBytes(3).toString('hex')}`;
  await t.db.insert(superAccounts).values({ account, name: 'HQ', passwordHash: await passwordHash(), companyIds });
  return { account };
}

/** A captcha whose answer the test knows (the real one is only in the picture). */
export async function knownCaptcha(t: TestApp, code = 'ab3d'): Promise<{ digest: string; code: string }> {
  const digest = randomBytes(12).toString('hex');
  await t.db.insert(captchas).values({ digest, codeHash: sha256(`${digest}:${code}`), expiresAt: new Date(Date.now() + 300_000) });
  return { digest, code };
}

/**
 * A signed-in token for every kind of session a company can have (administrator, each staff type, employee,
 * sub-company, super account), keyed by role: the generated tests over the registry act as each of them.
 */
export async function everyRole(t: TestApp, company: Tenant): Promise<Map<number, string>> {
  const tokens = new Map<number, string>([[Role.ADMIN, company.token]]);
  for (const sType of STAFF_TYPES) tokens.set(sType, (await seedStaff(t, company.id, sType)).token);
  const emp = await seedEmployee(t, company.id);
  const login = async (answer: Promise<Answer<{ token: string }>>) => {
    const r = await answer;
    if (r.status !== 0) throw new Error(`sign-in for a role failed: ${r.reason}`);
    return r.result.token;
  };
  tokens.set(Role.EMPLOYEE, await login(t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })));
  const sub = await seedSubAccount(t, company.id);
  tokens.set(Role.SUB_COMPANY, await login(t.api.subAccountLogin({ email: sub.email, password: PASSWORD })));
  const sup = await seedSuper(t, [company.id]);
  tokens.set(Role.SUPER, await login(t.api.superAccountLogin({ account: sup.account, password: PASSWORD })));
  return tokens;
}

/**
 * Mints, for a call's `access`, a fresh token of the most privileged kind of session `tokens` holds that the call
 * admits (undefined for public calls or when none is held). Fresh, so a call that signs out or revokes spares the rest.
 */
export async function freshTokens(
  t: TestApp,
  tokens: Map<number, string>,
): Promise<(access: CallDef['access'] | DownloadDef['access']) => Promise<string | undefined>> {
  const sessions = new Map<number, Session>();
  for (const [role, token] of tokens) sessions.set(role, await resolveSession(t.db, token));
  return async (access) => {
    if (access === 'public') return undefined;
    const role = [Role.ADMIN, ...STAFF_TYPES, Role.EMPLOYEE, Role.SUB_COMPANY, Role.SUPER].find(
      (r) => (access as readonly number[]).includes(r) && sessions.has(r),
    );
    const session = role === undefined ? undefined : sessions.get(role);
    if (!session) return undefined;
    const { id: _id, expiresAt: _e, ...rest } = session;
    return (await createSession(t.db, { ...rest, hours: 1, ip: '127.0.0.1', userAgent: 'generated test' })).token;
  };
}

export { Role };

/** Runs the due jobs, then makes the retried ones due at once, until nothing waits (each retry counted as an attempt). */
export async function drainJobs(t: TestApp): Promise<void> {
  for (let i = 0; i < 10; i++) {
    await t.services.jobs.runAllDue();
    const waiting = await t.db
      .update(jobs)
      .set({ runAt: new Date(0) })
      .where(eq(jobs.state, 'queued'))
      .returning({ id: jobs.id });
    if (!waiting.length) return;
  }
}

/**
 * The company's webhook events of these types (packages/contract/src/events.ts) in the outbox, oldest first, each
 * checked against the catalogue's schema of its type.
 */
export async function eventsOf(t: TestApp, companyId: number, ...types: EventType[]): Promise<{ type: EventType; data: Record<string, unknown> }[]> {
  const c: SQL[] = [eq(eventOutbox.companyId, companyId)];
  if (types.length)
    c.push(
      sql`${eventOutbox.type} IN (${sql.join(
        types.map((x) => sql`${x}`),
        sql`, `,
      )})`,
    );
  const rows = await t.db
    .select({ type: eventOutbox.type, data: eventOutbox.data })
    .from(eventOutbox)
    .where(and(...c))
    .orderBy(asc(eventOutbox.id));
  return rows.map((r) => {
    const type = r.type as EventType;
    return { type, data: eventCatalogue[type].data.parse(r.data) as Record<string, unknown> };
  });
}

/**
 * The id of the company's current consent to face recognition (English), as a kiosk sends it back with a photo the
 * visitor agreed to have used on the face terminals (docs/modules/privacy.md).
 */
export async function faceConsentOf(t: TestApp, token: string): Promise<number> {
  const r = await t.api.getPadConfig({}, token);
  if (r.status !== 0) throw new Error(`getPadConfig answered ${r.status}`);
  return r.result.faceConsent.en.id;
}
