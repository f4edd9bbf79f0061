import { DEFAULT_RETENTION, LogModule, RETENTION_KINDS, Role, Status } from '@openvisit/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { examPapers, fileDeletions, mails, operationLogs, passRecords, retentionSweeps, visitorTypes, visits } from '../../db/schema/index.js';
import { dayOf } from '../../platform/formats/days.js';
import { writeLog } from '../../platform/http/audit.js';
import { jobContext } from '../../platform/http/calls.js';
import { systemScope } from '../../platform/identity/tenancy.js';
import { sweepCompany } from './privacy.sweep.js';

const DAY = 86_400_000;
/** The day the visits of this file ended; the sweeps run at days counted from it (the sweep's clock is handed in). */
const ENDED = new Date('2026-03-02T10:00:00Z');
const at = (days: number) => new Date(ENDED.getTime() + days * DAY + 60_000);

describe('retention rules and the sweep (getRetentionRules, updateRetentionRules, runRetentionSweep)', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let guests: number;
  let contractors: number;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    const types = await t.db
      .insert(visitorTypes)
      .values([
        { companyId: a.id, nameZh: '访客', nameEn: 'Guests' },
        { companyId: a.id, nameZh: '承包商', nameEn: 'Contractors' },
      ])
      .returning();
    guests = types[0]?.id ?? 0;
    contractors = types[1]?.id ?? 0;
  });
  afterAll(() => t.close());

  const sweep = (company: Tenant, now: Date) =>
    sweepCompany(
      jobContext({ system: systemScope(t.db), config: t.config, services: t.services, log: t.app.log }, company.id, {
        job: 'test',
        account: 'retention',
        name: 'Retention sweep',
      }),
      'daily',
      now,
    );

  /** A visit that ended at ENDED with every kind of data, its files really stored, and what refers to it elsewhere. */
  async function fullVisit(company: Tenant, tid: number, name: string) {
    const key = (what: string) => `visits/${company.id}/${name}-${what}`;
    for (const what of ['photo.jpg', 'sign.png', 'agreement.pdf', 'snapshot.jpg'])
      await t.services.files.put(key(what), Buffer.from(`${name} ${what}`));
    const [v] = await t.db
      .insert(visits)
      .values({
        companyId: company.id,
        kind: 'walkin',
        status: 'signedOut',
        name,
        phone: '+8613912345678',
        email: `${name}@example.com`,
        company: 'Visiting Co',
        idNumber: '110101199003077777',
        photo: key('photo.jpg'),
        signature: key('sign.png'),
        pdf: key('agreement.pdf'),
        tid,
        extend: { badge: 'B-17' },
        followers: [{ name: 'Companion', phone: '+8613900000001' }],
        plateNum: '粤B12345',
        visitAt: new Date(ENDED.getTime() - 3_600_000),
        signOutAt: ENDED,
      })
      .returning();
    const vid = v?.id ?? 0;
    await t.db.insert(passRecords).values({
      companyId: company.id,
      at: ENDED,
      visitId: vid,
      personType: 2,
      name,
      phone: '+8613912345678',
      result: 1,
      photo: key('snapshot.jpg'),
    });
    await t.db
      .insert(mails)
      .values({ companyId: company.id, to: `${name}@example.com`, subject: `Welcome ${name}`, text: name, html: '', state: 'sent', visitId: vid });
    await t.db.insert(examPapers).values({
      companyId: company.id,
      title: 'Safety',
      version: 1,
      tokenHash: `${name}-paper`,
      name,
      phone: '+8613912345678',
      visitId: vid,
      source: 'kiosk',
      lang: 'en',
      questions: [],
      deadline: ENDED,
      fullScore: 100,
      passScore: 60,
      validityDays: 0,
      answerFrom: ENDED,
    });
    await writeLog(
      t.db,
      t.services.secrets,
      { companyId: company.id, account: 'desk', name: 'Desk', role: Role.GATE },
      { module: LogModule.VISITOR, event: 'update', objId: vid, objName: name },
      '10.0.0.1',
    );
    return { vid, key };
  }
  const visit = async (vid: number) => (await t.db.select().from(visits).where(eq(visits.id, vid)))[0];
  const stored = async (key: string) => (await t.services.files.read(key)) !== undefined;

  it('shows the installation defaults until the administrator changes them, and checks every rule', async () => {
    const r = await t.api.getRetentionRules({}, a.token);
    expect(r.result).toMatchObject({ company: DEFAULT_RETENTION, isDefault: true, types: [], sweeps: [] });
    const month = Object.fromEntries(RETENTION_KINDS.map((k) => [k, 30]));
    const longer = await t.api.updateRetentionRules({ rules: { ...month, visitRecord: 100, photo: 120 } }, a.token);
    expect(longer.status).toBe(Status.BAD_PARAMS);
    expect(longer.result).toEqual({ errors: [{ field: 'rules.photo', rule: 'longerThanRecord' }] });
    const missing = await t.api.updateRetentionRules({ rules: { visitRecord: 100 } }, a.token);
    expect(missing.result).toMatchObject({ errors: expect.arrayContaining([{ field: 'rules.photo', rule: 'required' }]) });
    // Without the record's days, the other kinds are only checked for range: nothing to compare them with.
    const noRecord = await t.api.updateRetentionRules({ rules: { photo: 400 } }, a.token);
    expect((noRecord.result as unknown as { errors: { field: string; rule: string }[] }).errors).toEqual(
      RETENTION_KINDS.filter((k) => k !== 'photo').map((k) => ({ field: `rules.${k}`, rule: 'required' })),
    );
    expect((await t.api.updateRetentionRules({ rules: { photo: 3651 } }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.api.updateRetentionRules({ tid: 999_999, rules: { photo: 3 } }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    // Another company's visitor type is not ours to set.
    const [theirs] = await t.db.insert(visitorTypes).values({ companyId: b.id, nameZh: '乙', nameEn: 'B type' }).returning();
    expect((await t.api.updateRetentionRules({ tid: theirs?.id ?? 0, rules: { photo: 3 } }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    const sub = await seedStaff(t, a.id, Role.SUBADMIN);
    expect((await t.api.getRetentionRules({}, sub.token)).status).toBe(0);
    expect((await t.api.updateRetentionRules({ rules: DEFAULT_RETENTION }, sub.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('removes each kind on its own day after the visit ended, files included, and anonymises the record last', async () => {
    const rules = {
      visitRecord: 60,
      photo: 10,
      faceTemplate: 0,
      signature: 50,
      idNumber: 20,
      contact: 30,
      customFields: 30,
      passRecords: 40,
      agreementPdf: 50,
      deliveryRecords: 40,
    };
    expect((await t.api.updateRetentionRules({ rules }, a.token)).status).toBe(0);
    // Contractors' photos go after 3 days; a type's rule of another kind follows the company's.
    const typed = await t.api.updateRetentionRules({ tid: contractors, rules: { photo: 3 } }, a.token);
    expect(typed.result.types).toEqual([{ tid: contractors, overrides: { photo: 3 } }]);
    const g = await fullVisit(a, guests, 'GuestZhao');
    const c = await fullVisit(a, contractors, 'ContractorQian');
    const onSite = (
      await t.db
        .insert(visits)
        .values({ companyId: a.id, kind: 'walkin', status: 'signedIn', name: 'StillHere', photo: 'x', visitAt: ENDED })
        .returning()
    )[0];
    const other = await fullVisit(b, 0, 'OtherCompanySun');

    await sweep(a, at(5));
    expect(await stored(c.key('photo.jpg'))).toBe(false);
    expect((await visit(c.vid))?.photo).toBe('');
    expect(await stored(g.key('photo.jpg'))).toBe(true);

    await sweep(a, at(11));
    expect((await visit(g.vid))?.photo).toBe('');
    expect(await stored(g.key('photo.jpg'))).toBe(false);
    expect((await visit(g.vid))?.idNumber).toBe('110101199003077777');

    await sweep(a, at(21));
    expect((await visit(g.vid))?.idNumber).toBe('');
    expect((await visit(g.vid))?.phone).toBe('+8613912345678');

    await sweep(a, at(31));
    expect(await visit(g.vid)).toMatchObject({ phone: '', email: '', extend: {}, followers: [{ name: 'Companion', phone: '' }] });
    const [pass] = await t.db.select().from(passRecords).where(eq(passRecords.visitId, g.vid));
    expect(pass?.name).toBe('GuestZhao');

    await sweep(a, at(41));
    expect((await t.db.select().from(passRecords).where(eq(passRecords.visitId, g.vid)))[0]).toMatchObject({
      name: '',
      phone: '',
      photo: '',
      result: 1,
    });
    expect(await stored(g.key('snapshot.jpg'))).toBe(false);
    expect((await t.db.select().from(mails).where(eq(mails.visitId, g.vid)))[0]).toMatchObject({ to: '', subject: '', text: '', state: 'sent' });

    await sweep(a, at(51));
    expect(await visit(g.vid)).toMatchObject({ signature: '', pdf: '', name: 'GuestZhao' });
    expect(await stored(g.key('agreement.pdf'))).toBe(false);
    // The agreement is not built again from what is left.
    const pdfDay = dayOf(new Date(ENDED.getTime() - 3_600_000));
    const pdf = await t.app.inject({ method: 'GET', url: `/pdf/${pdfDay}_${g.vid}.pdf`, headers: { 'x-coolvisit-token': a.token } });
    expect(pdf.json()).toMatchObject({ status: Status.INVALID_VISITOR });

    const before = (await t.api.getRetentionRules({}, a.token)).result.sweeps.length;
    await sweep(a, at(61));
    const gone = await visit(g.vid);
    expect(gone).toMatchObject({ name: '', company: '', plateNum: '', followers: [], status: 'signedOut' });
    expect(gone?.purged).toHaveLength(10);
    expect((await t.db.select().from(examPapers).where(eq(examPapers.visitId, g.vid)))[0]).toMatchObject({ name: '', phone: '' });
    const logs = await t.db.select().from(operationLogs).where(eq(operationLogs.companyId, a.id));
    expect(logs.filter((l) => l.objName === 'GuestZhao')).toEqual([]);
    expect(logs.find((l) => l.descKey === 'retentionSwept')?.optDesc).toMatch(/data of \d+ visits removed/);
    expect((await t.api.verifyLogChain({}, a.token)).result.firstBroken).toBeNull();

    // Still on site: never swept. Another company: untouched by this company's sweep.
    expect((await visit(onSite?.id ?? 0))?.name).toBe('StillHere');
    expect(await visit(other.vid)).toMatchObject({ name: 'OtherCompanySun', photo: other.key('photo.jpg') });
    expect(await stored(other.key('photo.jpg'))).toBe(true);

    // Each sweep's report, newest first: the counts add up per kind.
    const reports = (await t.api.getRetentionRules({}, a.token)).result.sweeps;
    expect(reports.length).toBe(before + 1);
    expect(reports[0]).toMatchObject({ trigger: 'daily', removed: { visitRecord: 2 } });
    expect(reports.every((s) => s.finishedAt !== null)).toBe(true);
  });

  it('finishes the work of a run a kill interrupted: its queued files and its report', async () => {
    const c = await twoTenants(t, ['Gamma', 'Delta']);
    const key = `visits/${c.a.id}/left-behind.jpg`;
    await t.services.files.put(key, Buffer.from('left'));
    // As a kill leaves it: the rows forgot the file and committed, the process died before removing it.
    await t.db.insert(fileDeletions).values({ companyId: c.a.id, key });
    const [left] = await t.db
      .insert(retentionSweeps)
      .values({ companyId: c.a.id, trigger: 'daily', startedAt: at(0), removed: { photo: 4 }, files: 4 })
      .returning();
    const report = await sweep(c.a, at(1));
    expect(report.id).toBe(left?.id);
    expect(report.finishedAt).not.toBeNull();
    expect(report.removed.photo).toBe(4);
    expect(await stored(key)).toBe(false);
    expect(
      await t.db
        .select()
        .from(fileDeletions)
        .where(inArray(fileDeletions.companyId, [c.a.id])),
    ).toEqual([]);
  });

  it('runs now for an administrator, who sees the report', async () => {
    const c = await twoTenants(t, ['Epsilon', 'Zeta']);
    const r = await t.api.runRetentionSweep({}, c.a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({ trigger: 'manual', removed: { visitRecord: 0, photo: 0 }, files: 0 });
    expect(r.result.finishedAt).not.toBeNull();
    const sub = await seedStaff(t, c.a.id, Role.SUBADMIN);
    expect((await t.api.runRetentionSweep({}, sub.token)).status).toBe(Status.NO_PERMISSION);
  });
});
