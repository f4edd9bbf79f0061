import { allCalls, allDownloads, isRoleAccess, Role, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { everyRole, PASSWORD, seedCompany, seedStaff, seedSubAccount, type TestApp, testApp } from './harness.js';

/**
 * Generated over the registry, so a new call is covered without a line of test: every call that is not public
 * answers 28 without a token, and 610 to every kind of session its `access` does not name. The guard runs before the
 * input is read, so an empty body is enough.
 */
describe('access rules of every call in the registry', () => {
  let t: TestApp;
  let tokens = new Map<number, string>();

  beforeAll(async () => {
    t = await testApp();
    tokens = await everyRole(t, await seedCompany(t));
  });
  afterAll(() => t.close());

  const guarded = allCalls.filter((c) => c.access !== 'public');
  // A public download (a visitor's own data) admits by what its input carries, tested with its module.
  const guardedDownloads = allDownloads.filter((d) => d.access !== 'public');
  // A download with a path of its own is reached there; its parameters are only read after the guard.
  const downloadUrl = (d: (typeof allDownloads)[number]) => d.path?.replace(/:\w+/g, 'x') ?? `/api/${d.name}`;
  const send = (c: (typeof allCalls)[number], token?: string) =>
    t.app.inject({
      method: c.method ?? 'POST',
      url: `/api/${c.name}`,
      headers: token ? { 'x-coolvisit-token': token } : {},
      ...(c.method === 'GET' ? {} : { payload: {} }),
    });

  it('covers every kind of session a call can name', () => {
    const named = new Set(guarded.flatMap((c) => (isRoleAccess(c.access) ? c.access : [])));
    const missing = [...named].filter((r) => !tokens.has(r));
    // Visitors, suppliers and logistics specialists have no sign-in yet; a call naming them is still checked for the others.
    expect(missing.filter((r) => !([Role.VISITOR, Role.SUPPLIER] as number[]).includes(r))).toEqual([]);
  });

  it('answers 28 without a token', async () => {
    const wrong: string[] = [];
    for (const c of guarded) {
      const r = await send(c);
      if (r.json().status !== Status.TOKEN_MISSING) wrong.push(`${c.name}: ${r.statusCode} ${r.body.slice(0, 80)}`);
    }
    for (const d of guardedDownloads) {
      const r = await t.app.inject({ method: 'GET', url: downloadUrl(d) });
      if (r.json().status !== Status.TOKEN_MISSING) wrong.push(`${d.name}: ${r.statusCode} ${r.body.slice(0, 80)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers 610 to every role it does not admit, before reading the input', async () => {
    const wrong: string[] = [];
    for (const c of guarded) {
      const admitted = c.access as readonly number[];
      for (const [role, token] of tokens) {
        if (admitted.includes(role)) continue;
        const r = await send(c, token);
        if (r.json().status !== Status.NO_PERMISSION) wrong.push(`${c.name} as role ${role}: ${r.body.slice(0, 80)}`);
      }
    }
    for (const d of guardedDownloads) {
      for (const [role, token] of tokens) {
        if ((d.access as readonly number[]).includes(role)) continue;
        const r = await t.app.inject({ method: 'GET', url: downloadUrl(d), headers: { 'x-coolvisit-token': token } });
        if (r.json().status !== Status.NO_PERMISSION) wrong.push(`${d.name} as role ${role}: ${r.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

/**
 * Generated over the registry: every list call a sub-company may make answers a sub-company's session with its own
 * rows only. Employees and visits are seeded in two sub-companies and the head office, each named with a marker; the
 * answers to the first sub-company must never name the other two. Input is generated from the call's schema: an
 * empty body, or each required text field filled with the common marker (a search matching every seeded row).
 */
describe('a sub-company sees only its own rows in every list call it may make', () => {
  let t: TestApp;
  let own: string;
  beforeAll(async () => {
    t = await testApp();
    const company = await seedCompany(t);
    const desk = await seedStaff(t, company.id, 2);
    const subs = { ScopeOwn: await seedSubAccount(t, company.id), ScopeOther: await seedSubAccount(t, company.id), ScopeHead: null };
    for (const [marker, sub] of Object.entries(subs)) {
      const added = await t.api.addEmployee(
        { employee_name: `${marker} Host`, phone: `1355${String(sub?.id ?? 0).padStart(7, '0')}` },
        company.token,
      );
      const empid = added.result.empid;
      if (sub) await t.api.updateEmpSubAccount({ empids: [empid], subaccountId: sub.id }, company.token);
      const visit = await t.api.UpdatePhoto(
        { vname: `${marker} Visitor`, vphone: `1344${String(sub?.id ?? 0).padStart(7, '0')}`, empid },
        desk.token,
      );
      if (visit.status !== 0) throw new Error(`walk-in: ${visit.reason}`);
    }
    const login = await t.api.subAccountLogin({ email: subs.ScopeOwn.email, password: PASSWORD });
    own = login.result.token;
  });
  afterAll(() => t.close());

  type Call = (typeof allCalls)[number];
  type Schema = { safeParse(v: unknown): { success: boolean }; def?: { type?: string; shape?: Record<string, Schema> } };
  const isList = (s: Schema) => s.def?.type === 'array' || (s.def?.type === 'object' && s.def.shape?.list?.def?.type === 'array');
  function inputFor(c: Call): Record<string, string> | undefined {
    const schema = c.input as unknown as Schema;
    if (schema.safeParse({}).success) return {};
    const body: Record<string, string> = {};
    for (const [k, field] of Object.entries(schema.def?.shape ?? {})) {
      if (field.safeParse(undefined).success) continue;
      if (!field.safeParse('Scope').success) return undefined;
      body[k] = 'Scope';
    }
    return schema.safeParse(body).success ? body : undefined;
  }
  const listCalls = allCalls.filter(
    (c) => c.access !== 'public' && (c.access as readonly number[]).includes(Role.SUB_COMPANY) && isList(c.output as unknown as Schema),
  );

  it('finds the list calls to check, and input for most of them', () => {
    const generated = listCalls.filter((c) => inputFor(c));
    expect(listCalls.length).toBeGreaterThan(3);
    expect(generated.length).toBeGreaterThanOrEqual(listCalls.length / 2);
  });

  it("never names another sub-company's or the head office's rows", async () => {
    const leaks: string[] = [];
    let ownSeen = 0;
    for (const c of listCalls) {
      const input = inputFor(c);
      if (!input) continue;
      const r =
        c.method === 'GET'
          ? await t.app.inject({ method: 'GET', url: `/api/${c.name}?${new URLSearchParams(input)}`, headers: { 'x-coolvisit-token': own } })
          : await t.app.inject({ method: 'POST', url: `/api/${c.name}`, headers: { 'x-coolvisit-token': own }, payload: input });
      if (r.statusCode === 500) leaks.push(`${c.name}: HTTP 500`);
      for (const other of ['ScopeOther', 'ScopeHead']) if (r.body.includes(other)) leaks.push(`${c.name} names ${other}`);
      if (r.body.includes('ScopeOwn')) ownSeen++;
    }
    expect(leaks).toEqual([]);
    // The check would be empty if no call showed the sub-company its own rows.
    expect(ownSeen).toBeGreaterThan(1);
  });
});
