import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { approvalRequests, visits } from '../../db/schema/index.js';

/** The "site at its capacity" condition: the head count is everyone signed in and not out, companions included. */
describe('approval policies: a site at its capacity', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let host: { id: number; token: string };

  const invite = async (name: string) => {
    const r = await t.call<{ vid: number }[]>(
      'addAppointment',
      { appointmentDate: Date.now() + 3_600_000, visitors: [{ name, phone: '', email: 'crowd@example.com', lang: 'en' }] },
      host.token,
    );
    expect(r.status).toBe(0);
    return r.result[0]?.vid ?? 0;
  };
  const policyOf = async (vid: number) =>
    (await t.db.select({ name: approvalRequests.policyName }).from(approvalRequests).where(eq(approvalRequests.visitId, vid)))[0]?.name;

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"permissionSwitch":1,"processSwitch":1}'::jsonb WHERE id = ${a.id}`);
    const e = await seedEmployee(t, a.id, '13810009001');
    host = { id: e.id, token: (await t.api.empLogin({ phone: '13810009001', empPwd: PASSWORD })).result.token };
  });
  afterAll(() => t.close());

  it('routes a request by the people on site now, in the dry run and for a real invitation', async () => {
    const full = {
      facts: { kind: 'walkInDesk' as const, hostId: host.id },
      draft: {
        name: 'Full house',
        conditions: [{ field: 'onSite' as const, not: false, atLeast: 3 }],
        steps: [{ approvers: [{ kind: 'admin' as const }] }],
      },
    };
    expect((await t.api.dryRunApproval(full, a.token)).result.policy?.name).not.toBe('Full house');
    const crowd = await invite('Crowd Guest');
    const followers = [
      { name: 'One', phone: '' },
      { name: 'Two', phone: '' },
    ];
    await t.db.update(visits).set({ visitAt: new Date(), followers }).where(eq(visits.id, crowd));
    expect((await t.api.dryRunApproval(full, a.token)).result.policy?.name).toBe('Full house');
    // Another company's crowd is not this site's.
    expect((await t.api.dryRunApproval({ ...full, facts: { kind: 'walkInDesk' as const } }, b.token)).result.policy?.name).not.toBe('Full house');

    // Saved: an invitation made while three are on site follows it; once they left, the next one does not.
    expect((await t.api.addApprovalPolicy(full.draft, a.token)).status).toBe(0);
    expect(await policyOf(await invite('While full'))).toBe('Full house');
    await t.db.update(visits).set({ signOutAt: new Date() }).where(eq(visits.id, crowd));
    // The default (the desk decides) asks no approver: no request is made.
    expect(await policyOf(await invite('After they left'))).toBeUndefined();
  });
});
