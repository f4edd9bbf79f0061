import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byCard, syncOnce, terminal, uploadPasses } from '../../../../../tools/face-terminal.js';
import { facePhoto } from '../../../test/faces.js';
import { faceConsentOf, PASSWORD, signInAsCreated, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { reconcileCompany } from './credentials.reconcile.js';

/** The face terminal simulator (tools/face-terminal.ts) over real HTTP: the protocol of docs/modules/credentials.md. */
describe('the face terminal simulator follows the documented protocol', () => {
  let t: TestApp;
  let a: Tenant;
  let url = '';
  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('receives an approved visitor, loses them at sign-out, and uploads a pass', async () => {
    const egid = (await t.api.addEquipmentGroup({ egname: 'Lobby', defaultOn: true }, a.token)).result.egid;
    const added = await t.api.addEquipment({ deviceName: 'Face 1', deviceCode: 'FACE-1', eType: 'face', egids: [egid] }, a.token);
    const sim = terminal(url, `${added.result.device.eid}.${added.result.secret}`);
    const host = (await t.api.addEmployee({ employee_name: 'Host', phone: '13800002222' }, a.token)).result.empid;
    const jpeg = await facePhoto({ width: 320, height: 400 });
    const walkIn = await t.api.UpdatePhoto(
      {
        vname: '访客丙',
        vphone: '13966667777',
        empid: host,
        photo: `data:image/jpeg;base64,${jpeg.toString('base64')}`,
        faceConsent: await faceConsentOf(t, a.token),
      },
      a.token,
    );
    const vid = walkIn.result.vid;
    const scope = tenantScope(t.db, { companyId: a.id });

    await reconcileCompany(scope, t.services.secrets, new Date());
    expect(await syncOnce(sim)).toEqual({ added: 1, removed: 0, failed: 0 });
    expect([...sim.people.values()]).toMatchObject([{ personKind: 'visitor', personId: vid, name: '访客丙', cardNo: '', groups: [egid] }]);
    // Nothing new: a round changes nothing.
    expect(await syncOnce(sim)).toEqual({ added: 0, removed: 0, failed: 0 });
    expect((await t.api.getFaceCredentials({ eid: added.result.device.eid }, a.token)).result.counts).toEqual({ pending: 0, synced: 1, failed: 0 });
    // A badge card handed out at the desk: the terminal knows the visitor by it after the next run.
    expect((await t.api.updateVisitInfo({ vid, cardNo: 'c-7' }, a.token)).status).toBe(0);
    await reconcileCompany(scope, t.services.secrets, new Date());
    expect(await syncOnce(sim)).toEqual({ added: 1, removed: 0, failed: 0 });
    expect(byCard(sim, 'C-7')).toMatchObject({ personKind: 'visitor', personId: vid });

    expect(await uploadPasses(sim, [{ personKind: 'visitor', personId: vid, direction: 1 }])).toEqual({ accepted: 1, duplicates: 0 });
    expect((await t.api.getOpendoorInfo({ vid }, a.token)).result.list).toMatchObject([{ vid, vname: '访客丙', passWay: 'face', direction: 1 }]);

    await t.api.updateVisitStatus({ vid, event: 'signOut' }, a.token);
    await reconcileCompany(scope, t.services.secrets, new Date());
    expect(await syncOnce(sim)).toEqual({ added: 0, removed: 1, failed: 0 });
    expect(sim.people.size).toBe(0);
  });

  it('a supplier worker’s face photo (uploadRvFace) reaches the terminals of their groups once HSE approves them', async () => {
    const site = (await t.api.addEquipmentGroup({ egname: 'Site' }, a.token)).result.egid;
    const yard = (await t.api.addEquipmentGroup({ egname: 'Yard' }, a.token)).result.egid;
    const device = async (code: string, egid: number) => {
      const d = await t.api.addEquipment({ deviceName: code, deviceCode: code, eType: 'face', egids: [egid] }, a.token);
      return { eid: d.result.device.eid, sim: terminal(url, `${d.result.device.eid}.${d.result.secret}`) };
    };
    const siteFace = await device('SITE-FACE', site);
    const yardFace = await device('YARD-FACE', yard);
    const window = { startDate: Date.now() - 86_400_000, endDate: Date.now() + 30 * 86_400_000 };
    const pid = (await t.api.addProject({ pName: 'Site works', leader: '王', phone: '13800005555', ...window }, a.token)).result.pid;
    const supplierId = (await t.api.addSupplier({ name: 'Labour Co' }, a.token)).result.supplierId;
    await t.api.AddManager({ account: 'labour_sc', password: PASSWORD, sName: 'Labour', sType: 1, supplierId }, a.token);
    const sc = await signInAsCreated(t, 'labour_sc');
    const rid = (await t.api.addResidentVisitor({ pid, name: '工人甲', phone: '13955550001', ...window }, sc)).result.rid;
    expect((await t.api.setResidentEgroups({ rids: [rid], egids: [site] }, a.token)).status).toBe(0);
    /** Two shots of one face differ in their bytes (the tint). */
    const photo = (tint: number) => facePhoto({ width: 240, height: 320, tint });
    const upload = async (bytes: Buffer) =>
      expect((await t.upload('uploadRvFace', { name: 'face.jpg', bytes }, { rid: String(rid) }, sc)).status).toBe(0);
    /** The photo a terminal is given for the worker, and the one the console shows: the same bytes. */
    const photos = async () => {
      const auth = { authorization: `Device ${siteFace.sim.credential}` };
      const given = await t.app.inject({ method: 'GET', url: `/api/faceSyncPhoto?personKind=resident&personId=${rid}`, headers: auth });
      const shown = await t.app.inject({ method: 'GET', url: `/api/RvFacePhoto?rid=${rid}`, headers: { 'x-coolvisit-token': a.token } });
      return { given: Buffer.from((given.json() as { result: { data: string } }).result.data, 'base64'), shown: shown.rawPayload };
    };
    const scope = tenantScope(t.db, { companyId: a.id });

    // Waiting for approval: no terminal knows the worker, photo or not.
    await upload(await photo(1));
    await reconcileCompany(scope, t.services.secrets, new Date());
    expect(await syncOnce(siteFace.sim)).toEqual({ added: 0, removed: 0, failed: 0 });

    expect((await t.api.updateRvPermission({ rids: [rid], rstatus: 1 }, a.token)).status).toBe(0);
    await reconcileCompany(scope, t.services.secrets, new Date());
    expect(await syncOnce(siteFace.sim)).toEqual({ added: 1, removed: 0, failed: 0 });
    expect(siteFace.sim.people.get(`resident:${rid}`)).toMatchObject({ personKind: 'resident', personId: rid, name: '工人甲', groups: [site] });
    // Not a group of the worker's: the yard's terminal never hears of them.
    expect(await syncOnce(yardFace.sim)).toEqual({ added: 0, removed: 0, failed: 0 });
    const first = await photos();
    expect(first.given.equals(first.shown)).toBe(true);
    expect((await t.api.getFaceCredentials({ eid: siteFace.eid }, a.token)).result.counts).toEqual({ pending: 0, synced: 1, failed: 0 });

    // A new photo replaces the old one on the terminal at the next run.
    await upload(await photo(2));
    await reconcileCompany(scope, t.services.secrets, new Date());
    expect(await syncOnce(siteFace.sim)).toEqual({ added: 1, removed: 0, failed: 0 });
    const second = await photos();
    expect(second.given.equals(second.shown)).toBe(true);
    expect(second.given.equals(first.given)).toBe(false);
  });
});
