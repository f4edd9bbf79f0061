import { Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceDataUrl } from '../../../test/faces.js';
import { faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { companies, visitEvents, visits } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { reconcileCompany } from './credentials.reconcile.js';

type Answer = { status: number; result: { accepted: number; duplicates: number } };

describe('face passes sign visitors in and out where the company’s doors do', () => {
  let t: TestApp;
  let a: Tenant;
  let desk: string;
  let host: number;
  let credential = '';
  let n = 0;

  const upload = (records: Record<string, unknown>[]) =>
    t.app
      .inject({ method: 'POST', url: '/api/faceSyncUploadRecords', headers: { authorization: credential }, payload: { records } })
      .then((r) => r.json() as Answer);
  const pass = (vid: number, direction: 1 | 2, ago = 0) => ({
    recordId: `m-${++n}`,
    personKind: 'visitor',
    personId: vid,
    time: Date.now() - ago,
    result: 1,
    direction,
  });
  const statusOf = async (vid: number) => (await t.db.select().from(visits).where(eq(visits.id, vid)))[0]?.status;
  const setSettings = (patch: Record<string, unknown>) =>
    t.db
      .update(companies)
      .set({ settings: sql`${companies.settings} || ${JSON.stringify(patch)}::jsonb` })
      .where(eq(companies.id, a.id));

  /** A walk-in awaiting approval, approved, and sent to the terminal: known to it, not signed in. */
  async function approvedVisitor(phone: string): Promise<number> {
    await setSettings({ processSwitch: 1 });
    const photo = await faceDataUrl({ width: 320, height: 400 });
    const vid = (await t.api.UpdatePhoto({ vname: '门访客', vphone: phone, empid: host, photo, faceConsent: await faceConsentOf(t, desk) }, desk))
      .result.vid;
    await setSettings({ processSwitch: 0 });
    expect((await t.api.updateVisitStatus({ vid, event: 'approve' }, a.token)).status).toBe(0);
    await reconcileCompany(tenantScope(t.db, { companyId: a.id }), t.services.secrets, new Date());
    expect(await statusOf(vid)).toBe('authorized');
    return vid;
  }

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    desk = (await seedStaff(t, a.id, 2)).token;
    host = (await t.api.addEmployee({ employee_name: 'Host Two', phone: '13800002222' }, a.token)).result.empid;
    const group = (await t.api.addEquipmentGroup({ egname: 'Lobby', defaultOn: true }, a.token)).result.egid;
    const r = await t.api.addEquipment({ deviceName: 'Lobby face', deviceCode: 'FACE-1', eType: 'face', egids: [group] }, a.token);
    credential = `Device ${r.result.device.eid}.${r.result.secret}`;
  });
  afterAll(() => t.close());

  it('off: a face pass only records', async () => {
    const vid = await approvedVisitor('13911110001');
    expect((await upload([pass(vid, 1)])).result.accepted).toBe(1);
    expect(await statusOf(vid)).toBe('authorized');
  });

  it('on: the last entry signs the visitor in as the terminal, the last exit out; an old entry from a backlog does not', async () => {
    expect((await t.api.updateDoorSignInSwitch({ doorSignIn: 1 }, a.token)).status).toBe(0);
    const vid = await approvedVisitor('13911110002');
    // Out then in within one batch: the later pass decides.
    expect((await upload([pass(vid, 2, 2000), pass(vid, 1, 1000)])).result.accepted).toBe(2);
    expect(await statusOf(vid)).toBe('signedIn');
    expect((await upload([pass(vid, 2)])).status).toBe(0);
    expect(await statusOf(vid)).toBe('signedOut');
    const history = await t.db.select().from(visitEvents).where(eq(visitEvents.visitId, vid));
    expect(history.filter((h) => h.event === 'checkIn' || h.event === 'signOut').map((h) => [h.event, h.actor, h.note])).toEqual([
      ['checkIn', 'Lobby face', 'door'],
      ['signOut', 'Lobby face', 'door'],
    ]);
    const late = await approvedVisitor('13911110003');
    await upload([pass(late, 1, 2 * 3_600_000)]);
    expect(await statusOf(late)).toBe('authorized');
    // A refused pass moves nobody.
    await upload([{ ...pass(late, 1), result: 0, code: Status.OUTSIDE_PASS_TIME }]);
    expect(await statusOf(late)).toBe('authorized');
  });
});
