import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DeviceAnswer, doorDevice } from '../../../test/doors.js';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { devices, passRecords, visits } from '../../db/schema/index.js';
import { visitPass } from '../../platform/formats/passes.js';

/**
 * Legacy readers (the original's door QR readers, which send no credential): under /qcvisit/ only, a device call
 * without `Authorization` naming a `deviceCode` is the one device of that code with `legacyAuth` on, registered at
 * the request's address.
 */
describe('legacy door readers: identified by their code and registered address', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let tid: number;
  let code = 30_000_000;
  const eids: Record<string, number> = {};

  /** A device call as a reader without a credential sends it, from `ip`. */
  const legacy = (name: string, body: Record<string, unknown>, ip: string, prefix = '/qcvisit/', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `${prefix}${name}`, remoteAddress: ip, headers, payload: body }).then((r) => r.json() as DeviceAnswer);
  const scan = (deviceCode: string | number, qrcode: string, ip: string) => legacy('uploadQrcode', { deviceCode, qrcode }, ip);

  /** A signed-in visit of the company, of the lobby's visitor type unless `typeId` says; its pass. */
  async function visit(companyId = a.id, typeId: number | null = tid) {
    code += 1;
    const [v] = await t.db
      .insert(visits)
      .values({
        companyId,
        kind: 'invite',
        status: 'signedIn',
        permission: 1,
        name: 'Ada Visitor',
        phone: '+8613900000009',
        tid: typeId,
        code: String(code),
      })
      .returning();
    return { vid: v?.id ?? 0, pass: visitPass(t.services.secrets, companyId, String(code)) };
  }

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    tid = (await t.api.addVisitorType({ vType: '访客#Guest' }, a.token)).result.tid;
    const lobby = (await t.api.addEquipmentGroup({ egname: 'Lobby' }, a.token)).result.egid;
    await t.api.setVisitorTypeEgroups({ tid, egids: [lobby] }, a.token);
    const add = async (key: string, over: Record<string, unknown>, token = a.token) => {
      const r = await t.api.addEquipment(doorDevice({ deviceName: key, egids: [lobby], ...over }), token);
      expect(r.status).toBe(0);
      eids[key] = r.result.device.eid;
    };
    await add('legacy', { deviceCode: 'L-100', deviceIp: '10.0.0.5', legacyAuth: true });
    await add('plain', { deviceCode: 'L-200', deviceIp: '10.0.0.6' });
    await add('disabled', { deviceCode: 'L-300', deviceIp: '10.0.0.7', legacyAuth: true, status: 1 });
    await add('shared', { deviceCode: 'L-400', deviceIp: '10.0.0.8', legacyAuth: true });
    await add('v6', { deviceCode: 'L-500', deviceIp: '2001:DB8:0:0::5', legacyAuth: true });
    const bLobby = (await t.api.addEquipmentGroup({ egname: 'Beta lobby' }, b.token)).result.egid;
    // Another company's reader of the same code, elsewhere; and one of another code at the same address as A's L-400.
    await add('betaSame', { deviceCode: 'L-100', deviceIp: '10.9.0.5', legacyAuth: true, egids: [bLobby] }, b.token);
    await add('betaShared', { deviceCode: 'L-400', deviceIp: '10.0.0.8', legacyAuth: true, egids: [bLobby] }, b.token);
  });
  afterAll(() => t.close());

  it('opens by code from its registered address, as an authenticated device: pass record, last seen', async () => {
    const { vid, pass } = await visit();
    const r = await scan('L-100', pass, '10.0.0.5');
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ open: true, vid, direction: 1, personType: 2 });
    const [rec] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(r.result?.recordId)));
    expect(rec).toMatchObject({ companyId: a.id, deviceId: eids.legacy, deviceCode: 'L-100', visitId: vid, result: 1 });
    const [dev] = await t.db
      .select()
      .from(devices)
      .where(eq(devices.id, Number(eids.legacy)));
    expect(dev?.lastSeenAt).toBeInstanceOf(Date);
    // The address as a dual-stack socket reports it, and an IPv6 registration written otherwise, are the same reader.
    expect((await scan('L-100', (await visit()).pass, '::ffff:10.0.0.5')).status).toBe(0);
    expect((await scan('L-500', (await visit()).pass, '2001:db8::5')).status).toBe(0);
  });

  it('answers 1111 from another address, to a device not marked legacy, an unknown code or several matches', async () => {
    const { pass } = await visit();
    expect((await scan('L-100', pass, '10.0.0.6')).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await scan('L-200', pass, '10.0.0.6')).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await scan('NOPE', pass, '10.0.0.5')).status).toBe(Status.DEVICE_NOT_ALLOWED);
    expect((await scan('x'.repeat(200), pass, '10.0.0.5')).status).toBe(Status.DEVICE_NOT_ALLOWED);
    // A's and B's L-400 behind one address cannot be told apart: neither is taken.
    expect((await scan('L-400', pass, '10.0.0.8')).status).toBe(Status.DEVICE_NOT_ALLOWED);
    // Nothing was recorded for a refused device.
    expect(
      await t.db
        .select()
        .from(passRecords)
        .where(eq(passRecords.deviceId, Number(eids.plain))),
    ).toEqual([]);
  });

  it('answers 1130 to a disabled legacy reader, as to a disabled device with a credential', async () => {
    expect((await scan('L-300', (await visit()).pass, '10.0.0.7')).status).toBe(Status.DEVICE_DISABLED);
  });

  it('keeps companies apart: the same code at another company’s reader is that company’s', async () => {
    const { pass } = await visit();
    // B's L-100 is its own device: A's pass there is another company's code (1112), recorded in B.
    const r = await scan('L-100', pass, '10.9.0.5');
    expect(r.status).toBe(Status.QRCODE_FORMAT_ERROR);
    const [rec] = await t.db
      .select()
      .from(passRecords)
      .where(eq(passRecords.id, Number(r.result?.recordId)));
    expect(rec).toMatchObject({ companyId: b.id, deviceId: eids.betaSame });
    // B's own visitor is refused by A's reader of the same code the same way.
    expect((await scan('L-100', (await visit(b.id, null)).pass, '10.0.0.5')).status).toBe(Status.QRCODE_FORMAT_ERROR);
  });

  it('takes a card reader the same way (uploadCard names its device code too)', async () => {
    const r = await legacy('uploadCard', { deviceCode: 'L-100', cardNo: 'NOBODY-1' }, '10.0.0.5');
    expect(r.status).toBe(Status.UNKNOWN_RECORD);
    expect((await legacy('uploadCard', { deviceCode: 'L-100', cardNo: 'NOBODY-1' }, '10.0.0.99')).status).toBe(Status.DEVICE_NOT_ALLOWED);
  });

  it('is /qcvisit/ only and needs no header at all: otherwise the usual answers', async () => {
    const { pass } = await visit();
    expect((await legacy('uploadQrcode', { deviceCode: 'L-100', qrcode: pass }, '10.0.0.5', '/api/')).status).toBe(Status.TOKEN_MISSING);
    expect((await legacy('uploadQrcode', { qrcode: pass }, '10.0.0.5')).status).toBe(Status.TOKEN_MISSING);
    expect((await legacy('uploadQrcode', { deviceCode: '  ', qrcode: pass }, '10.0.0.5')).status).toBe(Status.TOKEN_MISSING);
    // A credential given is checked as one, whatever the body names.
    const wrong = { authorization: `Device ${eids.legacy}.${'A'.repeat(43)}` };
    expect((await legacy('uploadQrcode', { deviceCode: 'L-100', qrcode: pass }, '10.0.0.5', '/qcvisit/', wrong)).status).toBe(
      Status.DEVICE_NOT_ALLOWED,
    );
    // Only the calls the original's readers make: a device's own configuration still needs its credential.
    expect((await legacy('getDeviceSelf', { deviceCode: 'L-100' }, '10.0.0.5')).status).toBe(Status.TOKEN_MISSING);
  });

  it('is set by the administrator and needs a registered address (400 deviceIp otherwise)', async () => {
    const refused = await t.call('addEquipment', doorDevice({ deviceName: 'No address', deviceCode: 'L-600', legacyAuth: true }), a.token);
    expect([refused.status, (refused.result as { errors?: unknown } | null)?.errors]).toEqual([
      Status.BAD_PARAMS,
      [{ field: 'deviceIp', rule: 'required' }],
    ]);
    const eid = Number(eids.legacy);
    const cleared = await t.call('updateEquipment', { eid, ...doorDevice({ deviceName: 'legacy', deviceCode: 'L-100', legacyAuth: true }) }, a.token);
    expect(cleared.status).toBe(Status.BAD_PARAMS);
    const listed = (await t.api.getEquipmentbyUserid({}, a.token)).result;
    expect(listed.find((d) => d.eid === eid)).toMatchObject({ legacyAuth: true, deviceIp: '10.0.0.5' });
    expect(listed.find((d) => d.eid === eids.plain)).toMatchObject({ legacyAuth: false });
    // Switched off, the reader is refused from its own address.
    const off = await t.api.updateEquipment({ eid, ...doorDevice({ deviceName: 'legacy', deviceCode: 'L-100', deviceIp: '10.0.0.5' }) }, a.token);
    expect(off.result.legacyAuth).toBe(false);
    expect((await scan('L-100', (await visit()).pass, '10.0.0.5')).status).toBe(Status.DEVICE_NOT_ALLOWED);
  });
});
