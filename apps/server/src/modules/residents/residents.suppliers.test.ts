import { randomBytes } from 'node:crypto';
import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { faceFixture, facePhoto as realFace } from '../../../test/faces.js';
import { PASSWORD, seedEmployee, seedStaff, signInAsCreated, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { residentVisitors } from '../../db/schema/index.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';

type Errors = { errors: { field: string; rule: string }[] };
const DAY = 86_400_000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(200)]);

function photo(width: number, height: number, format: 'jpeg' | 'png' = 'jpeg'): Promise<Buffer> {
  return sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .toFormat(format, { quality: 90 })
    .toBuffer();
}

const inDays = (n: number) => dayOf(dayStart(dayOf(new Date()), n));

describe('supplier companies and their workers', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let pid: number;
  let desk: string;
  let hse: string;
  /** Supplier companies of A: Clean Co (with a server-company account) and Build Co. */
  let clean: number;
  let build: number;
  let sc: string;
  const window = () => ({ startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY });
  const worker = (body: Record<string, unknown>, token = a.token) =>
    t.api.addResidentVisitor({ pid, name: '钱工人', phone: '13911110001', ...window(), ...body }, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = (await seedStaff(t, a.id, 2)).token;
    hse = (await seedStaff(t, a.id, 0)).token;
    pid = (await t.api.addProject({ pName: 'Plant', leader: '王经理', phone: '13800005555', ...window() }, a.token)).result.pid;
    clean = (await t.api.addSupplier({ name: 'Clean Co', contact: '李', phone: '13800007777' }, a.token)).result.supplierId;
    build = (await t.api.addSupplier({ name: 'Build Co' }, hse)).result.supplierId;
    const added = await t.api.AddManager({ account: 'clean_sc', password: PASSWORD, sName: 'Clean desk', sType: 1, supplierId: clean }, a.token);
    expect(added.result).toMatchObject({ sType: 1, supplierId: clean });
    sc = await signInAsCreated(t, 'clean_sc');
  });
  afterAll(() => t.close());

  it('supplier companies: 28, 610, names unique (3), another company’s ids 602, listed by getAllResidentCompany', async () => {
    expect((await t.api.getSupplierList({})).status).toBe(Status.TOKEN_MISSING);
    const emp = await seedEmployee(t, a.id);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    expect((await t.api.getSupplierList({}, empToken)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addSupplier({ name: 'Desk Co' }, desk)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addSupplier({ name: 'Mine' }, sc)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.addSupplier({ name: 'clean co' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.call<Errors>('addSupplier', { name: '' }, a.token)).result.errors).toEqual([{ field: 'name', rule: 'required' }]);
    const theirs = (await t.api.addSupplier({ name: 'Clean Co' }, b.token)).result.supplierId;
    expect((await t.api.updateSupplier({ supplierId: theirs, name: 'Taken' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delSupplier({ supplierId: theirs }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const list = (await t.api.getSupplierList({}, a.token)).result;
    expect(list.map((s) => [s.name, s.accounts])).toEqual([
      ['Build Co', 0],
      ['Clean Co', 1],
    ]);
    expect((await t.api.getSupplierList({}, sc)).result.map((s) => s.name)).toEqual(['Clean Co']);
    const companies = (await t.api.getAllResidentCompany({}, desk)).result;
    expect(companies).toEqual([
      { supplierId: build, company: 'Build Co', count: 0 },
      { supplierId: clean, company: 'Clean Co', count: 0 },
    ]);
    // An account with an open session keeps its supplier company; an empty one goes.
    expect((await t.api.delSupplier({ supplierId: clean }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    const spare = (await t.api.addSupplier({ name: 'Spare Co' }, a.token)).result.supplierId;
    expect((await t.api.delSupplier({ supplierId: spare }, a.token)).result.deleted).toBe(1);
  });

  it('server-company accounts must name a supplier company of this company', async () => {
    const none = await t.call<Errors>('AddManager', { account: 'sc_none', password: PASSWORD, sName: 'X', sType: 1 }, a.token);
    expect(none.result.errors).toEqual([{ field: 'supplierId', rule: 'required' }]);
    const theirs = (await t.api.getSupplierList({}, b.token)).result[0]?.supplierId ?? 0;
    const other = await t.api.AddManager({ account: 'sc_other', password: PASSWORD, sName: 'X', sType: 1, supplierId: theirs }, a.token);
    expect(other.status).toBe(Status.NO_SUCH_RECORD);
    const desk2 = await t.api.AddManager({ account: 'desk_two', password: PASSWORD, sName: 'X', sType: 2, supplierId: clean }, a.token);
    expect(desk2.result.supplierId).toBeNull();
  });

  it('a server company sees and manages only its own workers; another supplier’s answer 602; it may not approve', async () => {
    expect((await worker({ name: '孙自己', phone: '13911110002', supplierId: build }, sc)).status).toBe(Status.NO_SUCH_RECORD);
    const own = await worker({ name: '孙自己', phone: '13911110002' }, sc);
    expect(own.result).toMatchObject({ supplierId: clean, company: 'Clean Co', rstatus: 0 });
    const byName = await worker({ name: '周名称', phone: '13911110003', company: 'build co' });
    expect(byName.result).toMatchObject({ supplierId: build, company: 'Build Co' });
    const free = await worker({ name: '吴自由', phone: '13911110004', company: 'Free Labour' });
    expect(free.result.supplierId).toBeNull();
    expect((await t.api.getResidentVisitor({}, sc)).result.list.map((r) => r.name)).toEqual(['孙自己']);
    expect((await t.api.getResidentVisitor({ supplierId: build }, a.token)).result.list.map((r) => r.name)).toEqual(['周名称']);
    const other = byName.result.rid;
    const change = { rid: other, pid, name: '周改', phone: '13911110003', ...window() };
    expect((await t.api.updateResidentVisitor(change, sc)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delResidentVisitor({ rids: [other] }, sc)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getRvQrcode({ rid: other }, sc)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.showResidentAllFileByRid({ rid: other }, sc)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.upload('UploadLaborFile', { name: 'c.pdf', bytes: PDF }, { rid: String(other) }, sc)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.upload('uploadRvFace', { name: 'f.jpg', bytes: faceFixture('one-face') }, { rid: String(other) }, sc)).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    expect((await t.api.updateRvPermission({ rids: [own.result.rid], rstatus: 1 }, sc)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getAllResidentCompany({}, sc)).result).toEqual([{ supplierId: clean, company: 'Clean Co', count: 1 }]);
    // Another company's workers are not found by anyone of this one.
    const theirPid = (await t.api.addProject({ pName: 'B plant', leader: '王', phone: '13800005555', ...window() }, b.token)).result.pid;
    const theirs = await t.api.addResidentVisitor({ pid: theirPid, company: 'X', name: '郑', phone: '13911110009', ...window() }, b.token);
    expect((await t.api.getRvQrcode({ rid: theirs.result.rid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    // A renamed supplier's workers carry the new name.
    await t.api.updateSupplier({ supplierId: build, name: 'Build Group' }, a.token);
    expect((await t.api.getResidentVisitor({ supplierId: build }, a.token)).result.list[0]?.company).toBe('Build Group');
    expect((await t.api.delSupplier({ supplierId: build }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
  });

  it('files: checked by content and extension, listed, downloaded by session, deleted; nothing half-stored', async () => {
    const w = (await worker({ name: '冯文件', phone: '13911110010' }, sc)).result;
    const rid = String(w.rid);
    const labour = await t.upload<{ fid: number; type: string; kind: string }>('UploadLaborFile', { name: 'contract.pdf', bytes: PDF }, { rid }, sc);
    expect(labour.result).toMatchObject({ type: 'pdf', kind: 'labour' });
    const fake = await t.upload('UploadLaborFile', { name: 'contract.png', bytes: PDF }, { rid }, sc);
    expect(fake.status).toBe(Status.FILE_TYPE_ERROR);
    const text = await t.upload('UploadResidentFile', { name: 'notes.txt', bytes: Buffer.from('hello') }, { rid, kind: 'other' }, sc);
    expect(text.status).toBe(Status.FILE_TYPE_ERROR);
    const big = await t.upload('UploadLaborFile', { name: 'big.pdf', bytes: Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]) }, { rid }, sc);
    expect(big.http).toBe(413);
    const noExpiry = await t.upload<Errors>('UploadResidentFile', { name: 'cert.jpg', bytes: await photo(50, 50) }, { rid }, sc);
    expect(noExpiry.result.errors).toEqual([{ field: 'expiresOn', rule: 'required' }]);
    const cert = await t.upload<{ fid: number; expiresOn: string }>(
      'UploadResidentFile',
      { name: 'cert.jpg', bytes: await photo(50, 50) },
      { rid, kind: 'certificate', expiresOn: inDays(100) },
      sc,
    );
    expect(cert.result.expiresOn).toBe(inDays(100));
    const files = (await t.api.showResidentAllFileByRid({ rid: w.rid }, a.token)).result;
    expect(files.map((f) => f.name).sort()).toEqual(['cert.jpg', 'contract.pdf']);
    const get = (fid: number, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/downloadResidentFile?fid=${fid}`, headers: { 'x-coolvisit-token': token } });
    const res = await get(labour.result.fid, sc);
    expect(Buffer.compare(res.rawPayload, PDF)).toBe(0);
    expect(res.headers['content-disposition']).toContain('contract.pdf');
    expect(JSON.parse((await get(labour.result.fid, b.token)).body).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delResidentFile({ fid: labour.result.fid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delResidentFile({ fid: labour.result.fid }, sc)).result.deleted).toBe(1);
    expect(JSON.parse((await get(labour.result.fid, sc)).body).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.showResidentAllFileByRid({ rid: w.rid }, sc)).result.map((f) => f.name)).toEqual(['cert.jpg']);
  });

  it('certificates: expiring flagged, expired flagged and refused approval (750)', async () => {
    const cert = async (rid: number, expiresOn: string) =>
      t.upload(
        'UploadResidentFile',
        { name: 'c.png', bytes: await photo(40, 40, 'png') },
        { rid: String(rid), kind: 'certificate', expiresOn },
        a.token,
      );
    const soon = (await worker({ name: '陈将到期', phone: '13911110020', supplierId: clean })).result;
    const gone = (await worker({ name: '褚已过期', phone: '13911110021', supplierId: clean })).result;
    expect(soon.certStatus).toBe('none');
    await cert(soon.rid, inDays(10));
    await cert(gone.rid, inDays(-1));
    const byName = async (name: string) => (await t.api.getResidentVisitor({ name }, hse)).result.list[0];
    expect(await byName('陈将到期')).toMatchObject({ certStatus: 'expiring', certExpiry: inDays(10) });
    expect(await byName('褚已过期')).toMatchObject({ certStatus: 'expired', certExpiry: inDays(-1) });
    expect((await t.api.getResidentVisitor({ certStatus: 'expired' }, hse)).result.list.map((r) => r.name)).toEqual(['褚已过期']);
    const refused = await t.api.updateRvPermission({ rids: [soon.rid, gone.rid], rstatus: 1 }, hse);
    expect(refused.status).toBe(Status.CERTIFICATE_EXPIRED);
    expect((await byName('陈将到期'))?.rstatus).toBe(0);
    expect((await t.api.updateRvPermission({ rids: [soon.rid], rstatus: 1 }, hse)).result.updated).toBe(1);
    expect((await t.api.updateRvPermission({ rids: [gone.rid], rstatus: 2, refuseCause: 'expired' }, hse)).result.updated).toBe(1);
  });

  it('faces: one photo checked like an employee’s; a zip named by phone or certificate number reported per entry', async () => {
    const w = (await worker({ name: '卫脸', phone: '13911110030', cardid: '11010519491231002X' }, sc)).result;
    const small = await t.upload<Errors>('uploadRvFace', { name: 'f.jpg', bytes: await photo(50, 50) }, { rid: String(w.rid) }, sc);
    expect(small.result.errors).toEqual([{ field: 'file', rule: 'imageTooSmall' }]);
    const facePhoto = (rid: number, token: string) =>
      t.app.inject({ method: 'GET', url: `/api/RvFacePhoto?rid=${rid}`, headers: { 'x-coolvisit-token': token } });
    expect((await facePhoto(w.rid, sc)).json()).toMatchObject({ status: Status.NO_SUCH_RECORD });
    // The face detector's refusals, as for an employee: nothing stored.
    for (const [fixture, rule] of [
      ['no-face', 'noFace'],
      ['two-faces', 'multipleFaces'],
    ] as const) {
      const refused = await t.upload<Errors>('uploadRvFace', { name: 'f.jpg', bytes: faceFixture(fixture) }, { rid: String(w.rid) }, sc);
      expect(refused.result.errors).toEqual([{ field: 'file', rule }]);
    }
    expect((await facePhoto(w.rid, sc)).json()).toMatchObject({ status: Status.NO_SUCH_RECORD });
    const ok = await t.upload<{ face: boolean }>(
      'uploadRvFace',
      { name: 'f.jpg', bytes: await realFace({ width: 200, height: 250 }) },
      { rid: String(w.rid) },
      sc,
    );
    expect(ok.result.face).toBe(true);
    // The stored photo, as the console previews it: a jpeg of the checked size, for the server company and HSE alike.
    for (const token of [sc, hse]) {
      const stored = await facePhoto(w.rid, token);
      expect(stored.headers['content-type']).toMatch(/^image\/jpeg/);
      expect(await sharp(stored.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 200, height: 250 });
    }
    const other = (await worker({ name: '蒋别家', phone: '13911110031', supplierId: build })).result;
    // Another supplier's worker is not the server company's to see: 602, as for another company's.
    expect((await facePhoto(other.rid, sc)).json()).toMatchObject({ status: Status.NO_SUCH_RECORD });
    expect((await facePhoto(other.rid, desk)).json()).toMatchObject({ status: Status.NO_PERMISSION });
    const zip = zipSync({
      '11010519491231002x.jpg': await realFace({ width: 160, height: 200, tint: 2 }),
      '13911110031.jpg': await photo(150, 150),
      '13900000000.png': await photo(150, 150, 'png'),
      'readme.txt': new Uint8Array([1, 2, 3]),
    });
    const res = await t.upload<{ saved: number; results: { key: string; outcome: string; rid: number | null }[] }>(
      'updateAllResidentFace',
      { name: 'faces.zip', bytes: Buffer.from(zip) },
      {},
      sc,
    );
    expect(res.result.saved).toBe(1);
    const outcome = Object.fromEntries(res.result.results.map((r) => [r.key, [r.outcome, r.rid]]));
    // The other supplier's worker is not the server company's to change: "no such person".
    expect(outcome).toEqual({
      '11010519491231002x': ['saved', w.rid],
      '13911110031': ['noEmployee', null],
      '13900000000': ['noEmployee', null],
      readme: ['skipped', null],
    });
    expect((await t.api.getResidentVisitor({ name: '蒋别家' }, a.token)).result.list[0]?.face).toBe(false);
    expect(other.face).toBe(false);
    const notZip = await t.upload('updateAllResidentFace', { name: 'faces.zip', bytes: PDF }, {}, sc);
    expect(notZip.status).toBe(Status.ONLY_ZIP);
    // Deleted, the worker's face photo leaves the store with them.
    const [stored] = await t.db.select({ face: residentVisitors.face }).from(residentVisitors).where(eq(residentVisitors.id, w.rid));
    expect(await t.services.files.read(stored?.face ?? '')).toBeDefined();
    expect((await t.api.delResidentVisitor({ rids: [w.rid] }, a.token)).result.deleted).toBe(1);
    expect(await t.services.files.read(stored?.face ?? '')).toBeUndefined();
  });

  it('a worker’s QR pass signs them in at the desk; statistics and pass records count it', async () => {
    const w = (await worker({ name: '沈通行', phone: '13911110040' }, sc)).result;
    const pass = (await t.api.getRvQrcode({ rid: w.rid }, sc)).result;
    expect(pass.qrcode).toMatch(/^OVR3\d{10}[A-Za-z0-9]{16}$/);
    expect((await t.api.ResidentVisitorSignIn({ qrcode: pass.qrcode }, desk)).status).toBe(Status.VISITOR_UNAUTHORIZED);
    await t.api.updateRvPermission({ rids: [w.rid], rstatus: 1 }, a.token);
    const tampered = `${pass.qrcode.slice(0, -1)}${pass.qrcode.endsWith('A') ? 'B' : 'A'}`;
    expect((await t.api.ResidentVisitorSignIn({ qrcode: tampered }, desk)).status).toBe(Status.QRCODE_FORMAT_ERROR);
    // Another company's desk does not read this company's pass.
    const deskB = (await seedStaff(t, b.id, 2)).token;
    expect((await t.api.ResidentVisitorSignIn({ qrcode: pass.qrcode }, deskB)).status).toBe(Status.QRCODE_FORMAT_ERROR);
    // A door reads the worker's pass too: sent to the desk until they are signed in there, then it decides on that visit.
    const egid = (await t.api.addEquipmentGroup({ egname: 'Plant gate' }, a.token)).result.egid;
    await t.api.setResidentEgroups({ rids: [w.rid], egids: [egid] }, a.token);
    const reader = (await t.api.addEquipment(doorDevice({ egids: [egid] }), a.token)).result;
    const door = deviceCall(() => t, 'uploadQrcode');
    const cred = `Device ${reader.device.eid}.${reader.secret}`;
    expect((await door(cred, { qrcode: pass.qrcode })).status).toBe(Status.INVALID_VISITOR);
    const signed = await t.api.ResidentVisitorSignIn({ qrcode: pass.qrcode }, desk);
    expect(signed.result).toMatchObject({ rid: w.rid, repeated: false, vname: '沈通行' });
    const opened = await door(cred, { qrcode: pass.qrcode });
    expect(opened.result).toMatchObject({ open: true, personType: 3, name: '沈通行', vid: signed.result.vid });
    const today = dayOf(new Date());
    const report = (await t.api.getRvReport({ startDate: inDays(-1), endDate: today }, hse)).result;
    expect(report).toEqual({
      days: [inDays(-1), today],
      companies: [{ supplierId: clean, company: 'Clean Co', counts: [0, 1], total: 1 }],
      total: 1,
    });
    expect((await t.api.getRvReport({ startDate: today, endDate: today, supplierId: build }, a.token)).result.total).toBe(0);
    const backwards = await t.call<Errors>('getRvReport', { startDate: today, endDate: inDays(-1) }, a.token);
    expect(backwards.result.errors).toEqual([{ field: 'endDate', rule: 'beforeStart' }]);
    const open = (await t.api.getRvOpenInfo({ supplierId: clean, date: today, endDate: today }, desk)).result;
    // The refusal and the pass at the door, and the sign-in, newest first.
    expect(open.list.map((r) => [r.kind, r.result])).toEqual([
      ['door', 1],
      ['signIn', 1],
      ['door', 0],
    ]);
    expect(open.list[1]).toMatchObject({ kind: 'signIn', rid: w.rid, name: '沈通行', company: 'Clean Co', result: 1 });
    expect((await t.api.getRvOpenInfo({ kind: 'door', requestedCount: 1, startIndex: 1 }, a.token)).result).toMatchObject({ count: 2 });
    expect((await t.api.getRvOpenInfo({}, b.token)).result.count).toBe(0);
    expect((await t.api.getRvOpenInfo({}, sc)).status).toBe(Status.NO_PERMISSION);
  });
});
