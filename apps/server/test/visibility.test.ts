import { allCalls, type CallDef, Role, Status } from '@openvisit/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFields, show, validInput } from './fuzz-inputs.js';
import { freshTokens, PASSWORD, seedCompany, seedEmployee, seedStaff, seedSubAccount, type TestApp, testApp } from './harness.js';
import { scaled } from './timeouts.js';

/**
 * Generated over the registry, like the cross-tenant test but within one company (DESIGN 11, visibility by
 * construction): a sub-company's own account and an employee send every call their role may make, plainly and with
 * each id of rows that belong to another sub-company or another employee of the same company (the visits,
 * invitations and meetings they host, the approvals of those visits, their temporary cards, their invitation
 * templates and a sub-company's own, their proxy settings). Those rows get ids in a band of their own and carry MARK
 * in their texts (a proxy setting, without text, MARK_DAY in its dates); no answer may name them or hold their ids,
 * no write may succeed on them or change them. Employees' names and the building's directory are not theirs to hide:
 * only the rows those people own are marked. The calls that name a person (PERSON_KEYS) are sent with the other
 * employee's id too: the answer may name them but nothing of theirs, and none of their rows may change.
 */

const BAND = 7_000_000;
/** Each table's sequence its own stretch of the band, so an id says which table it is of. */
const STEP = 10_000;
let BAND_END = BAND;
const AFTER = 2_000_000;
const MARK = 'Outsider';
const MARK_DAY = '2097-03-0';
/** Fields that name a person rather than a row: sent with the bystander's own id as well. */
const PERSON_KEYS = new Set(['empid', 'empids', 'proxyId']);

type Row = Record<string, unknown>;

