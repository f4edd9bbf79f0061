import { randomInt } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Role, Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faceDataUrl } from '../../../test/faces.js';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { seedBooking } from '../../../test/logistics.js';
import { selectRows } from '../../db/client.js';
import { examPapers, listedPeople, residentVisitors, visits } from '../../db/schema/index.js';

const DAY = 86_400_000;

/** A valid mainland ID number (GB 11643 check digit), unique enough to be searched for across the whole database. */
function idNumber(): string {
  const body = `110101${1970 + randomInt(30)}0${1 + randomInt(9)}1${randomInt(10)}${String(randomInt(1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (weights[i] ?? 0), 0);
  return body + '10X98765432'[sum % 11];
}
const letters = (n: number) => Array.from({ length: n }, () => 'bcdfghjklmnpqrstvwxz'[randomInt(20)]).join('');

/** A person whose every identifier occurs nowhere else, so a search for it after erasure finds only leftovers. */
function person(first: string) {
  const tag = letters(7);
  return {
    name: `${first} ${tag[0]?.toUpperCase()}${tag.slice(1)}`,
    phone: `139${String(randomInt(1e8)).padStart(8, '0')}`,
    email: `${first.toLowerCase()}.${tag}@example.org`,
    idNumber: idNumber(),
  };
}
type Person = ReturnType<typeof person>;

describe("a person's data (findPerson, exportPersonData, erasePerson)", () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: { token: string };
  let kiosk: { token: string };
  let host: number;
  let pid: number;
  const P = person('Quorra');
  const Q = person('Ilsabet');
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, Role.GATE);
    kiosk = await seedStaff(t, a.id, Role.MACHINE);
    host = (await t.api.addEmployee({ employee_name: 'Host Person', phone: '13800002222', email: 'host@example.com' }, a.token)).result.empid;
    pid = (
      await t.api.addProject(
        { pName: 'Plant works', leader: 'Lead', phone: '13800005555', startDate: Date.now() - DAY, endDate: Date.now() + 30 * DAY },
        a.token,
      )
    ).result.pid;
    await arrive(P);
    await arrive(Q);
    // Another company's visitor with the same phone and name: not ours to find or erase.
    const theirDesk = await seedStaff(t, b.id, Role.GATE);
    const theirHost = (await t.api.addEmployee({ employee_name: 'Their Host', phone: '13800003333' }, b.token)).result.empid;
    expect((await t.api.UpdatePhoto({ vname: P.name, vphone: P.phone, empid: theirHost }, theirDesk.token)).status).toBe(0);
  });
  afterAll(() => t.close());

  /** Everything a person leaves behind in company a, through the calls a desk, a kiosk and an administrator make. */
  async function arrive(p: Person) {
    const walkIn = await t.api.UpdatePhoto(
      {
        vname: p.name,
        vphone: p.phone,
        vemail: p.email,
        cardId: p.idNumber,
        empid: host,
        photo: await faceDataUrl(),
        visitReason: `Meeting ${p.name}`,
      },
      desk.token,
    );
    expect(walkIn.status).toBe(0);
    const vid = walkIn.result.vid;
    const sign = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#7a9' } })
      .png()
      .toBuffer();
    expect((await t.api.createPdfSign({ vid, signPic: `data:image/png;base64,${sign.toString('base64')}` }, kiosk.token)).status).toBe(0);
    expect((await t.api.VisitorSignOutByVid({ vid }, desk.token)).status).toBe(0);
    const invited = await t.api.addAppointment(
      { appointmentDate: Date.now() + 2 * DAY, empid: host, visitors: [{ name: p.name, phone: p.phone, email: p.email }] },
      a.token,
    );
    expect(invited.status).toBe(0);
    expect(
      (
        await t.api.addResidentVisitor(
          { pid, company: 'Clean Co', name: p.name, phone: p.phone, startDate: Date.now() - DAY, endDate: Date.now() + 9 * DAY },
          a.token,
        )
      ).status,
    ).toBe(0);
    await seedBooking(t, a.token, { dname: p.name, dmobile: p.phone, dcardId: p.idNumber });
    const listed = await t.api.addBlacklist({ name: p.name, credentialNo: p.idNumber, remark: 'Threatened the desk staff' }, a.token);
    expect(listed.status).toBe(0);
    // The entry's photo is the person's too: exported with them and erased with them.
    const still = await sharp({ create: { width: 160, height: 160, channels: 3, background: '#6d597a' } })
      .jpeg()
      .toBuffer();
    expect((await t.upload('uploadBlacklistPhoto', { name: 'still.jpg', bytes: still }, { bid: String(listed.result.bid) }, a.token)).status).toBe(0);
    await t.db.insert(examPapers).values({
      companyId: a.id,
      title: 'Safety',
      version: 1,
      tokenHash: `paper-${letters(12)}`,
      name: p.name,
      email: p.email,
      source: 'invitation',
      lang: 'en',
      questions: [],
      deadline: new Date(),
      fullScore: 100,
      passScore: 60,
      validityDays: 0,
      answerFrom: new Date(),
    });
    return vid;
  }

  const sources = (records: { source: string }[]) => records.map((r) => r.source).sort();

  it('finds everything held about the person from any one key, widened by the keys on their records', async () => {
    const byPhone = await t.api.findPerson({ phone: P.phone }, a.token);
    expect(byPhone.status).toBe(0);
    // The walk-in and the invitation; the resident, the booking, the blacklist entry (by ID number, found through the
    // walk-in's), the paper (by e-mail, found through the invitation's) and the invitation mail.
    expect(sources(byPhone.result.records)).toEqual(
      expect.arrayContaining(['blacklist', 'logistics', 'papers', 'residents', 'visits', 'visits', 'messages']),
    );
    expect(byPhone.result.keys).toEqual({ phones: [P.phone], emails: [P.email], idNumbers: [P.idNumber] });
    expect(byPhone.result.names).toEqual([P.name]);
    expect(byPhone.result.logEntries).toBeGreaterThan(0);
    const walkIn = byPhone.result.records.find((r) => r.source === 'visits' && r.fields.visitAt);
    expect(walkIn?.fields).toMatchObject({ name: P.name, phone: P.phone, email: P.email, idNumber: P.idNumber, host: 'Host Person' });
    expect(walkIn?.files).toBe(3);
    // From the ID number in lower case, or the e-mail in capitals: the same records.
    for (const key of [{ credentialNo: P.idNumber.toLowerCase() }, { email: P.email.toUpperCase() }]) {
      const r = await t.api.findPerson(key, a.token);
      expect(r.result.records.map((x) => `${x.source}:${x.id}`).sort()).toEqual(byPhone.result.records.map((x) => `${x.source}:${x.id}`).sort());
    }
    // Nobody else's record: not Q's, not company b's visitor with the same phone and name.
    expect(JSON.stringify(byPhone.result)).not.toContain(Q.name);
    const theirs = await t.api.findPerson({ phone: P.phone }, b.token);
    expect(sources(theirs.result.records)).toEqual(['visits']);
  });

  it('finds the people of a name to choose from, one per set of keys, whatever the case', async () => {
    const r = await t.api.findPerson({ name: P.name.toUpperCase() }, a.token);
    expect(r.status).toBe(0);
    expect(r.result.records).toEqual([]);
    expect(r.result.candidates).toHaveLength(1);
    expect(r.result.candidates?.[0]).toMatchObject({ name: P.name, phone: P.phone, email: P.email, idNumber: P.idNumber });
    expect([...(r.result.candidates?.[0]?.sources ?? [])].sort()).toEqual(['blacklist', 'logistics', 'papers', 'residents', 'visits']);
    // A part of a name is no name; another company's visitor of the same name is theirs.
    expect((await t.api.findPerson({ name: P.name.slice(0, 5) }, a.token)).result.candidates).toEqual([]);
    expect((await t.api.findPerson({ name: P.name }, b.token)).result.candidates).toEqual([
      { name: P.name, phone: P.phone, email: '', idNumber: '', sources: ['visits'] },
    ]);
    expect((await t.api.findPerson({ name: 'Quorra%' }, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('refuses a request that names nobody, two keys at once or a malformed one, and anyone but an administrator', async () => {
    const none = await t.api.findPerson({}, a.token);
    expect(none.status).toBe(Status.BAD_PARAMS);
    expect(none.result).toEqual({ errors: [{ field: 'phone', rule: 'required' }] });
    const two = await t.api.findPerson({ phone: P.phone, email: P.email }, a.token);
    expect(two.result).toEqual({ errors: [{ field: 'email', rule: 'oneOnly' }] });
    expect((await t.api.findPerson({ phone: '12345' }, a.token)).result).toEqual({ errors: [{ field: 'phone', rule: 'format' }] });
    expect((await t.api.findPerson({ credentialNo: "x' OR 1=1" }, a.token)).status).toBe(Status.BAD_PARAMS);
    const sub = await seedStaff(t, a.id, Role.SUBADMIN);
    expect((await t.api.findPerson({ phone: P.phone }, sub.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.erasePerson({ phone: P.phone, keepBlacklist: false }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.erasePerson({ phone: '13900000000', keepBlacklist: false }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
  });

  const download = (query: string, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/exportPersonData?${query}`, headers: { 'x-coolvisit-token': token } });

  it('exports it as a zip: a summary in the chosen language, the records field by field, their photos and PDFs', async () => {
    const found = (await t.api.findPerson({ phone: P.phone }, a.token)).result;
    const res = await download(`phone=${P.phone}&lang=zh`, a.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const summary = Buffer.from(zip['summary.html'] ?? []).toString('utf8');
    expect(summary).toContain('我们保存的您的个人数据');
    expect(summary).toContain('来访与邀请 (2)');
    expect(summary).toContain(P.name);
    expect(summary).toContain('Threatened the desk staff');
    expect(summary).not.toContain('Visits and invitations');
    // Codes in words: the walk-in's kind and status, the list.
    for (const words of ['现场登记', '已签出', '黑名单']) expect(summary).toContain(words);
    const data = JSON.parse(Buffer.from(zip['data.json'] ?? []).toString('utf8'));
    expect(data.keys).toEqual(found.keys);
    expect(data.records).toEqual(found.records);
    // The walk-in's photo, signature and PDF, byte for byte as stored.
    const walkIn = found.records.find((r) => r.source === 'visits' && r.fields.visitAt);
    const [row] = await t.db
      .select()
      .from(visits)
      .where(eq(visits.id, walkIn?.id ?? 0));
    const stored = [row?.photo, row?.signature, row?.pdf];
    for (const [i, key] of stored.entries()) {
      const name = `files/visits-${walkIn?.id}-${i + 1}${path.extname(key ?? '')}`;
      expect(Buffer.from(zip[name] ?? []).equals((await t.services.files.read(key ?? '')) ?? Buffer.alloc(1))).toBe(true);
    }
    const entry = found.records.find((r) => r.source === 'blacklist');
    const [listedRow] = await t.db
      .select()
      .from(listedPeople)
      .where(eq(listedPeople.id, entry?.id ?? 0));
    expect(listedRow?.photo).toMatch(/^listed\//);
    expect(
      Buffer.from(zip[`files/blacklist-${entry?.id}-1.jpg`] ?? []).equals((await t.services.files.read(listedRow?.photo ?? '')) ?? Buffer.alloc(1)),
    ).toBe(true);
    expect(
      Buffer.from(zip[`files/visits-${walkIn?.id}-3.pdf`] ?? [])
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    // English when asked; nobody held: 602; a malformed key: 400.
    const en = unzipSync(new Uint8Array((await download(`email=${encodeURIComponent(P.email)}&lang=en`, a.token)).rawPayload));
    expect(Buffer.from(en['summary.html'] ?? []).toString('utf8')).toContain('Visits and invitations (2)');
    expect((await download('phone=13900000000', a.token)).json()).toMatchObject({ status: Status.NO_SUCH_RECORD });
    expect((await download('phone=1', a.token)).json()).toMatchObject({ status: Status.BAD_PARAMS });
  });

  /** Every text-like column of every table, each row holding one of `needles` (company b's rows left out). */
  async function leftovers(needles: string[]): Promise<string[]> {
    const cols = await selectRows<{ table_name: string; column_name: string }>(
      t.db,
      sql`SELECT c.table_name, c.column_name FROM information_schema.columns c JOIN information_schema.tables x USING (table_schema, table_name)
          WHERE c.table_schema = 'public' AND x.table_type = 'BASE TABLE' AND c.data_type IN ('text', 'character varying', 'jsonb', 'json', 'ARRAY')
          ORDER BY 1, 2`,
    );
    const hasCompany = new Set(
      (
        await selectRows<{ table_name: string }>(
          t.db,
          sql`SELECT table_name FROM information_schema.columns WHERE table_schema = 'public' AND column_name = 'company_id'`,
        )
      ).map((r) => r.table_name),
    );
    const found: string[] = [];
    for (const c of cols) {
      const other = hasCompany.has(c.table_name) ? sql` AND company_id IS DISTINCT FROM ${b.id}` : sql``;
      const rows = await selectRows<{ v: string }>(
        t.db,
        sql`SELECT ${sql.identifier(c.column_name)}::text AS v FROM ${sql.identifier(c.table_name)}
            WHERE ${sql.identifier(c.column_name)}::text ILIKE ANY (${sql.param(needles.map((n) => `%${n}%`))}::text[])${other}`,
      );
      for (const r of rows) found.push(`${c.table_name}.${c.column_name}: ${r.v.slice(0, 120)}`);
    }
    return found;
  }

  /** Every file of the store holding one of `needles` as text. */
  async function filesHolding(needles: string[]): Promise<string[]> {
    const root = path.join(t.config.dataDir, 'files');
    const hits: string[] = [];
    for (const f of await fs.readdir(root, { recursive: true, withFileTypes: true })) {
      if (!f.isFile()) continue;
      const text = (await fs.readFile(path.join(f.parentPath, f.name))).toString('latin1');
      if (needles.some((n) => text.includes(n))) hits.push(path.relative(root, path.join(f.parentPath, f.name)));
    }
    return hits;
  }

  it('erases it: nothing of the person is left in any table or stored file, others are untouched, the log still verifies', async () => {
    const before = (await t.api.findPerson({ phone: P.phone }, a.token)).result;
    const others = (await t.api.findPerson({ phone: Q.phone }, a.token)).result;
    const visitRows = (await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.companyId, a.id)))[0]?.n;
    const keys = (await t.db.select().from(visits).where(eq(visits.phone, P.phone))).flatMap((v) => [v.photo, v.signature, v.pdf]);
    const face = (await t.db.select().from(residentVisitors).where(eq(residentVisitors.phone, P.phone)))[0]?.face ?? '';
    const listedPhoto = (await t.db.select().from(listedPeople).where(eq(listedPeople.name, P.name)))[0]?.photo ?? '';
    expect(listedPhoto).not.toBe('');
    const needles = [P.name, P.phone, P.email, P.idNumber];
    expect((await leftovers(needles)).length).toBeGreaterThan(10);

    const r = await t.api.erasePerson({ email: P.email, keepBlacklist: false }, a.token);
    expect(r.status).toBe(0);
    expect(r.result).toMatchObject({
      erased: { visits: 2, residents: 1, logistics: 1, blacklist: 1, papers: 1 },
      kept: [],
      facesPending: 0,
      // The look-up above is an entry about them too (a view, logged).
      logEntries: before.logEntries + 1,
    });
    expect(r.result.erased.messages).toBeGreaterThan(0);

    expect(await leftovers(needles)).toEqual([]);
    expect(await filesHolding([P.name, P.phone, P.email, P.idNumber])).toEqual([]);
    for (const key of [...keys, face, listedPhoto].filter(Boolean)) expect(await t.services.files.read(key)).toBeUndefined();
    // The visits stay as counts; the other person and the other company's visitor are untouched.
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(visits).where(eq(visits.companyId, a.id)))[0]?.n).toBe(visitRows);
    expect((await t.api.findPerson({ phone: Q.phone }, a.token)).result).toEqual({ ...others, logEntries: others.logEntries + 1 });
    expect((await t.api.findPerson({ phone: P.phone }, b.token)).result.records).toHaveLength(1);
    expect((await t.api.findPerson({ phone: P.phone }, a.token)).result.records).toEqual([]);
    expect((await t.api.erasePerson({ phone: P.phone, keepBlacklist: false }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.verifyLogChain({}, a.token)).result.firstBroken).toBeNull();
  });

  it('keeps a blacklist entry when asked, with the reason recorded on it, and erases the rest', async () => {
    // On site again: refused until signed out.
    // Listed by her ID number, her name without it is a possible match: held for review, then allowed in.
    const back = await t.api.UpdatePhoto({ vname: Q.name, vphone: Q.phone, empid: host }, desk.token);
    expect(back.result).toMatchObject({ status: 'unauthorized' });
    const review = (await t.api.getScreeningReviews({}, a.token)).result.list.find((x) => x.vid === back.result.vid);
    expect(review).toMatchObject({ name: Q.name, channel: 'desk', matches: [{ strength: 'possible', reason: { alias: 0, rules: ['same'] } }] });
    expect((await t.api.decideScreeningReview({ id: review?.id ?? 0, result: 'allow' }, a.token)).result.status).toBe('allowed');
    expect((await t.api.GetVisitorByVid({ vid: back.result.vid }, a.token)).result).toMatchObject({ status: 'authorized', permission: 1 });
    // Allowed once, the visit is not held again at its check-in.
    expect((await t.api.AppClientSignin({ vid: back.result.vid }, desk.token)).result).toMatchObject({ status: 'signedIn' });
    const onSite = await t.api.erasePerson({ phone: Q.phone, keepBlacklist: true }, a.token);
    expect(onSite.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.findPerson({ phone: Q.phone }, a.token)).result.records.length).toBeGreaterThan(0);
    expect((await t.api.VisitorSignOutByVid({ vid: back.result.vid }, desk.token)).status).toBe(0);
    const r = await t.api.erasePerson({ phone: Q.phone, keepBlacklist: true }, a.token);
    expect(r.result).toMatchObject({ erased: { visits: 3, blacklist: 0 }, kept: [{ name: Q.name, remark: 'Threatened the desk staff' }] });
    const left = (await t.api.findPerson({ credentialNo: Q.idNumber }, a.token)).result.records;
    expect(left.map((x) => x.source)).toEqual(['blacklist']);
    expect((await t.api.checkBlacklist({ credentialNo: Q.idNumber }, a.token)).result.listed).toBe(true);
  });
});
