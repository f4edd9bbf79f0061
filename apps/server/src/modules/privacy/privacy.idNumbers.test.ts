import { maskIdNumber, Role, Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { DRIVER_ID, OTHER_DRIVER_ID, seedBooking } from '../../../test/logistics.js';

/**
 * ID numbers kept only as needed (issue 41): every answer masks a certificate number; the administrators and the
 * reception read one whole number at a time, each reading logged under the person's name; a form sending the masked
 * number back keeps the one held; exports are masked unless whole numbers are asked by a role that may read them.
 */
const VISITOR_ID = '11010519491231002X';
const RESIDENT_ID = '440304199001011233';

describe('ID numbers: masked in every answer, read whole by the roles that need them, each read logged', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: string;
  let hse: string;
  let vid: number;
  let host: number;

  const views = async () =>
    (await t.api.getLogList({ optEvent: 'view', startIndex: 0, requestedCount: 100 }, a.token)).result.list.map((l) => [
      l.objId,
      l.objName,
      l.descKey,
    ]);
  const workbook = async (url: string, token: string) => {
    const res = await t.app.inject({ method: 'GET', url, headers: { 'x-coolvisit-token': token } });
    if (!res.headers['content-type']?.toString().includes('sheet'))
      return { status: (res.json() as { status: number }).status, cells: [] as string[] };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.worksheets[0]?.eachRow((r) => {
      for (const v of (r.values as unknown[]).slice(1)) cells.push(String(v ?? ''));
    });
    return { status: 0, cells };
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = (await seedStaff(t, a.id, Role.GATE)).token;
    hse = (await seedStaff(t, a.id, Role.HSE)).token;
    host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800004444' }, a.token)).result.empid;
    const walkIn = await t.call<{ vid: number }>(
      'UpdatePhoto',
      { vname: '证件访客', vphone: '13911114000', empid: host, certificateType: 'idCard', cardId: VISITOR_ID },
      desk,
    );
    expect(walkIn.status, walkIn.reason).toBe(0);
    vid = walkIn.result.vid;
  });
  afterAll(() => t.close());

  it('lists and the detail show the number masked to every role, the administrator included', async () => {
    for (const token of [a.token, desk, hse]) {
      expect((await t.api.GetVisitorByVid({ vid }, token)).result.cardId).toBe('110*************2X');
      const found = await t.api.SearchVisitByCondition({ cardId: VISITOR_ID }, token);
      expect(found.result.map((v) => [v.vid, v.cardId])).toEqual([[vid, maskIdNumber(VISITOR_ID)]]);
    }
    expect(await views()).toEqual([]);
  });

  it('the administrator and the reception read the whole number, each time logged with whose; others get 610', async () => {
    expect((await t.api.revealIdNumber({ of: 'visit', id: vid }, a.token)).result).toEqual({ certificateType: 'idCard', idNumber: VISITOR_ID });
    expect((await t.api.revealIdNumber({ of: 'visit', id: vid }, desk)).result.idNumber).toBe(VISITOR_ID);
    expect(await views()).toEqual([
      [String(vid), '证件访客', 'idNumberOfVisit'],
      [String(vid), '证件访客', 'idNumberOfVisit'],
    ]);
    expect((await t.call('revealIdNumber', { of: 'visit', id: vid }, hse)).status).toBe(Status.NO_PERMISSION);
    // Another company's administrator: not found, and nothing logged there or here.
    expect((await t.call('revealIdNumber', { of: 'visit', id: vid }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getLogList({ optEvent: 'view', startIndex: 0, requestedCount: 10 }, b.token)).result.count).toBe(0);
    // A visit without a number answers the same as one not seen.
    const plain = await t.call<{ vid: number }>('UpdatePhoto', { vname: '无证访客', vphone: '13911114001', empid: host }, desk);
    expect(plain.status, plain.reason).toBe(0);
    expect((await t.call('revealIdNumber', { of: 'visit', id: plain.result.vid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.call('revealIdNumber', { of: 'nobody', id: vid }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await views()).length).toBe(2);
  });

  it('a resident form sending the masked number back keeps the one held; another masked text is refused', async () => {
    const window = { startDate: Date.now() - 86_400_000, endDate: Date.now() + 86_400_000 * 30 };
    const project = await t.api.addProject({ pName: 'Canteen', leader: '王经理', phone: '13800005555', ...window }, a.token);
    const pid = project.result.pid;
    const fields = { pid, company: 'Clean Co', name: '常驻证件', phone: '13922224000', ...window };
    const added = await t.api.addResidentVisitor({ ...fields, cardid: RESIDENT_ID }, a.token);
    expect(added.status, JSON.stringify(added.result)).toBe(0);
    expect(added.result.cardid).toBe(maskIdNumber(RESIDENT_ID));
    const rid = added.result.rid;
    const kept = await t.api.updateResidentVisitor({ ...fields, rid, remark: 'night shift', cardid: added.result.cardid }, a.token);
    expect(kept.status, kept.reason).toBe(0);
    expect(kept.result.rstatus).toBe(added.result.rstatus); // the identity did not change: no new approval
    expect((await t.api.revealIdNumber({ of: 'resident', id: rid }, a.token)).result.idNumber).toBe(RESIDENT_ID);
    const forged = await t.call('updateResidentVisitor', { ...fields, rid, cardid: '440**************9' }, a.token);
    expect(forged.result).toMatchObject({ errors: [{ field: 'cardid', rule: 'masked' }] });
    // A new entry cannot be given a masked number.
    const masked = await t.call('addResidentVisitor', { ...fields, phone: '13922224001', cardid: maskIdNumber(RESIDENT_ID) }, a.token);
    expect(masked.status).toBe(Status.BAD_PARAMS);
    expect((await t.api.revealIdNumber({ of: 'resident', id: rid }, a.token)).result.idNumber).toBe(RESIDENT_ID);
  });

  it("a booking's driver and sender: masked in the list, kept through an edit, read whole one at a time", async () => {
    const { sid, booking } = await seedBooking(t, a.token, { scardId: OTHER_DRIVER_ID });
    expect([booking.dcardId, booking.scardId]).toEqual([maskIdNumber(DRIVER_ID), maskIdNumber(OTHER_DRIVER_ID)]);
    const edited = await t.api.updateLogisticsInfo({ sid, dcardId: booking.dcardId, scardId: booking.scardId, goods: 'Ice' }, a.token);
    expect(edited.status, edited.reason).toBe(0);
    expect((await t.api.revealIdNumber({ of: 'driver', id: sid }, a.token)).result.idNumber).toBe(DRIVER_ID);
    expect((await t.api.revealIdNumber({ of: 'sender', id: sid }, a.token)).result.idNumber).toBe(OTHER_DRIVER_ID);
    expect((await views()).slice(0, 2)).toEqual([
      [String(sid), '王发货', 'idNumberOfSender'],
      [String(sid), '李司机', 'idNumberOfDriver'],
    ]);
    const wrong = await t.call('updateLogisticsInfo', { sid, dcardId: '110***********9999' }, a.token);
    expect(wrong.result).toMatchObject({ errors: [{ field: 'dcardId', rule: 'masked' }] });
    // The reception reads only the trucks its list shows: today's approved ones.
    expect((await t.call('revealIdNumber', { of: 'driver', id: sid }, desk)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.approveLogistics({ sid, pstatus: 1 }, a.token)).status).toBe(0);
    expect((await t.api.revealIdNumber({ of: 'driver', id: sid }, desk)).result.idNumber).toBe(DRIVER_ID);
  });

  it('exports mask the numbers unless whole ones are asked by a role that may read them, which the log entry says', async () => {
    const masked = await workbook('/api/ExportVisitorList?lang=en', a.token);
    expect(masked.cells).toContain(maskIdNumber(VISITOR_ID));
    expect(masked.cells).not.toContain(VISITOR_ID);
    const whole = await workbook('/api/ExportVisitorList?lang=en&idNumbers=whole', a.token);
    expect(whole.cells).toContain(VISITOR_ID);
    const logged = (await t.api.getLogList({ optEvent: 'export', startIndex: 0, requestedCount: 5 }, a.token)).result.list;
    expect(logged.map((l) => l.descKey)).toEqual(['idNumbersExported', null]);
    expect((await workbook('/api/ExportVisitorList?lang=en&idNumbers=whole', hse)).status).toBe(Status.NO_PERMISSION);
    const trucks = await workbook('/api/ExportLogisticsList?lang=en&idNumbers=whole', a.token);
    expect(trucks.cells).toContain(DRIVER_ID);
    expect((await workbook('/api/ExportLogisticsList?lang=en', a.token)).cells).not.toContain(DRIVER_ID);
  });
});
