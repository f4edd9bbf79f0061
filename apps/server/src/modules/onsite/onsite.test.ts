import type { AddressInfo } from 'node:net';
import { Status } from '@openvisit/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, seedStaff, seedSubAccount, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { pdfText } from '../../../test/pdf.js';
import { eventually, scaled } from '../../../test/timeouts.js';
import { visits } from '../../db/schema/index.js';

const MIN = 60_000;

/** Reads server-sent events from a live stream until `until` is satisfied or the time runs out. */
async function readEvents(res: Response, until: (events: { event: string; data: unknown }[]) => boolean, ms = scaled(60_000)) {
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const events: { event: string; data: unknown }[] = [];
  let buffer = '';
  const deadline = Date.now() + ms;
  while (!until(events) && Date.now() < deadline) {
    const chunk = await Promise.race([reader.read(), new Promise<null>((r) => setTimeout(() => r(null), deadline - Date.now()))]);
    if (!chunk || chunk.done) break;
    buffer += decoder.decode(chunk.value, { stream: true });
    for (let i = buffer.indexOf('\n\n'); i >= 0; i = buffer.indexOf('\n\n')) {
      const block = buffer.slice(0, i);
      buffer = buffer.slice(i + 2);
      const event = /^event: (.*)$/m.exec(block)?.[1];
      const data = /^data: (.*)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
    }
  }
  reader.releaseLock();
  return events;
}

