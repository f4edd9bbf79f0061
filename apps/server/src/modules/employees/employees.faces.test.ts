import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Status } from '@openvisit/contract';
import { zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceFixture, facePhoto } from '../../../test/faces.js';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

interface Emp {
  empid: number;
  empNo: string;
  face: number | null;
  avatar: string;
}
type Errors = { errors: { field: string; rule: string }[] };
interface ZipResult {
  saved: number;
  failed: number;
  results: { file: string; empNo: string; outcome: string }[];
}

/** An image of random blocks (`block` px square), so that no encoder can squeeze it to nothing (and no face on it). */
function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'gif' = 'jpeg', block = 1): Promise<Buffer> {
  const [w, h] = [Math.ceil(width / block), Math.ceil(height / block)];
  return sharp(randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
    .resize(width, height, { kernel: 'nearest' })
    .toFormat(format, { quality: 100 })
    .toBuffer();
}

function storedFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)));
}

describe('face photos', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  const ids: Record<string, number> = {};
  let bEmp: number;
  const filesDir = () => path.join(t.config.dataDir, 'files');

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    for (const [no, phone] of [
      ['E001', '13900000001'],
      ['E002', '13900000002'],
      ['E003', '13900000003'],
      ['E004', '13900000004'],
      ['E005', '13900000005'],
    ] as const)
      ids[no] = (await t.api.addEmployee({ employee_name: `P ${no}`, phone, empNo: no }, a.token)).result.empid;
    bEmp = (await t.api.addEmployee({ employee_name: 'Other', phone: '13900000009', empNo: 'E001' }, b.token)).result.empid;
  });
  afterAll(() => t.close());

  it('no token 28; front desk 610; another company’s employee 55', async () => {
    const img = faceFixture('one-face');
    expect((await t.upload('uploadEmpFace', { name: 'a.jpg', bytes: img }, { empid: String(ids.E001) })).status).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.upload('uploadEmpFace', { name: 'a.jpg', bytes: img }, { empid: String(ids.E001) }, desk.token)).status).toBe(
      Status.NO_PERMISSION,
    );
    expect((await t.upload('uploadEmpFace', { name: 'a.jpg', bytes: img }, { empid: String(bEmp) }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    expect((await t.api.updateAllFace({}, desk.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('stores a photo, status -9 until synced; a large photo is scaled under 1 MB; readable back; replaced photo removed', async () => {
    const big = await facePhoto({ width: 2400, height: 3000, format: 'png' });
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const r = await t.upload<Emp>('uploadEmpFace', { name: 'big.png', bytes: big }, { empid: String(ids.E001) }, a.token);
    expect(r.status).toBe(0);
    expect(r.result.face).toBe(-9);
    expect(r.result.avatar).toMatch(/^faces\/\d+\/\d+-[0-9a-f]{12}\.jpg$/);
    const res = await t.app.inject({ method: 'GET', url: `/api/EmpFacePhoto?empid=${ids.E001}`, headers: { 'x-coolvisit-token': a.token } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/jpeg');
    expect(res.rawPayload.length).toBeLessThan(1024 * 1024);
    const meta = await sharp(res.rawPayload).metadata();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1280);
    expect(meta.width).toBeGreaterThanOrEqual(100);
    // Another company cannot read it.
    const other = await t.app.inject({ method: 'GET', url: `/api/EmpFacePhoto?empid=${ids.E001}`, headers: { 'x-coolvisit-token': b.token } });
    expect(other.headers['content-type']).toContain('application/json');
    expect(other.json().status).toBe(Status.EMPLOYEE_NOT_EXIST);

    const second = await t.upload<Emp>(
      'uploadEmpFace',
      { name: 'me.webp', bytes: await facePhoto({ width: 300, height: 375, format: 'webp' }) },
      { empid: String(ids.E001) },
      a.token,
    );
    expect(second.result.avatar).not.toBe(r.result.avatar);
    expect(storedFiles(filesDir())).toEqual([second.result.avatar]);
    // A gif, one of the spec's image types: its first frame, stored as the others are.
    const third = await t.upload<Emp>(
      'uploadEmpFace',
      { name: 'me.gif', bytes: await facePhoto({ width: 240, height: 300, format: 'gif' }) },
      { empid: String(ids.E001) },
      a.token,
    );
    expect(third.status, JSON.stringify(third.result)).toBe(0);
    expect(storedFiles(filesDir())).toEqual([third.result.avatar]);
  });

  it('refuses what is not a usable photo, with the reason, and changes nothing', async () => {
    const up = (name: string, bytes: Buffer) => t.upload<Errors>('uploadEmpFace', { name, bytes }, { empid: String(ids.E002) }, a.token);
    const small = await up('small.jpg', await photo(80, 120));
    expect(small.status).toBe(Status.BAD_PARAMS);
    expect(small.result.errors).toEqual([{ field: 'file', rule: 'imageTooSmall' }]);
    // A csv renamed .jpg, and a truncated jpeg.
    expect((await up('fake.jpg', Buffer.from('name,phone\n'))).result.errors).toEqual([{ field: 'file', rule: 'type' }]);
    const cut = (await photo(400, 400)).subarray(0, 600);
    expect((await up('cut.jpg', cut)).result.errors).toEqual([{ field: 'file', rule: 'type' }]);
    expect((await up('doc.pdf', Buffer.from('%PDF-1.4'))).status).toBe(Status.FILE_TYPE_ERROR);
    const emp = await t.api.getEmployeeByEmpNo({ empNo: 'E002' }, a.token);
    expect(emp.result).toMatchObject({ face: null, avatar: '' });
  });

  it('refuses a photo without exactly one face (face statuses 2 and 3), with the reason, and stores nothing', async () => {
    const before = storedFiles(filesDir());
    const up = (name: string, bytes: Buffer) => t.upload<Errors>('uploadEmpFace', { name, bytes }, { empid: String(ids.E002) }, a.token);
    const none = await up('room.jpg', faceFixture('no-face'));
    expect(none.status).toBe(Status.BAD_PARAMS);
    expect(none.result.errors).toEqual([{ field: 'file', rule: 'noFace' }]);
    expect((await up('us.jpg', faceFixture('two-faces'))).result.errors).toEqual([{ field: 'file', rule: 'multipleFaces' }]);
    // 8.8 MB of grey noise: within what is scaled down (the page says so), but no face.
    const noise = await sharp(randomBytes(1860 * 1860), { raw: { width: 1860, height: 1860, channels: 1 } })
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(8_500_000);
    expect((await up('noise.png', noise)).result.errors).toEqual([{ field: 'file', rule: 'noFace' }]);
    expect((await t.api.getEmployeeByEmpNo({ empNo: 'E002' }, a.token)).result).toMatchObject({ face: null, avatar: '' });
    expect(storedFiles(filesDir())).toEqual(before);
  });

  it('a zip named by work number: saves the good ones, reports each (faces too); path tricks and junk ignored', async () => {
    const zip = zipSync({
      'photos/E002.jpg': await facePhoto({ width: 200, height: 250, tint: 3 }),
      '../../E003.png': await facePhoto({ width: 160, height: 200, format: 'png' }),
      'E004.jpg': faceFixture('no-face'),
      'E005.jpg': faceFixture('two-faces'),
      'E999.jpg': await photo(200, 200),
      'E001.jpg': await photo(200, 200),
      'E001.png': await photo(200, 200, 'png'),
      'tiny/E002b.jpg': await photo(50, 50),
      'readme.txt': Buffer.from('hello'),
      '__MACOSX/._E002.jpg': Buffer.from('junk'),
    });
    const r = await t.upload<ZipResult>('uploadEmpFaceZip', { name: 'faces.zip', bytes: Buffer.from(zip) }, {}, a.token);
    expect(r.status).toBe(0);
    const outcome = Object.fromEntries(r.result.results.map((x) => [x.file, x.outcome]));
    expect(outcome).toEqual({
      'E002.jpg': 'saved',
      'E003.png': 'saved',
      'E004.jpg': 'noFace',
      'E005.jpg': 'multipleFaces',
      'E999.jpg': 'noEmployee',
      'E001.jpg': 'duplicate',
      'E001.png': 'duplicate',
      'E002b.jpg': 'noEmployee',
      'readme.txt': 'skipped',
    });
    expect(r.result.saved).toBe(2);
    // Every stored file sits under this company's folder.
    for (const f of storedFiles(filesDir())) expect(f).toMatch(new RegExp(`^faces/${a.id}/\\d+-[0-9a-f]{12}\\.jpg$`));
    // Beta's E001 is untouched.
    expect((await t.api.getEmployeeByEmpNo({ empNo: 'E001' }, b.token)).result.avatar).toBe('');
  });

  it('619 for anything but a zip; a zip bomb and a lying archive are refused and save nothing', async () => {
    expect((await t.upload('uploadEmpFaceZip', { name: 'faces.rar', bytes: Buffer.from('Rar!') }, {}, a.token)).status).toBe(Status.ONLY_ZIP);
    expect((await t.upload('uploadEmpFaceZip', { name: 'faces.zip', bytes: await photo(100, 100) }, {}, a.token)).status).toBe(Status.ONLY_ZIP);
    const before = storedFiles(filesDir());
    // 25 MB of zeros packs into a few KB.
    const bomb = zipSync({ 'E003.jpg': new Uint8Array(25 * 1024 * 1024) }, { level: 9 });
    expect(bomb.length).toBeLessThan(100_000);
    const r = await t.upload<Errors>('uploadEmpFaceZip', { name: 'bomb.zip', bytes: Buffer.from(bomb) }, {}, a.token);
    expect(r.status).toBe(Status.BAD_PARAMS);
    expect(r.result.errors).toEqual([{ field: 'file', rule: 'size' }]);
    // Headers claiming 100 bytes for a 25 MB entry: caught while inflating.
    const lying = Buffer.from(bomb);
    lying.writeUInt32LE(100, 22);
    const cd = lying.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02]));
    lying.writeUInt32LE(100, cd + 24);
    const l = await t.upload('uploadEmpFaceZip', { name: 'lying.zip', bytes: lying }, {}, a.token);
    expect([Status.ONLY_ZIP, Status.BAD_PARAMS]).toContain(l.status);
    expect(storedFiles(filesDir())).toEqual(before);
  });

  it('a body cut short in the middle of the archive answers 400 at once and stores nothing', async () => {
    const before = storedFiles(filesDir());
    const boundary = 'cutboundary';
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="faces.zip"\r\n\r\nPK\u0003\u0004junk`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploadEmpFaceZip',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'x-coolvisit-token': a.token },
    });
    expect(res.json()).toMatchObject({ status: Status.BAD_PARAMS, result: { errors: [{ field: 'file', rule: 'format' }] } });
    expect(storedFiles(filesDir())).toEqual(before);
  });

  it('updateAllFace queues every photo (status -9); abnormal employees are counted by kind', async () => {
    await t.db.execute(`UPDATE employees SET face = 0 WHERE company_id = ${a.id} AND avatar <> ''`);
    const q = await t.api.updateAllFace({}, a.token);
    expect(q.result.queued).toBe(3);
    expect((await t.api.updateAllFace({}, b.token)).result.queued).toBe(0);
    await t.db.execute(`UPDATE employees SET face = 2 WHERE id = ${ids.E002}`);
    await t.db.execute(`UPDATE employees SET face = 17 WHERE id = ${ids.E003}`);
    const ab = await t.api.getAbnormalEmployee({}, a.token);
    expect(ab.status).toBe(0);
    expect(ab.result.counts).toMatchObject({ noFace: 1, faceError: 1, notSynced: 1, duplicateNo: 0, noEmail: 5 });
    expect(ab.result.count).toBe(3);
    const kind = await t.api.getAbnormalEmployee({ kind: 'faceError' }, a.token);
    expect(kind.result.list.map((e) => e.empNo)).toEqual(['E003']);
  });

  it('deleting a photo removes the file and the status', async () => {
    const r = await t.call<Emp>('deleteEmpFace', { empid: ids.E002 }, a.token);
    expect(r.result).toMatchObject({ face: null, avatar: '' });
    expect(storedFiles(filesDir()).some((f) => f.includes(`/${ids.E002}-`))).toBe(false);
  });
});