describe('another sub-company and another employee of the same company reach nothing of theirs through any call', () => {
  let t: TestApp;
  let admin = '';
  const tokens = new Map<number, string>();
  /** For each asker, the bystander whose own id the person probes send. */
  const others = new Map<number, number>();
  let tables: string[] = [];
  let intColumns: { table: string; column: string; list: boolean }[] = [];
  const bandIds: { table: string; id: number }[] = [];
  let baseline = new Map<string, string[]>();

  const q = async (text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;
  const must = <T>(what: string, r: { status: number; reason: string; result: T }): T => {
    if (r.status !== 0) throw new Error(`seed ${what}: ${r.reason}`);
    return r.result;
  };

  /** Every row in the band or pointing into it, as text: what no call of the askers may change. */
  async function touchingBand(): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    for (const table of tables) {
      if (table === 'sessions' || table === 'operation_logs') continue;
      const refs = intColumns
        .filter((c) => c.table === table)
        .map((c) =>
          c.list
            ? `exists (select 1 from unnest(x."${c.column}") v where v between ${BAND} and ${BAND_END})`
            : `x."${c.column}" between ${BAND} and ${BAND_END}`,
        );
      if (!refs.length) continue;
      out.set(
        table,
        (await q(`select x::text as r from "${table}" x where ${refs.join(' or ')} order by 1`)).map((r) => String(r.r)),
      );
    }
    return out;
  }

  async function send(call: CallDef, body: Row, token: string) {
    const headers = { 'x-coolvisit-token': token };
    if (call.method === 'GET') {
      const query = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      return t.app.inject({ method: 'GET', url: `/api/${call.name}`, query, headers });
    }
    return t.app.inject({ method: 'POST', url: `/api/${call.name}`, payload: body, headers });
  }

  /** Rows owned by `host` (and, through them, by the host's sub-company), made as the company would make them. */
  async function seedOwnedBy(n: number, host: number, hostToken: string, desk: string, gid: number, tid: number, vType: string, proxy: number) {
    const soon = Date.now() + 86_400_000;
    const walker = { vname: `${MARK} Walker`, vphone: `1396662${n}001`, empid: host, tid, visitType: vType, protocolAccepted: true };
    must('walk-in', await t.api.UpdatePhoto(walker, desk));
    const guest = { name: `${MARK} Guest`, phone: `1396662${n}002`, company: `${MARK} Ltd` };
    must('invitation', await t.api.addAppointment({ empid: host, appointmentDate: soon, gid, visitors: [guest] }, admin));
    const meeting = { subject: `${MARK} Review ${n}`, empid: host, startTime: soon, endTime: soon + 3_600_000 };
    must('meeting', await t.api.addMeeting({ ...meeting, visitors: [{ name: `${MARK} Attendee`, phone: `1396662${n}003` }] }, admin));
    must('temporary card', await t.api.addInterimCard({ office: `${MARK} Office` }, hostToken));
    must('own template', await t.api.addEmptemplate({ templateType: 0, inviteContent: `${MARK} welcome ${n}` }, hostToken));
    const day = `${MARK_DAY}${n}`;
    must('proxy', await t.api.setVisitProxy({ empid: host, proxyId: proxy, startDate: day, endDate: day }, admin));
  }

  beforeAll(async () => {
    t = await testApp();
    const company = await seedCompany(t, 'Home Co');
    admin = company.token;
    const desk = (await seedStaff(t, company.id, Role.GATE)).token;
    const gid = must('gate', await t.api.addGate({ gname: 'Main Gate' }, admin)).gid;
    const type = must('visitor type', await t.api.addVisitorType({ vType: '访客#Guest', gids: [gid] }, admin));
    const login = async (r: Promise<{ status: number; reason: string; result: { token: string } }>) => must('sign-in', await r).token;

    // The askers: a sub-company's own account, and an employee of the head office.
    const own = await seedSubAccount(t, company.id);
    const other = await seedSubAccount(t, company.id);
    tokens.set(Role.SUB_COMPANY, await login(t.api.subAccountLogin({ email: own.email, password: PASSWORD })));
    const asker = await seedEmployee(t, company.id, '13966610001');
    tokens.set(Role.EMPLOYEE, await login(t.api.empLogin({ phone: asker.phone, empPwd: PASSWORD })));
    // The bystanders, made before the band: their names are the directory's, not theirs to hide.
    const colleague = await seedEmployee(t, company.id, '13966610002');
    const tenantStaff = await seedEmployee(t, company.id, '13966610003');
    must('sub-company employee', await t.api.updateEmpSubAccount({ empids: [tenantStaff.id], subaccountId: other.id }, admin));
    const colleagueToken = await login(t.api.empLogin({ phone: colleague.phone, empPwd: PASSWORD }));
    const tenantToken = await login(t.api.empLogin({ phone: tenantStaff.phone, empPwd: PASSWORD }));
    const otherToken = await login(t.api.subAccountLogin({ email: other.email, password: PASSWORD }));
    others.set(Role.EMPLOYEE, colleague.id);
    others.set(Role.SUB_COMPANY, tenantStaff.id);
    // Every visit waits for the colleague's approval: the band's visits carry approval records the askers must not reach.
    const area = must('approval area', await t.api.addProcessArea({ aName: 'Everywhere' }, admin));
    must(
      'approval levels',
      await t.api.addProcessRule({ aid: area.aid, levels: [{ level: 1, approvers: [{ rType: 1, id: colleague.id }] }] }, admin),
    );
    must('approval switch', await t.api.updateProcessSwitch({ processSwitch: 1 }, admin));

    tables = (await q(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`)).map((r) =>
      String(r.t),
    );
    const sequences = (await q(`select sequencename as s from pg_sequences where schemaname = 'public'`)).map((r) => String(r.s));
    for (const [i, s] of sequences.entries()) await q(`select setval('"${s}"', ${BAND + i * STEP})`);
    BAND_END = BAND + sequences.length * STEP;
    await seedOwnedBy(1, colleague.id, colleagueToken, desk, gid, type.tid, type.vType, tenantStaff.id);
    await seedOwnedBy(2, tenantStaff.id, tenantToken, desk, gid, type.tid, type.vType, colleague.id);
    must('sub-company template', await t.api.addUserTemplate({ templateType: 0, inviteContent: `${MARK} tenant welcome` }, otherToken));
    for (const s of sequences) await q(`select setval('"${s}"', ${AFTER})`);

    intColumns = (
      await q(`select table_name as t, column_name as c, data_type as d from information_schema.columns
               where table_schema = 'public' and column_name <> 'company_id'
                 and (data_type in ('integer', 'bigint') or (data_type = 'ARRAY' and udt_name in ('_int4', '_int8')))`)
    ).map((r) => ({ table: String(r.t), column: String(r.c), list: r.d === 'ARRAY' }));
    for (const table of tables) {
      if (!(await q(`select 1 from information_schema.columns where table_name = '${table}' and column_name = 'id'`)).length) continue;
      const [row] = await q(`select min(id) as id from "${table}" where id between ${BAND} and ${BAND_END}`);
      if (row?.id != null) bandIds.push({ table, id: Number(row.id) });
    }
    baseline = await touchingBand();
  });
  afterAll(() => t.close());

  it('seeds rows of the bystanders widely enough to mean something', () => {
    expect(bandIds.map((b) => b.table)).toEqual(
      expect.arrayContaining(['visits', 'meetings', 'interim_cards', 'approval_seats', 'invitation_templates', 'visit_proxies']),
    );
  });

  for (const [who, role] of [
    ['another sub-company', Role.SUB_COMPANY],
    ['another employee', Role.EMPLOYEE],
  ] as const) {
    it(`answers ${who}'s rows to no one and changes none of them`, { timeout: scaled(900_000) }, async () => {
      const fresh = await freshTokens(t, new Map([[role, tokens.get(role) as string]]));
      const calls = (allCalls as readonly CallDef[]).filter((c) => c.access !== 'public' && (c.access as readonly number[]).includes(role));
      const wrong: string[] = [];
      let sent = 0;
      for (const call of calls) {
        if (call.upload) continue;
        const base = validInput(call.input);
        const bodies: { what: string; body: Row; id?: number }[] = [{ what: call.name, body: base }];
        for (const { key, list } of idFields(call)) {
          for (const { table, id } of bandIds)
            bodies.push({ what: `${call.name} ${key}=${table} ${id}`, body: { ...base, [key]: list ? [id] : id }, id });
          const person = others.get(role) as number;
          // Acting as themselves whatever id they send is fine (a write may succeed); reaching the other's rows is not.
          if (PERSON_KEYS.has(key)) bodies.push({ what: `${call.name} ${key}=their own id`, body: { ...base, [key]: list ? [person] : person } });
        }
        for (const { what, body, id } of bodies) {
          const res = await send(call, body, (await fresh(call.access)) as string);
          sent++;
          if (res.statusCode >= 500) {
            wrong.push(`${what}: HTTP ${res.statusCode}`);
            continue;
          }
          if (res.body.includes(MARK) || res.body.includes(MARK_DAY)) wrong.push(`${what}: the answer names their rows (${show(res.body)})`);
          const theirs = (res.body.match(/\d+/g) ?? []).map(Number).filter((n) => n >= BAND && n <= BAND_END && n !== id);
          if (theirs.length) wrong.push(`${what}: the answer holds their ids ${theirs.slice(0, 5).join(', ')} (${show(res.body)})`);
          if (id !== undefined && call.log && (res.json() as { status: number }).status === Status.SUCCESS)
            wrong.push(`${what}: a write answered success (${show(res.body)})`);
        }
        const now = await touchingBand();
        for (const [table, rows] of now) {
          const was = new Set(baseline.get(table) ?? []);
          const changed = rows.filter((r) => !was.has(r)).length + [...was].filter((r) => !rows.includes(r)).length;
          if (changed) wrong.push(`${call.name}: changed ${changed} of their rows in ${table}`);
        }
        baseline = now;
      }
      console.info(`visibility (${who}): ${sent} requests over ${calls.length} calls`);
      expect(wrong).toEqual([]);
    });
  }
});
