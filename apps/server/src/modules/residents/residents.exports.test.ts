import { randomBytes } from 'node:crypto';
import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceCall, doorDevice } from '../../../test/doors.js';
import { PASSWORD, seedStaff, signInAsCreated, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { dayOf, dayStart } from '../../platform/formats/days.js';

const DAY = 86_400_000;
const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(300)]);
const PNG_HEAD = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const inDays = (n: number) => dayOf(dayStart(dayOf(new Date()), n));

async function readSheet(body: Buffer): Promise<string[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: string[][] = [];
  wb.worksheets[0]?.eachRow((row) => {
    rows.push(Array.from((row.values as unknown[]).slice(1)).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
  });
  return rows;
}

describe('supplier downloads: pass records, traffic statistics, a worker’s files', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: string;
  let hse: string;
  let sc: string;
  let clean: number;
  let build: number;
  let cleanWorker: number;
  let buildWorker: number;
  const get = (url: string, token?: string) =>
    t.app.inject({ method: 'GET', url: `/api/${url}`, headers: token ? { 'x-coolvisit-token': token } : {} });
  const envelope = async (url: string, token?: string) => JSON.parse((await get(url, token)).body) as { status: number; result: unknown };

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = (await seedStaff(t, a.id, 2)).token;
    hse = (await seedStaff(t, a.id, 0)).token;
    const window = { startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY };
    const pid = (await t.api.addProject({ pName: 'Plant', leader: '王经理', phone: '13800005555', ...window }, a.token)).result.pid;
    clean = (await t.api.addSupplier({ name: 'Clean Co' }, a.token)).result.supplierId;
    build = (await t.api.addSupplier({ name: 'Build Co' }, a.token)).result.supplierId;
    await t.api.AddManager({ account: 'clean_sc2', password: PASSWORD, sName: 'Clean desk', sType: 1, supplierId: clean }, a.token);
    sc = await signInAsCreated(t, 'clean_sc2');
    cleanWorker = (await t.api.addResidentVisitor({ pid, name: '沈通行', phone: '13911112001', ...window }, sc)).result.rid;
    buildWorker = (await t.api.addResidentVisitor({ pid, name: '周建', phone: '13911112002', supplierId: build, ...window }, a.token)).result.rid;
    await t.api.updateRvPermission({ rids: [cleanWorker, buildWorker], rstatus: 1 }, hse);
    // Build Co's worker signs in by phone; Clean Co's by their pass, then passes a door.
    expect((await t.api.ResidentVisitorSignIn({ phone: '13911112002' }, desk)).status).toBe(Status.SUCCESS);
    const qrcode = (await t.api.getRvQrcode({ rid: cleanWorker }, sc)).result.qrcode;
    expect((await t.api.ResidentVisitorSignIn({ qrcode }, desk)).status).toBe(Status.SUCCESS);
    const egid = (await t.api.addEquipmentGroup({ egname: 'Plant gate' }, a.token)).result.egid;
    await t.api.setResidentEgroups({ rids: [cleanWorker], egids: [egid] }, a.token);
    const reader = (await t.api.addEquipment(doorDevice({ egids: [egid] }), a.token)).result;
    const opened = await deviceCall(() => t, 'uploadQrcode')(`Device ${reader.device.eid}.${reader.secret}`, { qrcode });
    expect(opened.result).toMatchObject({ open: true, personType: 3 });
  });
  afterAll(() => t.close());

  it('ExportgetRvrList: the pass records as listed, filtered the same way, headers and labels in the chosen language', async () => {
    const list = (await t.api.getRvOpenInfo({}, hse)).result;
    expect(list.count).toBe(3);
    const zh = await get('ExportgetRvrList?lang=zh', hse);
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-disposition']).toMatch(/supplier-pass-records-.*\.xlsx/);
    const rows = await readSheet(zh.rawPayload);
    expect(rows[0]).toEqual(['时间', '类型', '姓名', '手机号', '供应商公司', '门岗或门禁', '方向', '结果']);
    // Newest first, as the list: the door pass, then the two sign-ins.
    expect(rows.slice(1).map((r) => [r[1], r[2], r[4], r[7]])).toEqual(
      list.list.map((r) => [r.kind === 'door' ? '门禁' : '前台签到', r.name, r.company, '通过']),
    );
    expect(rows[1]?.[6]).toBe('进');
    expect(new Date(rows[1]?.[0] ?? '').getTime()).toBeGreaterThan(Date.now() - DAY);
    const en = await readSheet((await get(`ExportgetRvrList?lang=en&supplierId=${build}`, desk)).rawPayload);
    expect(en).toEqual([
      ['Time', 'Kind', 'Name', 'Mobile phone', 'Supplier company', 'Gate or door', 'Direction', 'Result'],
      [expect.any(String), 'Desk sign-in', '周建', '13911112002', 'Build Co', expect.any(String), 'Enter', 'Passed'],
    ]);
    const doors = await readSheet(
      (await get(`ExportgetRvrList?kind=door&rid=${cleanWorker}&date=${inDays(0)}&endDate=${inDays(0)}`, a.token)).rawPayload,
    );
    expect(doors.slice(1).map((r) => [r[1], r[2]])).toEqual([['Door', '沈通行']]);
    expect((await readSheet((await get(`ExportgetRvrList?name=${encodeURIComponent('沈')}&kind=signIn`, a.token)).rawPayload)).length).toBe(2);
    expect((await readSheet((await get(`ExportgetRvrList?date=${inDays(1)}`, a.token)).rawPayload)).length).toBe(1);
  });

  it('ExportRvOdList: the traffic statistics per company and day with a totals row', async () => {
    const today = inDays(0);
    const en = await get(`ExportRvOdList?lang=en&startDate=${inDays(-1)}&endDate=${today}`, a.token);
    expect(en.headers['content-disposition']).toMatch(/supplier-traffic-.*\.xlsx/);
    expect(await readSheet(en.rawPayload)).toEqual([
      ['Supplier company', 'Total', inDays(-1), today],
      ['Build Co', '1', '0', '1'],
      ['Clean Co', '1', '0', '1'],
      ['Total', '2', '0', '2'],
    ]);
    const zh = await readSheet((await get(`ExportRvOdList?lang=zh&startDate=${today}&endDate=${today}&supplierId=${clean}`, desk)).rawPayload);
    expect(zh).toEqual([
      ['供应商公司', '合计', today],
      ['Clean Co', '1', '1'],
      ['合计', '1', '1'],
    ]);
    const backwards = await envelope(`ExportRvOdList?startDate=${today}&endDate=${inDays(-1)}`, a.token);
    expect(backwards).toMatchObject({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'endDate', rule: 'beforeStart' }] } });
    expect((await envelope(`ExportRvOdList?startDate=${today}`, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('the exports: 28 without a session, 610 for a server company, another company’s supplier 602 and nothing of theirs', async () => {
    for (const url of ['ExportgetRvrList', `ExportRvOdList?startDate=${inDays(0)}&endDate=${inDays(0)}`]) {
      expect((await envelope(url)).status).toBe(Status.TOKEN_MISSING);
      expect((await envelope(url, sc)).status).toBe(Status.NO_PERMISSION);
    }
    expect((await envelope(`ExportgetRvrList?supplierId=${clean}`, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await envelope(`ExportRvOdList?startDate=${inDays(0)}&endDate=${inDays(0)}&supplierId=${clean}`, b.token)).status).toBe(
      Status.NO_SUCH_RECORD,
    );
    expect(await readSheet((await get('ExportgetRvrList', b.token)).rawPayload)).toHaveLength(1);
    expect(await readSheet((await get(`ExportgetRvrList?rid=${cleanWorker}`, b.token)).rawPayload)).toHaveLength(1);
    expect(await readSheet((await get(`ExportRvOdList?startDate=${inDays(0)}&endDate=${inDays(0)}`, b.token)).rawPayload)).toEqual([
      ['Supplier company', 'Total', inDays(0)],
      ['Total', '0', '0'],
    ]);
  });

  it('downloadResidentAllFile: every file of the worker in a zip, names kept (a repeat numbered), bytes intact', async () => {
    const rid = String(cleanWorker);
    const png = Buffer.concat([PNG_HEAD, randomBytes(64)]);
    const other = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(5000)]);
    // The png is sniffed by its signature only: a real image is not needed to store it.
    const stored = [
      await t.upload('UploadLaborFile', { name: 'contract.pdf', bytes: PDF }, { rid }, sc),
      await t.upload('UploadResidentFile', { name: 'contract.pdf', bytes: other }, { rid, kind: 'other' }, sc),
      await t.upload('UploadResidentFile', { name: 'cert.png', bytes: png }, { rid, kind: 'certificate', expiresOn: inDays(90) }, a.token),
    ];
    expect(stored.map((s) => s.status)).toEqual([0, 0, 0]);
    const res = await get(`downloadResidentAllFile?rid=${rid}`, sc);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('沈通行-files.zip');
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toEqual(['contract.pdf', 'contract (2).pdf', 'cert.png']);
    expect(Buffer.compare(Buffer.from(entries['contract.pdf'] ?? []), PDF)).toBe(0);
    expect(Buffer.compare(Buffer.from(entries['contract (2).pdf'] ?? []), other)).toBe(0);
    expect(Buffer.compare(Buffer.from(entries['cert.png'] ?? []), png)).toBe(0);
    // HSE and the administrator reach every worker; the same archive.
    expect(Object.keys(unzipSync(new Uint8Array((await get(`downloadResidentAllFile?rid=${rid}`, hse)).rawPayload)))).toHaveLength(3);
    // A worker without files: an empty archive.
    expect(Object.keys(unzipSync(new Uint8Array((await get(`downloadResidentAllFile?rid=${buildWorker}`, a.token)).rawPayload)))).toEqual([]);
  });

  it('downloadResidentAllFile: 28, 610 for a desk, another supplier’s or company’s worker 602, bad rid 400', async () => {
    expect((await envelope(`downloadResidentAllFile?rid=${cleanWorker}`)).status).toBe(Status.TOKEN_MISSING);
    expect((await envelope(`downloadResidentAllFile?rid=${cleanWorker}`, desk)).status).toBe(Status.NO_PERMISSION);
    expect((await envelope(`downloadResidentAllFile?rid=${buildWorker}`, sc)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await envelope(`downloadResidentAllFile?rid=${cleanWorker}`, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect(await envelope('downloadResidentAllFile?rid=abc', a.token)).toMatchObject({
      status: Status.BAD_PARAMS,
      result: { errors: [{ field: 'rid' }] },
    });
  });
});
