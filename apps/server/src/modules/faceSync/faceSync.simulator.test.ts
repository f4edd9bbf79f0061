import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byCard, syncOnce, terminal, uploadPasses } from '../../../../../tools/face-terminal.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { tenantScope } from '../../platform/tenancy.js';
import { reconcileCompany } from './faceSync.reconcile.js';

/** The face terminal simulator (tools/face-terminal.ts) over real HTTP: the protocol of docs/modules/face-sync.md. */
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
    const jpeg = await sharp({ create: { width: 320, height: 400, channels: 3, background: '#789' } })
      .jpeg()
      .toBuffer();
    const walkIn = await t.api.UpdatePhoto(
      { vname: '访客丙', vphone: '13966667777', empid: host, photo: `data:image/jpeg;base64,${jpeg.toString('base64')}` },
      a.token,
    );
    const vid = walkIn.result.vid;
    const scope = tenantScope(t.db, { companyId: a.id });

    await reconcileCompany(scope, new Date());
    expect(await syncOnce(sim)).toEqual({ added: 1, removed: 0, failed: 0 });
    expect([...sim.people.values()]).toMatchObject([{ personKind: 'visitor', personId: vid, name: '访客丙', cardNo: '', groups: [egid] }]);
    // Nothing new: a round changes nothing.
    expect(await syncOnce(sim)).toEqual({ added: 0, removed: 0, failed: 0 });
    expect((await t.api.getFaceCredentials({ eid: added.result.device.eid }, a.token)).result.counts).toEqual({ pending: 0, synced: 1, failed: 0 });
    // A badge card handed out at the desk: the terminal knows the visitor by it after the next run.
    expect((await t.api.updateVisitInfo({ vid, cardNo: 'c-7' }, a.token)).status).toBe(0);
    await reconcileCompany(scope, new Date());
    expect(await syncOnce(sim)).toEqual({ added: 1, removed: 0, failed: 0 });
    expect(byCard(sim, 'C-7')).toMatchObject({ personKind: 'visitor', personId: vid });

    expect(await uploadPasses(sim, [{ personKind: 'visitor', personId: vid, direction: 1 }])).toEqual({ accepted: 1, duplicates: 0 });
    expect((await t.api.getOpendoorInfo({ vid }, a.token)).result.list).toMatchObject([{ vid, vname: '访客丙', passWay: 'face', direction: 1 }]);

    await t.api.updateVisitStatus({ vid, event: 'signOut' }, a.token);
    await reconcileCompany(scope, new Date());
    expect(await syncOnce(sim)).toEqual({ added: 0, removed: 1, failed: 0 });
    expect(sim.people.size).toBe(0);
  });
});
