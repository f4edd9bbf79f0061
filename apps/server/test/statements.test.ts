import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordStatements } from '../src/db/client.js';
import { visits } from '../src/db/schema/index.js';
import { seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from './harness.js';

/**
 * The statements each hot call sends (their count, never their time): a walk-in or check-in at the kiosk, who am I,
 * a page of the visit list. A call that starts reading the same row twice, or reading back what it just wrote, fails
 * here; when a change adds work a call truly needs, raise its number in the same commit and say why.
 */
describe('statements per hot call', () => {
  let t: TestApp;
  let a: Tenant;
  let kiosk: string;
  let host: number;

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    kiosk = (await seedStaff(t, a.id, 4)).token;
    host = (await seedEmployee(t, a.id)).id;
    // As a kiosk starts: its configuration read first (which writes the product's texts as version 1 once).
    await t.api.getPadConfig({}, kiosk);
  });
  afterAll(() => t.close());

  /** The statements, numbered, as the failure message: which one is new shows at a glance. */
  const expectStatements = (statements: string[], n: number) =>
    expect(statements.length, statements.map((s, i) => `${i + 1}. ${s.slice(0, 140)}`).join('\n')).toBe(n);

  it('a kiosk walk-in', async () => {
    const { result, statements } = await recordStatements(() => t.api.UpdatePhoto({ vname: '李访客', vphone: '13911112222', empid: host }, kiosk));
    expect(result.status).toBe(0);
    // Session with its company; host; the privacy notice's current version (the one the visit is given); blacklist;
    // the visit, its history row and its events for webhooks (one insert: created and checked in); the host's proxy;
    // the channels; the arrival mail; the operation log's entry, two statements to chain it (its company's head locked,
    // then the entry and the new head; platform/http/auditChain.ts).
    expectStatements(statements, 12);
  });

  it('a kiosk check-in by code', async () => {
    const at = new Date();
    const [v] = await t.db
      .insert(visits)
      .values({
        companyId: a.id,
        kind: 'invite',
        status: 'accepted',
        permission: 1,
        name: '王访客',
        phone: '13933334444',
        code: '12345678',
        appointmentAt: at,
        empId: host,
        empName: '张三',
      })
      .returning();
    expect(v).toBeDefined();
    const { result, statements } = await recordStatements(() => t.api.AppClientSignin({ verifyCode: '12345678' }, kiosk));
    expect(result.status).toBe(0);
    // Session with its company; the visit; the privacy notice's current version; blacklist; the move, its history
    // row and its event for webhooks; the host's proxy; the host (the notifier's: check-in has not read them before);
    // the channels; the arrival mail; the operation log's chained entry (two).
    expectStatements(statements, 13);
  });

  it('GetUserInfo', async () => {
    const { result, statements } = await recordStatements(() => t.api.GetUserInfo({}, a.token));
    expect(result.status).toBe(0);
    // The session look-up brings the company.
    expectStatements(statements, 1);
  });

  it('a first page of the visit list that holds all of it', async () => {
    const { result, statements } = await recordStatements(() => t.api.SearchVisitByConditionPage({ requestedCount: 20 }, a.token));
    expect(result.status).toBe(0);
    expect(result.result).toMatchObject({ count: result.result.list.length, countCapped: false });
    // Session; the page, read with one row more: none follows, so the page is the total and no count is sent.
    expectStatements(statements, 2);
  });

  it('a first page of a longer visit list', async () => {
    // Enough visits for three pages: the first is full and more follow.
    await t.db
      .insert(visits)
      .values(
        Array.from({ length: 45 }, (_, i) => ({ companyId: a.id, kind: 'walkin', status: 'signedOut', name: `Visitor ${i}`, phone: '13900000000' })),
      );
    const { result, statements } = await recordStatements(() => t.api.SearchVisitByConditionPage({ requestedCount: 20 }, a.token));
    expect(result.status).toBe(0);
    // Session; the page; its total.
    expectStatements(statements, 3);
  });

  it('a later page of the visit list, its total already shown', async () => {
    // Page 2 of the visits above is not past the end (which counts after all, so the console can page back).
    const { result, statements } = await recordStatements(() =>
      t.api.SearchVisitByConditionPage({ startIndex: 20, requestedCount: 20, withCount: false }, a.token),
    );
    expect(result.status).toBe(0);
    // Session; the page (one row past it says whether more follow).
    expectStatements(statements, 2);
  });
});
