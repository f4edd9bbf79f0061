import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { facePhoto } from '../faces.js';
import { seedCompany, seedEmployee, type TestApp, testApp } from '../harness.js';
import { type Desk, type DeskSite, deskSignIn, deskSite, expectReads } from './desk.js';
import { deskNow, deskUpload, EXTEND_FIELD, HOST_ROW } from './deskForms.js';

type Field = { fieldName: string; inputValue: string; isDisplay: number; required: number };
type Row = Record<string, unknown>;

/**
 * frontdesk-app.md §3d and §3e on a single-company site (sid 0): the walk-in form's mount, the face photo, the
 * registration exactly as the app submits it, and the on-site appointment, from a desk account made in the console.
 */
describe('the front-desk app registers a walk-in and books on site (frontdesk-app.md §3d, §3e, sid 0)', () => {
  let t: TestApp;
  let site: DeskSite;
  let desk: Desk;
  let vType: string;
  let tid: number;

  beforeAll(async () => {
    t = await testApp();
    site = await deskSite(t);
    const admin = site.company.token;
    expect((await t.api.updateVisitorType({ tid: site.tid, reasons: ['商务洽谈', '面试'] }, admin)).status).toBe(0);
    const plate = await t.api.addExtendVisitor({ displayName: '部门#Dept', fieldName: 'dept', inputType: 'text', types: [{ tid: site.tid }] }, admin);
    expect(plate.status, plate.reason).toBe(0);
    desk = await deskSignIn(t, site);
  });
  afterAll(() => t.close());

  /** The walk-in form's mount: the default type (with the trailing blank), its fields, the hosts. */
  async function mount() {
    const types = await desk.send<Row[]>('getVisitorType ', { userid: desk.userid, category: 2 });
    expect(types.status, types.reason).toBe(0);
    expectReads(types.result[0], { vType: 'string', tid: 'number' }, 'getVisitorType [0]');
    vType = String(types.result[0]?.vType);
    tid = Number(types.result[0]?.tid);
    const fields = await desk.send<Field[]>('getExtendTypeInfo', { userid: desk.userid, eType: vType });
    expect(fields.status, fields.reason).toBe(0);
    for (const f of fields.result) expectReads(f, EXTEND_FIELD, `field ${f.fieldName}`);
    const hosts = await desk.send<Row[]>('getSubAccountEmpList', { userid: desk.userid });
    expect(hosts.status, hosts.reason).toBe(0);
    for (const h of hosts.result) expectReads(h, HOST_ROW, 'host');
    return { fields: fields.result, hosts: hosts.result };
  }

  it('mounts the form: the type, its fields on the walk-in screen with the visit reasons, and the hosts', async () => {
    const { fields, hosts } = await mount();
    expect(vType).toBe(site.vType);
    expect(tid).toBe(site.tid);
    const byName = new Map(fields.map((f) => [f.fieldName, f]));
    const reasons = byName.get('visitType');
    expect(reasons?.inputValue).toBe('商务洽谈,面试');
    expect((reasons?.isDisplay ?? 0) & 8).toBe(8);
    expect((byName.get('name')?.required ?? 0) & 8).toBe(8);
    expect((byName.get('dept')?.isDisplay ?? 0) & 8).toBe(8);
    expect(hosts.map((h) => h.empid)).toContain(site.host.id);
    // A logistics type's name answers its fields in the same shape; a name that is no type's, nothing.
    const truck = await t.api.addExtendType(
      { name: '送货#Delivery', driverExtend: [{ fieldName: 'licence', displayName: '驾照#Licence', inputType: 'text' }] },
      site.company.token,
    );
    expect(truck.status, truck.reason).toBe(0);
    const truckFields = await desk.send<Field[]>('getExtendTypeInfo', { userid: desk.userid, eType: '送货#Delivery' });
    expect(truckFields.result.map((f) => f.fieldName)).toEqual(['licence']);
    for (const f of truckFields.result) expectReads(f, EXTEND_FIELD, 'logistics field');
    expect((await desk.send('getExtendTypeInfo', { userid: desk.userid, eType: '无此类型' })).result).toEqual([]);
  });

  it('takes the face photo: Upload, uploadFace, then getFaceStatus 0 for a face and 2 for none', async () => {
    const face = await deskUpload(t, desk, await facePhoto({ width: 300, height: 300 }));
    expect(face.status).toBe(0);
    expectReads(face.result, { url: 'string' }, 'Upload');
    expect((await desk.send('uploadFace', { photoUrl: face.result.url })).status).toBe(0);
    const ok = await desk.send('getFaceStatus', { photoUrl: face.result.url });
    expect(ok.status).toBe(0);
    expect(ok.result).toBe(0);
    const blank = await deskUpload(t, desk, await facePhoto({ of: 'no-face', width: 300, height: 300 }));
    expect(blank.status).toBe(0);
    expect((await desk.send('getFaceStatus', { photoUrl: blank.result.url })).result).toBe(2);
    // Not a picture: refused as bad input, never a 500 nor "signed out".
    expect((await desk.send('getFaceStatus', { photoUrl: 'data:image/png;base64,AAAA' })).status).toBe(Status.BAD_PARAMS);
    expect((await deskUpload(t, desk, Buffer.from('not a picture'))).status).not.toBe(0);
  });

  /** The walk-in exactly as the app submits it (§3d), for this visitor. */
  async function walkIn(visitor: { name: string; phone: string }, extra: Row = {}) {
    const photo = await deskUpload(t, desk, await facePhoto({ width: 300, height: 300, tint: 3 }));
    return desk.send<Row>('UpdatePhoto', {
      email: '',
      extendCol: [
        'dept=采购部',
        `empid=${site.host.name}`,
        'visitType=商务洽谈',
        `phone=${visitor.phone}`,
        `name=${visitor.name}`,
        `access=${desk.access}`,
        'peopleCount=2',
      ],
      company: '',
      name: visitor.name,
      visitType: '商务洽谈',
      phone: visitor.phone,
      empid: String(site.host.id),
      remark: '',
      signInGate: desk.gname,
      signInOpName: desk.opname,
      gid: desk.gid,
      tid,
      vType,
      card: null,
      clientNo: 3,
      peopleCount: 2,
      memberName: JSON.stringify([{ name: '随行一', mobile: '13911115002' }]),
      photoUrl: photo.result.url,
      ...extra,
    });
  }

  it('registers the walk-in as the app submits it; the badge opens for the vid and the companions', async () => {
    const done = await walkIn({ name: '现场客', phone: '13911115001' });
    expect(done.status, done.reason).toBe(0);
    expectReads(done.result, { vid: 'string', glist: 'array' }, 'UpdatePhoto');
    expect(String(done.result.vid)).toMatch(/^v\d+$/);
    const shown = await desk.send<Row>('GetVisitorByVid', { vid: done.result.vid });
    expect(shown.status, shown.reason).toBe(0);
    expect(shown.result).toMatchObject({ vname: '现场客', vphone: '13911115001', empid: site.host.id, gid: site.gid, visitReason: '商务洽谈' });
    expect(JSON.parse(String(shown.result.extendCol))).toEqual({ dept: '采购部' });
    expect(String(shown.result.vphoto)).toMatch(/^\/api\/media\//);
    // The ID reader's card (the type asks the phone too); an empty access as the app sends it (`""`).
    const byCard = await walkIn(
      { name: '证件客', phone: '13911115004' },
      {
        card: { cardId: '11010519491231002X', name: '证件客', address: '北京', issue: '', indate: '', image: '' },
        extendCol: ['access=""', 'peopleCount=1'],
      },
    );
    expect(byCard.status, byCard.reason).toBe(0);
    const card = await desk.send<Row>('GetVisitorByVid', { vid: byCard.result.vid });
    expect(card.result.cardId).toBe('11010519491231002X');
  });

  it('answers 66 for a blacklisted visitor, and refuses another company’s host, another gate and bad input', async () => {
    expect((await t.api.addBlacklist({ name: '黑名单', phone: '13911115666' }, site.company.token)).status).toBe(0);
    expect((await walkIn({ name: '黑名单', phone: '13911115666' })).status).toBe(Status.BLACKLISTED);
    const other = await seedCompany(t);
    const theirs = await seedEmployee(t, other.id);
    expect((await walkIn({ name: '客人', phone: '13911115003' }, { empid: String(theirs.id) })).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    const gate = await t.api.addGate({ gname: '西门' }, site.company.token);
    expect((await walkIn({ name: '客人', phone: '13911115003' }, { gid: String(gate.result.gid) })).status).toBe(Status.GATE_NOT_FOUND);
    expect((await walkIn({ name: '', phone: '13911115003' })).status).toBe(Status.BAD_PARAMS);
    expect((await walkIn({ name: '客人', phone: '13911115003' }, { extendCol: ['nosuch=1'] })).status).toBe(Status.BAD_PARAMS);
    // A body naming another company is refused, never obeyed; nothing of theirs is listed.
    expect((await desk.send('UpdatePhoto', { userid: String(other.id), name: '客人', phone: '13911115003' })).status).toBe(Status.NO_PERMISSION);
    expect((await desk.send('getSubAccountEmpList', { userid: String(other.id) })).status).toBe(Status.NO_PERMISSION);
  });

  /** The on-site appointment exactly as the app submits it (§3e). */
  const appointment = (phone: string, extra: Row = {}) =>
    desk.send<Row>('addVisitorApponintmnet', {
      company: '',
      userid: desk.userid,
      ctype: 'u',
      name: '预约客',
      phone,
      empPhone: site.host.phone,
      empName: site.host.name,
      empid: String(site.host.id),
      appointmentDate: deskNow(),
      visitType: '面试',
      peopleCount: 1,
      memberName: '',
      gid: desk.gid,
      vType,
      tid,
      clientNo: 3,
      ...extra,
    });

  it('books on site from the desk’s own session; 66 for a blacklisted visitor, another company’s host refused', async () => {
    const booked = await appointment('13911115101');
    expect(booked.status, booked.reason).toBe(0);
    expectReads(booked.result, { vid: 'number', appointmentDate: 'ms', vname: 'string', empName: 'string' }, 'addVisitorApponintmnet');
    expect(Math.abs(Number(booked.result.appointmentDate) - Date.now())).toBeLessThan(60_000);
    expect(booked.result).toMatchObject({ gid: site.gid, empid: site.host.id, visitReason: '面试' });
    expect((await appointment('13911115666')).status).toBe(Status.BLACKLISTED);
    const other = await seedCompany(t);
    const theirs = await seedEmployee(t, other.id);
    expect((await appointment('13911115102', { empid: String(theirs.id), empPhone: theirs.phone })).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await appointment('13911115102', { appointmentDate: 'tomorrow' })).status).toBe(Status.BAD_PARAMS);
    // A host who takes no bookings: 1119, as the app expects for the host.
    const closed = await t.api.addEmployee({ employee_name: '不接待', phone: '13800005109' }, site.company.token);
    expect((await t.api.updateEmployee({ empid: closed.result.empid, forbidAppointment: true }, site.company.token)).status).toBe(0);
    const refused = await appointment('13911115104', { empid: String(closed.result.empid), empPhone: '13800005109', empName: '不接待' });
    expect(refused.status).toBe(Status.INVALID_EMPLOYEE);
    // Without a session it is the booking app's signed call: refused unsigned, as before.
    const res = await t.app.inject({
      method: 'POST',
      url: '/qcvisit/addVisitorApponintmnet',
      headers: { 'content-type': 'application/json', 'x-coolvisit-token': 'undefined' },
      payload: { name: '预约客', phone: '13911115103', empid: site.host.id, appointmentDate: Date.now() },
    });
    expect(res.json().status).toBe(Status.INVALID_APP_CODE);
  });
});