describe('on site now: the list, the live stream and the evacuation list', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let sub: { id: number; email: string };
  let subToken: string;
  let kiosk: Awaited<ReturnType<typeof seedStaff>>;
  let kioskB: Awaited<ReturnType<typeof seedStaff>>;
  let url: string;
  const now = Date.now();
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    sub = await seedSubAccount(t, a.id);
    subToken = (await t.api.subAccountLogin({ email: sub.email, password: PASSWORD })).result.token;
    kiosk = await seedStaff(t, a.id, 4);
    kioskB = await seedStaff(t, b.id, 4);
    const east = (await t.api.addGate({ gname: 'East gate' }, a.token)).result.gid;
    const west = (await t.api.addGate({ gname: 'West gate' }, a.token)).result.gid;
    const on = (name: string, values: Partial<typeof visits.$inferInsert>) =>
      t.db
        .insert(visits)
        .values({
          companyId: a.id,
          kind: 'walkin',
          status: 'signedIn',
          name,
          phone: '13900000000',
          company: 'Star Ltd',
          empName: 'Hana Host',
          empPhone: '13800000001',
          ...values,
        })
        .returning({ id: visits.id })
        .then(([r]) => {
          ids[name] = r?.id ?? 0;
        });
    await on('Early East', {
      gid: east,
      signInGate: 'East gate',
      visitAt: new Date(now - 90 * MIN),
      followers: [
        { name: 'F1', phone: '' },
        { name: 'F2', phone: '' },
      ],
    });
    await on('Late East', { gid: east, signInGate: 'East gate', visitAt: new Date(now - 10 * MIN), kind: 'invite', subAccountId: sub.id });
    await on('West One', { gid: west, signInGate: 'West gate', visitAt: new Date(now - 30 * MIN), kind: 'appointment', phone: '13911112222' });
    await on('Resident No Gate', { kind: 'resident', visitAt: new Date(now - 60 * MIN) });
    await on('Gone Home', {
      status: 'signedOut',
      gid: east,
      signInGate: 'East gate',
      visitAt: new Date(now - 120 * MIN),
      signOutAt: new Date(now - 5 * MIN),
    });
    await on('Expected Later', { status: 'sent', kind: 'invite', appointmentAt: new Date(now + 60 * MIN) });
    await t.db.insert(visits).values({ companyId: b.id, kind: 'walkin', status: 'signedIn', name: 'Beta Person', visitAt: new Date(now - 5 * MIN) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('lists everyone signed in and not out, by gate (named gates first), latest first, with totals; only this company', async () => {
    const r = await t.api.getOnSiteList({}, a.token);
    expect(r.status, r.reason).toBe(0);
    expect(r.result).toMatchObject({ visits: 4, people: 6, byKind: { walkin: 1, invite: 1, appointment: 1, resident: 1 } });
    expect(r.result.gates.map((g) => [g.gname, g.people, g.list.map((p) => p.name)])).toEqual([
      ['East gate', 4, ['Late East', 'Early East']],
      ['West gate', 1, ['West One']],
      ['', 1, ['Resident No Gate']],
    ]);
    expect(r.result.gates[0]?.list[1]).toMatchObject({ followers: 2, empName: 'Hana Host', visitdate: now - 90 * MIN, kind: 'walkin' });
    // Beta sees only its own; a sub-company only its own visitors.
    expect((await t.api.getOnSiteList({}, b.token)).result.gates.flatMap((g) => g.list.map((p) => p.name))).toEqual(['Beta Person']);
    const mine = await t.api.getOnSiteList({}, subToken);
    expect(mine.result).toMatchObject({ visits: 1, people: 1 });
    expect(mine.result.gates.flatMap((g) => g.list.map((p) => p.name))).toEqual(['Late East']);
  });

  it('refuses without a session (28) and to employees and kiosks (610)', async () => {
    expect((await t.api.getOnSiteList({})).status).toBe(Status.TOKEN_MISSING);
    const emp = await seedEmployee(t, a.id);
    const empToken = (await t.api.empLogin({ phone: emp.phone, empPwd: PASSWORD })).result.token;
    expect((await t.api.getOnSiteList({}, empToken)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getOnSiteList({}, kiosk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await fetch(`${url}/api/events/onsite`).then((r) => r.json())).status).toBe(Status.TOKEN_MISSING);
    const refused = await fetch(`${url}/api/events/onsite`, { headers: { 'x-coolvisit-token': empToken } }).then((r) => r.json());
    expect(refused.status).toBe(Status.NO_PERMISSION);
  });

  it('refuses the stream with 303 to a session that must change its password, as every call, until it is changed', async () => {
    const first = { account: 'board.subadmin', password: 'First#2026', sName: 'Board Sub', sType: 5 as const, modules: ['visitors' as const] };
    expect((await t.api.AddManager(first, a.token)).status).toBe(0);
    const { token } = (await t.api.Login({ email: first.account, password: first.password })).result;
    const refused = await fetch(`${url}/api/events/onsite`, { headers: { 'x-coolvisit-token': token } });
    // A stream opened by mistake is closed here, so it cannot outlive this test.
    const streaming = refused.headers.get('content-type')?.includes('text/event-stream');
    const answer = streaming ? await refused.body?.cancel() : ((await refused.json()) as { status: number });
    expect(answer?.status).toBe(Status.PASSWORD_CHANGE_REQUIRED);
    expect((await t.api.updatePassword({ oldPassword: first.password, password: 'Second#2026' }, token)).status).toBe(0);
    const res = await fetch(`${url}/api/events/onsite`, { headers: { 'x-coolvisit-token': token } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    await res.body?.cancel();
    await eventually(() => t.services.events.listeners === 0);
  });

  it('streams arrivals and departures as they commit, whoever writes them, to this company only', async () => {
    const res = await fetch(`${url}/api/events/onsite`, { headers: { 'x-coolvisit-token': a.token } });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const subRes = await fetch(`${url}/api/events/onsite`, { headers: { 'x-coolvisit-token': subToken } });
    // Beta's walk-in first: Alpha's stream must not carry it.
    const hostB = (await t.api.addEmployee({ employee_name: 'Beta Host', phone: '13800008888' }, b.token)).result.empid;
    const walkB = await t.api.UpdatePhoto({ empid: hostB, vname: 'Beta Walker', vphone: '13955550002', protocolAccepted: true }, kioskB.token);
    expect(walkB.status, walkB.reason).toBe(0);
    const host = (await t.api.addEmployee({ employee_name: 'Live Host', phone: '13800009999' }, a.token)).result.empid;
    const [inv] = (
      await t.api.addAppointment(
        { empid: host, appointmentDate: Date.now() + 5 * MIN, visitors: [{ name: 'Live Guest', phone: '13966665555' }] },
        a.token,
      )
    ).result;
    expect((await t.call('AppClientSignin', { verifyCode: inv?.code }, kiosk.token)).status).toBe(0);
    expect((await t.call('VisitorSignOutByVid', { vid: ids['West One'] }, a.token)).status).toBe(0);
    const events = await readEvents(res, (e) => e.length >= 2);
    expect(events).toEqual([
      { event: 'onsite', data: { vid: inv?.vid, kind: 'invite', gid: null, move: 'in' } },
      { event: 'onsite', data: expect.objectContaining({ vid: ids['West One'], kind: 'appointment', move: 'out' }) },
    ]);
    // The sub-company's stream heard neither (neither visit is its own).
    const subEvents = await readEvents(subRes, (e) => e.length > 0, 500);
    expect(subEvents).toEqual([]);
    // A closed board leaves nothing subscribed.
    await res.body?.cancel();
    await subRes.body?.cancel();
    await eventually(() => t.services.events.listeners === 0);
    expect(t.services.events.listeners).toBe(0);
  });

  it('caps live streams per sign-in and per company: one more is refused with 429 and the reason until one closes', async () => {
    const open = (token: string) => fetch(`${url}/api/events/onsite`, { headers: { 'x-coolvisit-token': token } });
    const isStream = (r: Response) => r.headers.get('content-type')?.includes('text/event-stream') === true;
    const { perSession } = t.config.onsiteStreams;
    expect(perSession).toBe(5);
    const tabs = [];
    for (let i = 0; i < perSession; i++) tabs.push(await open(a.token));
    expect(tabs.map(isStream)).toEqual(Array(perSession).fill(true));
    const refused = await open(a.token);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ status: 429, reason: expect.stringContaining('Too many live streams for this sign-in'), result: null });
    // Another sign-in of the company still gets its stream; the open ones go on.
    const other = await open(subToken);
    expect(isStream(other)).toBe(true);
    // A closed tab makes room.
    await tabs.pop()?.body?.cancel();
    await eventually(() => t.services.events.listeners === perSession);
    const reopened = await open(a.token);
    expect(isStream(reopened)).toBe(true);
    tabs.push(reopened);
    // The company's ceiling (lowered here to what is open: six streams), whoever asks.
    const ceiling = t.config.onsiteStreams.perCompany;
    t.config.onsiteStreams.perCompany = perSession + 1;
    try {
      const full = await open(subToken);
      expect(full.status).toBe(429);
      expect(((await full.json()) as { reason: string }).reason).toContain('Too many live streams for this company');
      // Another company is not held by it.
      const theirs = await open(b.token);
      expect(isStream(theirs)).toBe(true);
      await theirs.body?.cancel();
    } finally {
      t.config.onsiteStreams.perCompany = ceiling;
    }
    for (const r of [...tabs, other]) await r.body?.cancel();
    await eventually(() => t.services.events.listeners === 0);
  });

  it('the evacuation list as xlsx and PDF, a section per gate, in the chosen language', async () => {
    const get = (name: string, lang: string, token = a.token) =>
      t.app.inject({ method: 'GET', url: `/api/${name}?lang=${lang}`, headers: { 'x-coolvisit-token': token } });
    const x = await get('ExportEvacuationList', 'en');
    expect(x.statusCode).toBe(200);
    expect(x.headers['content-disposition']).toMatch(/evacuation-\d{8}-\d{4}\.xlsx/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    const rows: string[][] = [];
    wb.worksheets[0]?.eachRow((r) => rows.push((r.values as unknown[]).slice(1).map((v) => (v instanceof Date ? 'date' : String(v ?? '')))));
    expect(rows[0]).toEqual(['Gate', 'Name', 'Company', 'Phone', 'Host', 'Host phone', 'Signed in', 'With them', 'Kind', 'Badge']);
    expect(rows[1]?.[0]).toMatch(/^Evacuation list · On site at .* · 4 visits, 6 people$/);
    // After the stream test: Live Guest came in at the kiosk (no gate), West One left.
    expect(rows.slice(2).map((r) => (r.length === 1 ? r[0] : `${r[0]}|${r[1]}|${r[3]}|${r[7]}|${r[8]}`))).toEqual([
      'East gate: 4 people',
      'East gate|Late East|13900000000|0|Invited',
      'East gate|Early East|13900000000|2|Walk-in',
      'No gate: 2 people',
      'No gate|Live Guest|13966665555|0|Invited',
      'No gate|Resident No Gate|13900000000|0|Resident',
    ]);
    const pdf = await get('EvacuationPdf', 'zh');
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Alpha · 紧急疏散名单');
    expect(text).toContain('East gate：4 人');
    expect(text).toContain('无门岗：2 人');
    expect(text).toContain('Early East');
    expect(text).toContain('13900000000');
    expect(text).not.toContain('Beta Person');
    expect(text).not.toContain('Gone Home');
    // Another company's list has none of Alpha's people; no session, no file.
    expect(await pdfText((await get('EvacuationPdf', 'en', b.token)).rawPayload)).not.toContain('Early East');
    expect((await t.app.inject({ method: 'GET', url: '/api/EvacuationPdf' })).json().status).toBe(Status.TOKEN_MISSING);
  });
});
