import { FACE_MAX_ATTEMPTS, FACE_NOT_CONFIRMED, type FaceSyncItem, Status } from '@openvisit/contract';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhoto } from '../../../test/faces.js';
import { faceConsentOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { visitsOf } from '../../core/visits/visits.public.js';
import { employeeDeviceGroups, employees, faceCredentials, visitEvents } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { reconcileCompany } from './credentials.reconcile.js';

type Answer<T> = { status: number; reason: string; result: T };
type Pulled = { items: FaceSyncItem[]; cursor: number; more: boolean };

/**
 * What reaches a terminal besides moves and fingerprints (docs/modules/credentials.md): a visit's edits without a move
 * at the next run, card numbers with the person, changes pulled but never confirmed offered again, seqs past int4.
 */
describe('face terminals: edits, card numbers, unconfirmed changes, bigint seqs', () => {
  let t: TestApp;
  let a: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let host = 0;
  let lobbyGroup = 0;
  let lobby = { eid: 0, secret: '' };
  let cursor = 0;
  let jpeg: Buffer;

  const cred = (d: { eid: number; secret: string }) => `Device ${d.eid}.${d.secret}`;
  const dev = async <T>(name: string, body: object) => {
    const res = await t.app.inject({ method: 'POST', url: `/api/${name}`, headers: { authorization: cred(lobby) }, payload: body });
    return res.json() as Answer<T>;
  };
  const pull = async (from = cursor) => {
    const r = await dev<Pulled>('faceSyncPull', { cursor: from });
    expect(r.status).toBe(0);
    return r.result;
  };
  /** Pulls everything new, confirms it all, and moves the cursor: answers what was pulled. */
  const pullAndAck = async () => {
    const page = await pull();
    if (page.items.length) await dev('faceSyncAck', { results: page.items.map((i) => ({ seq: i.seq, status: 'synced' })) });
    cursor = page.cursor;
    return page.items;
  };
  const reconcile = (now = new Date()) => reconcileCompany(tenantScope(t.db, { companyId: a.id }), t.services.secrets, now);
  const rowOf = async (personKind: string, personId: number) =>
    (
      await t.db
        .select()
        .from(faceCredentials)
        .where(and(eq(faceCredentials.deviceId, lobby.eid), eq(faceCredentials.personKind, personKind), eq(faceCredentials.personId, personId)))
    )[0];
  const walkIn = async (phone: string) => {
    const photo = `data:image/jpeg;base64,${jpeg.toString('base64')}`;
    const r = await t.api.UpdatePhoto(
      { vname: '赵访客', vphone: phone, empid: host, photo, faceConsent: await faceConsentOf(t, desk.token) },
      desk.token,
    );
    expect(r.status).toBe(0);
    return r.result.vid;
  };
  const employee = async (name: string, phone: string) => {
    const key = `faces/${a.id}/${phone}.jpg`;
    await t.services.files.put(key, jpeg);
    const [emp] = await t.db.insert(employees).values({ companyId: a.id, name, phone, avatar: key }).returning();
    await t.db.insert(employeeDeviceGroups).values({ companyId: a.id, empId: emp?.id ?? 0, groupId: lobbyGroup });
    return emp?.id ?? 0;
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    jpeg = await facePhoto({ width: 320, height: 400 });
    host = (await t.api.addEmployee({ employee_name: 'Host Two', phone: '13800003333' }, a.token)).result.empid;
    lobbyGroup = (await t.api.addEquipmentGroup({ egname: 'Lobby', defaultOn: true }, a.token)).result.egid;
    const added = await t.api.addEquipment({ deviceName: 'Lobby face', deviceCode: 'LOBBY-FACE', eType: 'face', egids: [lobbyGroup] }, a.token);
    lobby = { eid: added.result.device.eid, secret: added.result.secret };
  });
  afterAll(() => t.close());

  it("a visit's badge card and photo, edited without a move, reach the terminal at the next run (no full pass)", async () => {
    const vid = await walkIn('13912340001');
    await reconcile();
    expect((await pullAndAck()).map((i) => [i.action, i.personId, i.cardNo])).toEqual([['add', vid, '']]);

    expect((await t.api.updateVisitInfo({ vid, cardNo: 'c-100' }, desk.token)).status).toBe(0);
    expect(await reconcile()).toMatchObject({ full: false, updated: 1 });
    expect((await pullAndAck()).map((i) => [i.action, i.personId, i.cardNo])).toEqual([['update', vid, 'C-100']]);

    // A new photo (the invitation page's supplement writes it so): a new photo path for the terminal.
    const before = await rowOf('visitor', vid);
    await t.services.files.put(`visits/${a.id}/new.jpg`, jpeg);
    await visitsOf(tenantScope(t.db, { companyId: a.id })).setFiles(vid, { photo: `visits/${a.id}/new.jpg` });
    expect(await reconcile()).toMatchObject({ full: false, updated: 1 });
    const [item] = await pullAndAck();
    expect(item).toMatchObject({ action: 'update', personId: vid, cardNo: 'C-100' });
    expect((await rowOf('visitor', vid))?.photo).toBe(`visits/${a.id}/new.jpg`);
    expect(item?.photo).not.toContain(`v=${before?.digest}`);

    // The card taken back: sent without it. The edits are change-feed rows, not history.
    expect((await t.api.updateVisitInfo({ vid, cardNo: '' }, desk.token)).status).toBe(0);
    expect(await reconcile()).toMatchObject({ full: false, updated: 1 });
    expect((await pullAndAck()).map((i) => i.cardNo)).toEqual(['']);
    const edits = await t.db
      .select()
      .from(visitEvents)
      .where(and(eq(visitEvents.visitId, vid), eq(visitEvents.event, 'edit')))
      .orderBy(visitEvents.id);
    expect(edits.map((e) => e.note)).toEqual(['card', 'photo', 'card']);
    const history = (await t.api.GetVisitorByVid({ vid }, a.token)).result.history;
    expect(history.map((h) => h.event)).not.toContain('edit');
  });

  it("an employee's card number travels with them; a new card re-syncs them", async () => {
    const empId = await employee('员工丙', '13855550001');
    await reconcile();
    expect((await pullAndAck()).map((i) => [i.action, i.personKind, i.personId, i.cardNo])).toEqual([['add', 'employee', empId, '']]);
    expect((await t.api.updateCardNo({ empid: empId, cardNo: 'E-200' }, a.token)).status).toBe(0);
    expect(await reconcile()).toMatchObject({ updated: 1 });
    expect((await pullAndAck()).map((i) => [i.action, i.personId, i.cardNo])).toEqual([['update', empId, 'E-200']]);
    expect(await rowOf('employee', empId)).toMatchObject({ cardNo: 'E-200', status: 'synced' });
  });

  it('a change pulled but never confirmed is offered again after its deadline, with backoff, then failed with the reason', async () => {
    const empId = await employee('员工丁', '13855550002');
    await reconcile();
    const [first] = (await pull()).items.filter((i) => i.personId === empId);
    expect(first).toMatchObject({ action: 'add', personId: empId });
    const pulledAt = Date.now();
    const sent = await rowOf('employee', empId);
    // The deadline starts at the first pull of this seq.
    expect(sent?.ackDueAt?.getTime()).toBeGreaterThan(pulledAt);
    await reconcile(new Date(pulledAt + 60_000));
    expect(await rowOf('employee', empId)).toMatchObject({ seq: first?.seq, attempts: 0, status: 'pending' });

    let seq = first?.seq ?? 0;
    for (let attempt = 1; attempt <= FACE_MAX_ATTEMPTS; attempt++) {
      // Past any deadline (at most an hour): a failed attempt, with the reason.
      await reconcile(new Date(Date.now() + 2 * 3600_000));
      const row = await rowOf('employee', empId);
      expect(row).toMatchObject({ attempts: attempt, lastError: FACE_NOT_CONFIRMED, ackDueAt: null });
      if (attempt === FACE_MAX_ATTEMPTS) {
        expect(row).toMatchObject({ status: 'failed', seq });
        break;
      }
      // Offered again on the next pull with a new seq (still an add: the first never arrived); the old seq is stale.
      expect(row?.status).toBe('pending');
      const again = (await pull(seq)).items.filter((i) => i.personId === empId && i.personKind === 'employee');
      expect(again.map((i) => i.action)).toEqual(['add']);
      expect(again[0]?.seq).toBeGreaterThan(seq);
      seq = again[0]?.seq ?? 0;
      // Each attempt waits longer for its confirmation (10, 20, 40 minutes, then the hour's cap).
      const due = (await rowOf('employee', empId))?.ackDueAt?.getTime() ?? 0;
      expect(due).toBeGreaterThanOrEqual(pulledAt + Math.min(5 * 60_000 * 2 ** attempt, 3600_000) - 1000);
    }
    const listed = await t.api.getFaceCredentials({ eid: lobby.eid, status: 'failed' }, a.token);
    expect(listed.result.list).toMatchObject([{ personId: empId, status: 'failed', lastError: FACE_NOT_CONFIRMED, attempts: FACE_MAX_ATTEMPTS }]);

    // Retried from the console; the terminal's own next pull after the deadline offers it again, no job needed.
    expect((await t.api.retryFaceCredentials({ eid: lobby.eid }, a.token)).result).toEqual({ retried: 1 });
    const mine = (p: Pulled) => p.items.filter((i) => i.personKind === 'employee' && i.personId === empId);
    const [retried] = mine(await pull(seq));
    await t.db
      .update(faceCredentials)
      .set({ ackDueAt: new Date(Date.now() - 1000) })
      .where(eq(faceCredentials.seq, retried?.seq ?? 0));
    const [offered] = mine(await pull(retried?.seq));
    expect(offered).toMatchObject({ action: 'add', personId: empId });
    expect(offered?.seq).toBeGreaterThan(retried?.seq ?? 0);
    const stale = await dev<{ accepted: number; stale: number }>('faceSyncAck', { results: [{ seq: retried?.seq, status: 'synced' }] });
    expect(stale.result).toEqual({ accepted: 0, stale: 1 });
    expect((await dev<{ accepted: number }>('faceSyncAck', { results: [{ seq: offered?.seq, status: 'synced' }] })).result.accepted).toBe(1);
    expect(await rowOf('employee', empId)).toMatchObject({ status: 'synced', attempts: 0, lastError: '', ackDueAt: null });
    cursor = offered?.seq ?? cursor;
  });

  it('seqs past int4 stay exact numbers in the delta, the confirmations and the console; past 2^53 - 1 is refused', async () => {
    await t.db.execute(sql`SELECT setval('face_credentials_seq', 8589934592)`);
    const empId = await employee('员工戊', '13855550003');
    await reconcile();
    const items = (await pullAndAck()).filter((i) => i.personKind === 'employee');
    expect(items.map((i) => [i.personId, i.seq])).toEqual([[empId, 8589934593]]);
    expect(cursor).toBeGreaterThanOrEqual(8589934593);
    expect(await rowOf('employee', empId)).toMatchObject({ seq: 8589934593, status: 'synced' });
    const listed = await t.api.getFaceSyncOfPerson({ personKind: 'employee', personId: empId }, a.token);
    expect(listed.result).toMatchObject([{ seq: 8589934593, status: 'synced' }]);
    expect((await pull(2 ** 53 - 1)).items).toEqual([]);
    expect((await dev('faceSyncPull', { cursor: 2 ** 53 })).status).toBe(Status.BAD_PARAMS);
    expect((await dev('faceSyncAck', { results: [{ seq: 2 ** 53, status: 'synced' }] })).status).toBe(Status.BAD_PARAMS);
  });
});
