import { allCalls, allDownloads, type CallDef, MODULES, Role, Status } from '@openvisit/contract';
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isDatabaseInputError } from '../src/platform/http/errors.js';
import { bodies, defOf, INT4_PAST, judge, multipartRequests, prng, rawRequests, SEED, seedOf, show, validInput } from './fuzz-inputs.js';
import { everyRole, freshTokens, PASSWORD, seedCompany, seedEmployee, seedStaff, seedSubAccount, type TestApp, testApp } from './harness.js';

/**
 * Generated over the registry, so a new call is fuzzed without a line of test. For every call and download: malformed
 * types per field (the fields read from the call's zod input), NUL and lone surrogates in every string, integers past
 * the int4 range, huge arrays, `__proto__`/`constructor` keys, empty bodies and wrong content types, broken multipart.
 * No answer may be an HTTP 500 or a status outside the catalogue; the process stays healthy and a second company's rows
 * stay as they were. Deterministic: FUZZ_SEED (printed with every failure) replays a run.
 */
// ---------------------------------------------------------------------------------------------------------------------

describe(`fuzz over every call and download in the registry (FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
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

  let tokenFor: Awaited<ReturnType<typeof freshTokens>>;

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

    const tokens = await everyRole(t, a);
    tokenFor = await freshTokens(t, tokens);
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
        record(
          `multipart ${m.contentType} ${show(m.payload)}`,
          await t.app.inject({ method: 'POST', url, payload: m.payload, headers: headers({ 'content-type': m.contentType }) }),
        );
      return;
    }
    for (const body of bodies(call, base))
      record(
        show(body),
        await t.app.inject({ method: 'POST', url, payload: JSON.stringify(body), headers: headers({ 'content-type': 'application/json' }) }),
      );
    for (const r of rawRequests(base))
      record(
        `${r.contentType ?? 'no content type'} ${show(r.payload)}`,
        await t.app.inject({ method: 'POST', url, payload: r.payload, headers: headers(r.contentType ? { 'content-type': r.contentType } : {}) }),
      );
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

  it("answers the attack's own examples with 400 and the field at fault", async () => {
    const admin = await tokenFor([Role.ADMIN]);
    const errorsOf = (r: { status: number; result: unknown }) => ({ status: r.status, errors: (r.result as { errors?: unknown })?.errors });
    expect(errorsOf(await t.call('Login', { email: 'x\u0000', password: PASSWORD }))).toEqual({
      status: Status.BAD_PARAMS,
      errors: [{ field: 'email', rule: 'illegalChars' }],
    });
    expect(errorsOf(await t.call('GetVisitorByVid', { vid: INT4_PAST }, admin))).toEqual({
      status: Status.BAD_PARAMS,
      errors: [{ field: 'vid', rule: 'too_big' }],
    });
    expect(errorsOf(await t.call('ModifyUserInfo', {}, admin))).toEqual({ status: Status.BAD_PARAMS, errors: [{ field: '', rule: 'required' }] });
    expect(errorsOf(await t.call('updateSecureProtocol', { secureProtocol: 'terms \uD800 here' }, admin))).toEqual({
      status: Status.BAD_PARAMS,
      errors: [{ field: 'secureProtocol', rule: 'illegalChars' }],
    });
    // Nested: a string inside an array of objects.
    const nested = await t.call('addAppointment', { visitors: [{ name: 'A\u0000' }] }, admin);
    expect(nested.status).toBe(Status.BAD_PARAMS);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/importEmpList',
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nPK\r\n--x--\r\n',
      headers: { 'content-type': 'multipart/form-data', 'x-coolvisit-token': admin ?? '' },
    });
    expect(noBoundary.json()).toMatchObject({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'file', rule: 'format' }] } });
    const download = await t.app.inject({
      method: 'GET',
      url: '/api/ExportEmployeeList?deptid=2147483648',
      headers: { 'x-coolvisit-token': admin ?? '' },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBeUndefined();
    expect(download.json()).toMatchObject({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'deptid', rule: 'too_big' }] } });
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/Login',
      payload: 'a=1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect([wrongType.statusCode, wrongType.json().status]).toEqual([415, Status.BAD_PARAMS]);
  });

  it("recognises the database's own invalid-input errors, the error handler's safety net behind the contract", async () => {
    const refusal = async (query: ReturnType<typeof sql>) => {
      try {
        await t.db.execute(query);
        return null;
      } catch (err) {
        return err;
      }
    };
    expect(isDatabaseInputError(await refusal(sql`select ${'x\u0000'}::text`))).toBe(true);
    expect(isDatabaseInputError(await refusal(sql`select ${'2147483648'}::int4`))).toBe(true);
    expect(isDatabaseInputError(await refusal(sql`select * from no_such_table`))).toBe(false);
    expect(isDatabaseInputError(new Error('x'))).toBe(false);
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
