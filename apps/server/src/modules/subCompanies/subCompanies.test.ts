import { Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { mails, subAccounts, visits } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };
type Records = { records: { id: number; employees: number; visits: number; invitations: number }[] };

function linkToken(text: string): string {
  const m = text.match(/\/reset\?token=([A-Za-z0-9_-]+)/);
  if (!m?.[1]) throw new Error(`no reset link in mail:\n${text}`);
  return m[1];
}

const png = (w: number, h: number) =>
  sharp({ create: { width: w, height: h, channels: 4, background: '#3366ff' } })
    .png()
    .toBuffer();

describe('sub-companies', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let gate: number;
  let group: number;
  let bGate: number;
  let bGroup: number;
  let n = 0;
  const fields = (over: Record<string, unknown> = {}) => {
    n++;
    return { companyName: `Tenant ${n}`, shortName: `T${n}`, email: `tenant${n}@example.com`, password: PASSWORD, ...over };
  };
  const add = async (over: Record<string, unknown> = {}, token = a.token) => {
    const r = await t.api.addSubAccount(fields(over) as never, token);
    if (r.status !== 0) throw new Error(`add failed: ${r.status} ${r.reason}`);
    return r.result;
  };
  const signIn = async (email: string, password = PASSWORD) => t.api.subAccountLogin({ email, password });

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    gate = (await t.api.addGate({ gname: 'North' }, a.token)).result.gid;
    group = (await t.api.addEquipmentGroup({ egname: 'Floor 3 doors' }, a.token)).result.egid;
    bGate = (await t.api.addGate({ gname: 'B gate' }, b.token)).result.gid;
    bGroup = (await t.api.addEquipmentGroup({ egname: 'B doors' }, b.token)).result.egid;
  });
  afterAll(() => t.close());

  it('creates a sub-company with every field; it signs in with its email and reads itself', async () => {
    const r = await t.api.addSubAccount(
      {
        companyName: 'Starlight Ltd',
        shortName: 'STAR',
        contactName: 'Li Lei',
        email: 'Front@Star.example',
        phone: '13800138001',
        floor: '12F',
        roomNumbers: ['1201', '1202'],
        gids: [gate],
        egids: [group],
        vaPerm: 5,
        adminType: 1,
        modules: ['visitors', 'employees', 'sub-companies'],
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        password: PASSWORD,
      },
      a.token,
    );
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({
      companyName: 'Starlight Ltd',
      shortName: 'STAR',
      floor: '12F',
      roomNumbers: ['1201', '1202'],
      gids: [gate],
      egids: [group],
      vaPerm: 5,
      adminType: 1,
      modules: ['visitors', 'employees', 'sub-companies'],
      isUse: 1,
      expired: false,
      archivedAt: null,
    });
    const login = await signIn('front@star.example');
    expect(login.status).toBe(0);
    expect(login.result).toMatchObject({ subaccountId: r.result.id, adminType: 1, modules: ['visitors', 'employees', 'sub-companies'] });
    // A module-driven sub-company reads itself through this module's grant (the server refuses it 610 without).
    const own = await t.api.getSubAccountById({}, login.result.token);
    expect(own.result).toMatchObject({ id: r.result.id, vaPerm: 5 });
    // Another sub-company's id: 610; the picker holds only itself.
    const other = await add();
    expect((await t.api.getSubAccountById({ id: other.id }, login.result.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getSubAccountByUserid({}, login.result.token)).result.map((s) => s.id)).toEqual([r.result.id]);
    // The head office and the desk see both.
    const desk = (await seedStaff(t, a.id, 2)).token;
    const ids = (await t.api.getSubAccountByUserid({}, desk)).result.map((s) => s.id);
    expect(ids).toEqual(expect.arrayContaining([r.result.id, other.id]));
  });

  it('refuses by field: a name (46), an email (4) or a short name (3) taken in any case, a short name over 6, foreign gates, an unknown module', async () => {
    const first = await add({ companyName: 'Unique Co', shortName: 'UNQ', email: 'unique@example.com' });
    const dup = async (over: Record<string, unknown>) => t.call<Errors>('addSubAccount', fields(over), a.token);
    const name = await dup({ companyName: 'UNIQUE co' });
    expect(name.status).toBe(Status.COMPANY_NAME_TAKEN);
    expect(name.result.errors[0]?.field).toBe('companyName');
    expect((await dup({ email: 'UNIQUE@example.com' })).status).toBe(Status.EMAIL_TAKEN);
    const short = await dup({ shortName: 'unq' });
    expect(short.status).toBe(Status.ALREADY_EXISTS);
    expect(short.result.errors[0]?.field).toBe('shortName');
    const long = await dup({ shortName: 'SEVENCH' });
    expect(long.status).toBe(Status.BAD_PARAMS);
    expect(long.result.errors[0]?.field).toBe('shortName');
    const gates = await dup({ gids: [gate, bGate] });
    expect(gates.status).toBe(Status.BAD_PARAMS);
    expect(gates.result.errors).toEqual([{ field: 'gids.1', rule: 'notFound' }]);
    expect((await dup({ egids: [bGroup] })).result.errors).toEqual([{ field: 'egids.0', rule: 'notFound' }]);
    const modules = await dup({ modules: ['visitors', 'nonsense'] });
    expect(modules.status).toBe(Status.BAD_PARAMS);
    expect(modules.result.errors[0]?.field).toMatch(/^modules/);
    expect((await dup({ adminType: 2 })).status).toBe(Status.BAD_PARAMS);
    expect((await dup({ startDate: '2030-01-02', endDate: '2030-01-01' })).result.errors[0]?.field).toBe('endDate');
    // The same names in another head company are free: tenants of different buildings do not collide.
    expect(
      (await t.api.addSubAccount({ ...fields(), companyName: 'Unique Co', shortName: 'UNQ', email: 'unique@example.com' }, b.token)).status,
    ).toBe(0);
    // Updating to another's name is refused too; to its own name in another case is fine.
    const second = await add();
    expect((await t.api.updateSubAccount({ id: second.id, companyName: 'unique CO' }, a.token)).status).toBe(Status.COMPANY_NAME_TAKEN);
    expect((await t.api.updateSubAccount({ id: first.id, companyName: 'UNIQUE CO' }, a.token)).result.companyName).toBe('UNIQUE CO');
    // Nothing half-written.
    expect((await t.db.select().from(subAccounts).where(eq(subAccounts.companyId, a.id))).filter((s) => /unique/i.test(s.companyName))).toHaveLength(
      1,
    );
  });

  it('updates only what is given; stopping it ends its sessions and refuses sign-in; outside its validity too (42)', async () => {
    const sub = await add();
    const token = (await signIn(sub.email)).result.token;
    const upd = await t.api.updateSubAccount({ id: sub.id, floor: '7F', vaPerm: 1, gids: [gate] }, a.token);
    expect(upd.result).toMatchObject({ floor: '7F', vaPerm: 1, gids: [gate], companyName: sub.companyName });
    // What is not named stays: an update of one field changes only it.
    expect((await t.api.updateSubAccount({ id: sub.id, phone: '13800138002' }, a.token)).result).toMatchObject({
      floor: '7F',
      vaPerm: 1,
      gids: [gate],
      phone: '13800138002',
    });
    expect((await t.api.getSubAccountById({}, token)).status).toBe(0);
    expect((await t.api.updateSubAccount({ id: sub.id, isUse: 0 }, a.token)).result.isUse).toBe(0);
    expect((await t.api.getSubAccountById({}, token)).status).toBe(Status.TOKEN_INVALID);
    expect((await signIn(sub.email)).status).toBe(Status.ACCOUNT_DISABLED);
    await t.api.updateSubAccount({ id: sub.id, isUse: 1, endDate: '2020-01-31', startDate: '2020-01-01' }, a.token);
    expect((await signIn(sub.email)).status).toBe(Status.ACCOUNT_EXPIRED);
    expect((await t.api.getSubAccountById({ id: sub.id }, a.token)).result.expired).toBe(true);
    await t.api.updateSubAccount({ id: sub.id, startDate: '2099-01-01', endDate: null }, a.token);
    expect((await signIn(sub.email)).status).toBe(Status.ACCOUNT_EXPIRED);
    await t.api.updateSubAccount({ id: sub.id, startDate: null }, a.token);
    expect((await signIn(sub.email)).status).toBe(0);
    // An end before the stored start is refused on the field.
    await t.api.updateSubAccount({ id: sub.id, startDate: '2030-01-10' }, a.token);
    expect((await t.call<Errors>('updateSubAccount', { id: sub.id, endDate: '2030-01-01' }, a.token)).result.errors[0]?.field).toBe('endDate');
  });

  it('another company’s ids are not found, and roles other than the head office’s are refused', async () => {
    const bSub = (await t.api.addSubAccount(fields(), b.token)).result;
    expect((await t.api.getSubAccountById({ id: bSub.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.updateSubAccount({ id: bSub.id, floor: 'x' }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delSubAccount({ id: bSub.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.resetSubAccountPwd({ id: bSub.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.GetSubAccountManager({ id: bSub.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getSubAccountPageByUserid({}, a.token)).result.list.some((s) => s.id === bSub.id)).toBe(false);
    expect((await t.api.addSubAccount(fields(), undefined as never)).status).toBe(Status.TOKEN_MISSING);
    const desk = (await seedStaff(t, a.id, 2)).token;
    expect((await t.api.addSubAccount(fields(), desk)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getSubAccountPageByUserid({}, desk)).status).toBe(Status.NO_PERMISSION);
    const sub = await add();
    const subToken = (await signIn(sub.email)).result.token;
    expect((await t.api.updateSubAccount({ id: sub.id, vaPerm: 7 }, subToken)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.delSubAccount({ id: sub.id }, subToken)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.batchDelSubAccount({ ids: [sub.id, bSub.id] }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getSubAccountById({ id: sub.id }, a.token)).status).toBe(0);
  });

  it('pages with search by name or floor and a status filter', async () => {
    const c1 = await add({ companyName: 'Pager Alpha', floor: '30F' });
    const c2 = await add({ companyName: 'Pager Beta', floor: '31F' });
    await t.api.updateSubAccount({ id: c2.id, isUse: 0 }, a.token);
    const byName = await t.api.getSubAccountPageByUserid({ name: 'pager' }, a.token);
    expect(byName.result.list.map((s) => s.id).sort()).toEqual([c1.id, c2.id].sort());
    expect((await t.api.getSubAccountPageByUserid({ name: '31F' }, a.token)).result.list.map((s) => s.id)).toEqual([c2.id]);
    expect((await t.api.getSubAccountPageByUserid({ name: 'pager', status: 0 }, a.token)).result.list.map((s) => s.id)).toEqual([c2.id]);
    expect((await t.api.getSubAccountPageByUserid({ name: 'pager', status: 1 }, a.token)).result.list.map((s) => s.id)).toEqual([c1.id]);
    const paged = await t.api.getSubAccountPageByUserid({ name: 'pager', startIndex: 1, requestedCount: 1 }, a.token);
    expect(paged.result).toMatchObject({ pageNo: 2, pageSize: 1, count: 2 });
    // The pickers leave out what is stopped when asked.
    const inUse = (await t.api.getSubAccountByUserid({ inUse: true }, a.token)).result.map((s) => s.id);
    expect(inUse).toContain(c1.id);
    expect(inUse).not.toContain(c2.id);
  });

  it('refuses to delete a sub-company with people or visits on record, with the counts; archives it on request', async () => {
    const busy = await add();
    const empty = await add();
    const emp = await seedEmployee(t, a.id);
    expect((await t.api.updateEmpSubAccount({ empids: [emp.id], subaccountId: busy.id }, a.token)).status).toBe(0);
    await t.db.insert(visits).values([
      { companyId: a.id, subAccountId: busy.id, kind: 'walkin', status: 'signedOut', name: 'V1' },
      { companyId: a.id, subAccountId: busy.id, kind: 'invite', status: 'sent', name: 'V2' },
      { companyId: a.id, subAccountId: busy.id, kind: 'appointment', status: 'sent', name: 'V3' },
    ]);
    const refused = await t.call<Records>('delSubAccount', { id: busy.id }, a.token);
    expect(refused.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(refused.result.records).toEqual([{ id: busy.id, employees: 1, visits: 1, invitations: 2 }]);
    // A batch with one busy sub-company changes nothing.
    const batch = await t.call<Records>('batchDelSubAccount', { ids: [empty.id, busy.id] }, a.token);
    expect(batch.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(batch.result.records.map((r) => r.id)).toEqual([busy.id]);
    expect((await t.api.getSubAccountById({ id: empty.id }, a.token)).status).toBe(0);
    // Archive: the busy one is stopped and archived, records kept; the empty one is deleted.
    const done = await t.api.batchDelSubAccount({ ids: [empty.id, busy.id], archive: true }, a.token);
    expect(done.result).toEqual({ deleted: 1, archived: 1 });
    expect((await t.api.getSubAccountById({ id: empty.id }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const archived = (await t.api.getSubAccountById({ id: busy.id }, a.token)).result;
    expect(archived).toMatchObject({ isUse: 0 });
    expect(archived.archivedAt).toBeGreaterThan(0);
    expect((await t.db.select().from(visits).where(eq(visits.subAccountId, busy.id))).length).toBe(3);
    expect((await signIn(busy.email)).status).toBe(Status.ACCOUNT_DISABLED);
    expect((await t.api.getSubAccountPageByUserid({ status: 2 }, a.token)).result.list.map((s) => s.id)).toContain(busy.id);
    expect((await t.api.getSubAccountByUserid({}, a.token)).result.map((s) => s.id)).not.toContain(busy.id);
    expect((await t.api.updateSubAccount({ id: busy.id, floor: '1F' }, a.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    // One without records goes at once.
    const lone = await add();
    expect((await t.api.delSubAccount({ id: lone.id }, a.token)).result).toEqual({ deleted: 1, archived: 0 });
  });

  it('created without a password, it is mailed a link to set one; the head office mails a reset link the same way', async () => {
    const { password: _p, ...noPassword } = fields({ email: 'welcome@tenant.example' });
    const created = await t.api.addSubAccount(noPassword as never, a.token);
    expect(created.status).toBe(0);
    const [welcome] = await t.db.select().from(mails).where(eq(mails.to, 'welcome@tenant.example'));
    expect(welcome?.subject).toMatch(/sub-company|入驻企业/);
    const token = linkToken(t.services.outbox.opened(welcome?.text ?? ''));
    expect(await t.api.ModifyPassword({ token, password: 'Welcome-2026' })).toMatchObject({ status: 0, result: { account: 'sub' } });
    expect((await signIn('welcome@tenant.example', 'Welcome-2026')).status).toBe(0);

    expect((await t.api.resetSubAccountPwd({ id: created.result.id }, a.token)).status).toBe(0);
    const sent = await t.db.select().from(mails).where(eq(mails.to, 'welcome@tenant.example'));
    expect(sent).toHaveLength(2);
    const reset = linkToken(t.services.outbox.opened(sent[1]?.text ?? ''));
    expect((await t.api.ModifyPassword({ token: reset, password: 'Welcome-2026' })).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.ModifyPassword({ token: reset, password: 'Reset-new-2026' })).result).toEqual({ account: 'sub' });
    expect((await signIn('welcome@tenant.example', 'Welcome-2026')).status).not.toBe(0);
    expect((await signIn('welcome@tenant.example', 'Reset-new-2026')).status).toBe(0);
  });

  it('the sub-company changes its own password with the old one (updateSubAccountPwd); nobody else may call it', async () => {
    const sub = await add();
    const token = (await signIn(sub.email)).result.token;
    expect((await t.api.updateSubAccountPwd({ oldPassword: 'wrong-Pass1', password: 'Own-new-2026' }, token)).status).toBe(Status.INVALID_PASSWORD);
    expect((await t.call<Errors>('updateSubAccountPwd', { oldPassword: PASSWORD, password: PASSWORD }, token)).result.errors[0]?.rule).toBe(
      'sameAsOld',
    );
    expect((await t.api.updateSubAccountPwd({ oldPassword: PASSWORD, password: 'Own-new-2026' }, token)).status).toBe(0);
    expect((await signIn(sub.email, 'Own-new-2026')).status).toBe(0);
    expect((await t.api.updateSubAccountPwd({ oldPassword: PASSWORD, password: 'Own-new-2027' }, a.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('templates: saved by name (replacing the same name), listed, deleted; foreign gates refused', async () => {
    const saved = await t.api.addSubAccountTemp(
      { name: 'Office floor', floor: '9F', gids: [gate], egids: [group], vaPerm: 3, modules: ['visitors'], adminType: 1 },
      a.token,
    );
    expect(saved.result).toMatchObject({ name: 'Office floor', floor: '9F', gids: [gate], egids: [group], modules: ['visitors'], adminType: 1 });
    const again = await t.api.addSubAccountTemp({ name: 'OFFICE FLOOR', floor: '10F' }, a.token);
    expect(again.result.id).toBe(saved.result.id);
    expect(again.result.floor).toBe('10F');
    expect((await t.api.getSubAccountTemp({}, a.token)).result.map((x) => x.name)).toEqual(['OFFICE FLOOR']);
    expect((await t.api.getSubAccountTemp({}, b.token)).result).toEqual([]);
    expect((await t.call<Errors>('addSubAccountTemp', { name: 'x', gids: [bGate] }, a.token)).result.errors[0]?.field).toBe('gids.0');
    expect((await t.api.delSubAccountTemp({ id: saved.result.id }, b.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.delSubAccountTemp({ id: saved.result.id }, a.token)).status).toBe(0);
    expect((await t.api.getSubAccountTemp({}, a.token)).result).toEqual([]);
  });

  it('managers are its own employees; the sub-company reads and sets its own', async () => {
    const sub = await add();
    const mine = await seedEmployee(t, a.id);
    const headOffice = await seedEmployee(t, a.id);
    await t.api.updateEmpSubAccount({ empids: [mine.id], subaccountId: sub.id }, a.token);
    expect((await t.api.UpdateSubAccountManager({ id: sub.id, empids: [headOffice.id] }, a.token)).status).toBe(Status.EMPLOYEE_NOT_EXIST);
    const set = await t.api.UpdateSubAccountManager({ id: sub.id, empids: [mine.id] }, a.token);
    expect(set.result.map((m) => m.empid)).toEqual([mine.id]);
    const token = (await signIn(sub.email)).result.token;
    expect((await t.api.GetSubAccountManager({}, token)).result.map((m) => m.empid)).toEqual([mine.id]);
    expect((await t.api.UpdateSubAccountManager({ empids: [] }, token)).result).toEqual([]);
    // An employee moved out of the sub-company is no longer its manager.
    await t.api.UpdateSubAccountManager({ id: sub.id, empids: [mine.id] }, a.token);
    await t.api.updateEmpSubAccount({ empids: [mine.id], subaccountId: 0 }, a.token);
    expect((await t.api.GetSubAccountManager({ id: sub.id }, a.token)).result).toEqual([]);
  });

  it('a logo: one for a sub-company, or a zip named by short name or email with per-file results (619 for a non-zip)', async () => {
    const sub = await add({ shortName: 'LOGO1', email: 'logo1@example.com' });
    const other = await add({ shortName: 'LOGO2', email: 'logo2@example.com' });
    const one = await t.upload<{ logo: string }>(
      'updateSubAccountLogo',
      { name: 'logo.png', bytes: await png(400, 300) },
      { id: String(sub.id) },
      a.token,
    );
    expect(one.status).toBe(0);
    expect(one.result.logo).toMatch(/^subcom\//);
    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/SubAccountLogo?id=${sub.id}&key=${encodeURIComponent(one.result.logo)}`,
      headers: { 'x-coolvisit-token': a.token },
    });
    expect(shown.statusCode).toBe(200);
    expect(shown.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const tiny = await t.upload<Errors>('updateSubAccountLogo', { name: 'logo.png', bytes: await png(20, 20) }, { id: String(sub.id) }, a.token);
    expect(tiny.result.errors[0]).toEqual({ field: 'file', rule: 'imageTooSmall' });

    const zip = Buffer.from(
      zipSync({
        'logo1.png': new Uint8Array(await png(400, 300)),
        'LOGO2@EXAMPLE.COM.png': new Uint8Array(await png(400, 300)),
        'nobody.png': new Uint8Array(await png(400, 300)),
        'readme.txt': strToU8('hello'),
        'logo2.jpg': strToU8('not an image'),
      }),
    );
    const imported = await t.upload<{ saved: number; results: { file: string; outcome: string; id: number | null }[] }>(
      'importSubAccountLogo',
      { name: 'logos.zip', bytes: zip },
      {},
      a.token,
    );
    expect(imported.status).toBe(0);
    const outcome = Object.fromEntries(imported.result.results.map((r) => [r.file, r.outcome]));
    expect(outcome).toEqual({
      'logo1.png': 'saved',
      'LOGO2@EXAMPLE.COM.png': 'duplicate',
      'logo2.jpg': 'duplicate',
      'nobody.png': 'noSubAccount',
      'readme.txt': 'skipped',
    });
    expect(imported.result.saved).toBe(1);
    expect((await t.api.getSubAccountById({ id: other.id }, a.token)).result.logo).toBe('');
    expect((await t.upload('importSubAccountLogo', { name: 'logos.zip', bytes: await png(10, 10) }, {}, a.token)).status).toBe(Status.ONLY_ZIP);
    // Another company cannot see the logo.
    const key = (await t.api.getSubAccountById({ id: sub.id }, a.token)).result.logo;
    const foreign = await t.app.inject({
      method: 'GET',
      url: `/api/SubAccountLogo?id=${sub.id}&key=${encodeURIComponent(key)}`,
      headers: { 'x-coolvisit-token': b.token },
    });
    expect(foreign.json()).toMatchObject({ status: Status.NO_SUCH_RECORD });
  });

  it('multi-company mode: updateSASwitch sets the company setting subAccount', async () => {
    expect((await t.api.updateSASwitch({ subAccount: 1 }, a.token)).result).toEqual({ subAccount: 1 });
    expect((await t.api.GetUserInfo({}, a.token)).result.subAccount).toBe(1);
    expect((await t.api.GetUserInfo({}, b.token)).result.subAccount).toBe(0);
    expect((await t.api.updateSASwitch({ subAccount: 0 }, a.token)).status).toBe(0);
    expect((await t.api.GetUserInfo({}, a.token)).result.subAccount).toBe(0);
    expect((await t.call('updateSASwitch', { subAccount: 2 }, a.token)).status).toBe(Status.BAD_PARAMS);
  });
});
