import { allCalls, allDownloads, type CallDef, type DownloadDef, Status } from '@openvisit/contract';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idFields, show, validInput } from './fuzz-inputs.js';
import { everyRole, freshTokens, seedCompany, type TestApp, testApp } from './harness.js';
import { scaled } from './timeouts.js';

/**
 * Generated over the registry, so a new call is covered without a line of test: every call that takes an id is sent,
 * by each company A session it admits, the ids of company B's rows, one of every table B has rows in, in every id
 * field. Company B's rows get ids in bands of their own (B_FLOOR + 10,000 per table), so an id in an answer or in a
 * stored row tells whose it is. Nothing may show A anything of B (no B id it did not send, no B text), change any row
 * touching B, or leave an A row pointing at a B row; and no write may answer success to an id of B's.
 */

/** B's rows get ids from here up; each table its own band of BAND ids. A's later rows start at A_AFTER, below. */
const B_FLOOR = 5_000_000;
const BAND = 10_000;
const A_AFTER = 1_000_000;
/** Every text company B stores while it is seeded carries this, so an answer naming it is a leak. */
const MARK = 'Bystander';

type Row = Record<string, unknown>;
type Column = { table: string; column: string; kind: 'int' | 'ints' };

describe("a second company's ids reach nothing of it through any call", () => {
  let t: TestApp;
  let columns: Column[] = [];
  let tables: string[] = [];
  let companyTables = new Set<string>();
  let tokenFor: Awaited<ReturnType<typeof freshTokens>>;
  /** One id of every table B has rows in. */
  const bIds: { table: string; id: number }[] = [];
  let bTop = 0;
  let baseline = new Map<string, string[]>();

  const q = async (text: string) => ((await t.db.execute(sql.raw(text))) as unknown as { rows: Row[] }).rows;

  /** Every row anywhere that touches B: B's own rows, rows in B's id bands, rows holding an id in them. One query (a
   * hundred tables, checked after each of some hundred calls). */
  async function touchingB(companyB: number): Promise<Map<string, string[]>> {
    const out = new Map<string, string[]>();
    const parts: string[] = [];
    for (const table of tables) {
      if (table === 'sessions') continue; // signing in is not data
      const own = columns.filter((c) => c.table === table);
      const refs = own.map((c) =>
        c.kind === 'int'
          ? `x."${c.column}" between ${B_FLOOR} and ${bTop}`
          : `exists (select 1 from unnest(x."${c.column}") v where v between ${B_FLOOR} and ${bTop})`,
      );
      if (companyTables.has(table)) refs.push(`x.company_id = ${companyB}`);
      if (refs.length === 0) continue;
      out.set(table, []);
      parts.push(`select '${table}' as t, x::text as r from "${table}" x where ${refs.join(' or ')}`);
    }
    for (const row of await q(`${parts.join(' union all ')} order by 1, 2`)) out.get(String(row.t))?.push(String(row.r));
    return out;
  }

  function changes(now: Map<string, string[]>): string[] {
    const diff: string[] = [];
    for (const [table, rows] of now) {
      const was = new Set(baseline.get(table) ?? []);
      const is = new Set(rows);
      for (const r of rows) if (!was.has(r)) diff.push(`${table} now has ${r.slice(0, 200)}`);
      for (const r of was) if (!is.has(r)) diff.push(`${table} no longer has ${r.slice(0, 200)}`);
    }
    return diff;
  }

  async function send(call: CallDef, body: Row, token: string | undefined) {
    const headers = token ? { 'x-coolvisit-token': token } : {};
    if (call.method === 'GET') {
      const query = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
      return t.app.inject({ method: 'GET', url: `/api/${call.name}`, query, headers });
    }
    return t.app.inject({ method: 'POST', url: `/api/${call.name}`, payload: body, headers });
  }

  let companyB = 0;
  beforeAll(async () => {
    t = await testApp();
    const a = await seedCompany(t, 'Asking Co');
    const aTokens = await everyRole(t, a);

    tables = (
      await q(`select table_name as t from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`)
    ).map((r) => String(r.t));
    companyTables = new Set(
      (await q(`select table_name as t from information_schema.columns where table_schema = 'public' and column_name = 'company_id'`)).map((r) =>
        String(r.t),
      ),
    );
    const sequences = (await q(`select sequencename as s from pg_sequences where schemaname = 'public' order by 1`)).map((r) => String(r.s));
    // Each table's sequence gets its own band, so an id says which table (and company) it belongs to.
    for (const [i, s] of sequences.entries()) await q(`select setval('"${s}"', ${B_FLOOR + i * BAND})`);
    bTop = B_FLOOR + sequences.length * BAND;

    const b = await seedCompany(t, `${MARK} Co`);
    companyB = b.id;
    const bTokens = await everyRole(t, b);
    await seedCore(b.token, bTokens.get(2) ?? '');
    await seedB(await freshTokens(t, bTokens));
    for (const s of sequences) await q(`select setval('"${s}"', ${A_AFTER})`);

    columns = (
      await q(`select table_name as t, column_name as c, data_type as d from information_schema.columns
               where table_schema = 'public' and column_name not in ('id', 'company_id')
                 and (data_type in ('integer', 'bigint', 'smallint') or (data_type = 'ARRAY' and udt_name in ('_int4', '_int8', '_int2')))`)
    ).map((r) => ({ table: String(r.t), column: String(r.c), kind: r.d === 'ARRAY' ? 'ints' : 'int' }));
    for (const table of tables) {
      if (!(await q(`select 1 from information_schema.columns where table_name = '${table}' and column_name = 'id'`)).length) continue;
      const [row] = await q(`select min(id) as id from "${table}" where id between ${B_FLOOR} and ${bTop}`);
      if (row?.id != null) bIds.push({ table, id: Number(row.id) });
    }
    baseline = await touchingB(companyB);
    tokenFor = await freshTokens(t, aTokens);
  });
  afterAll(() => t.close());

  /** The rows the registry's generic inputs cannot make (they need other rows first), made as a company would. */
  async function seedCore(admin: string, desk: string) {
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
    const must = <T>(what: string, r: { status: number; reason: string; result: T }): T => {
      if (r.status !== 0) throw new Error(`seed ${what}: ${r.reason}`);
      return r.result;
    };
    const gid = must('gate', await t.api.addGate({ gname: `${MARK} Gate` }, admin)).gid;
    const deptid = must('department', await t.api.addDepartment({ deptName: `${MARK} Dept` }, admin)).deptid;
    const host = must('host', await t.api.addEmployee({ employee_name: `${MARK} Host`, phone: '13955510001', deptIds: [deptid] }, admin)).empid;
    const other = must('employee', await t.api.addEmployee({ employee_name: `${MARK} Other`, phone: '13955510002' }, admin)).empid;
    const type = must('visitor type', await t.api.addVisitorType({ vType: `${MARK}访客#${MARK} Guest`, gids: [gid] }, admin));
    must(
      'field',
      await t.api.addExtendVisitor(
        { displayName: `${MARK}字段#${MARK} Field`, inputType: 'text', types: [{ tid: type.tid, required: false }] },
        admin,
      ),
    );
    must(
      'walk-in',
      await t.api.UpdatePhoto(
        { vname: `${MARK} Walker`, vphone: '13955520001', empid: host, tid: type.tid, visitType: type.vType, protocolAccepted: true },
        desk,
      ),
    );
    must(
      'invitation',
      await t.api.addAppointment(
        { empid: host, appointmentDate: Date.now() + 86_400_000, visitors: [{ name: `${MARK} Guest`, phone: '13955520002' }] },
        admin,
      ),
    );
    must(
      'meeting',
      await t.api.addMeeting(
        {
          subject: `${MARK} Review`,
          empid: host,
          startTime: Date.now() + 86_400_000,
          endTime: Date.now() + 90_000_000,
          visitors: [{ name: `${MARK} Attendee`, phone: '13955520003' }],
        },
        admin,
      ),
    );
    const group = must('role group', await t.api.addRARG({ rgName: `${MARK} Guards` }, admin)).rid;
    const rid = must('role', await t.api.addRARG({ rgName: `${MARK} Security`, parentId: group }, admin)).rid;
    must('role member', await t.api.addEmpRole({ rid, empids: [other] }, admin));
    must('proxy', await t.api.setVisitProxy({ empid: host, proxyId: other, startDate: day(-1), endDate: day(3) }, admin));
    const logType = must('logistics type', await t.api.addExtendType({ name: `${MARK}货运#${MARK} Freight` }, admin)).tid;
    const companyId = must('carrier', await t.api['logistics-company-create']({ name: `${MARK} Carrier` }, admin)).id;
    const truck = { logType, companyId, sname: `${MARK} Sender`, smobile: '13955530001', dname: `${MARK} Driver`, dmobile: '13955530002' };
    const booked = { ...truck, dcardId: '11010519491231002X', plateNum: '粤B12345', appointmentDate: day(0) };
    const sid = must('booking', await t.api.addLogisticsInfo(booked, admin)).sid;
    must('approval', await t.api.approveLogistics({ sid, pstatus: 1 }, admin));
    must('arrival', await t.api.logisticsArrive({ sid }, desk));
    const card = must('temporary card', await t.api.addInterimCard({ empid: host, office: `${MARK} Office` }, admin)).cid;
    must('temporary card lent', await t.api.updateInterimCard({ cid: card, cardNo: 'BYST01' }, desk));
    const tenant = { companyName: `${MARK} Tenant`, shortName: 'BYST', email: 'bystander@tenant.example', floor: `${MARK} 9F`, gids: [gid] };
    const subId = must('sub-company', await t.api.addSubAccount({ ...tenant, password: 'Bystander#2026' }, admin)).id;
    must('sub-company employee', await t.api.updateEmpSubAccount({ empids: [other], subaccountId: subId }, admin));
    must('sub-company manager', await t.api.UpdateSubAccountManager({ id: subId, empids: [other] }, admin));
    must('sub-company template', await t.api.addSubAccountTemp({ name: `${MARK} Floor`, floor: `${MARK} 9F`, gids: [gid] }, admin));
  }

  /**
   * Company B gets a row in as many tables as the registry's own calls can make: every call that is not a sign-in,
   * sign-out or delete, sent twice with a valid input whose texts carry MARK and whose id fields name B's newest row
   * of the table the field's name points at.
   */
  async function seedB(bToken: (a: CallDef['access']) => Promise<string | undefined>) {
    const pointsAt: Record<string, string> = {
      gid: 'gates',
      gids: 'gates',
      empid: 'employees',
      empids: 'employees',
      deptManagerEmpid: 'employees',
      deptid: 'departments',
      deptIds: 'departments',
      parentId: 'departments',
      tid: 'visitor_types',
      tids: 'visitor_types',
      vid: 'visits',
      vids: 'visits',
      mid: 'meetings',
      pid: 'resident_projects',
      rid: 'roles',
      rids: 'resident_visitors',
      aid: 'approval_policies',
      lid: 'approver_leaves',
      eid: 'visitor_fields',
      eids: 'visitor_fields',
      bids: 'listed_people',
      subaccountId: 'sub_accounts',
      proxyId: 'employees',
      id: 'invitation_templates',
      egid: 'device_groups',
      egids: 'device_groups',
      sid: 'logistics_bookings',
      logType: 'logistics_types',
      companyId: 'logistics_carriers',
    };
    const mark = (v: unknown): unknown =>
      typeof v === 'string' && /^[a-z ]+$/i.test(v) && !/^(true|false)$/.test(v)
        ? `${MARK} ${v}`
        : Array.isArray(v)
          ? v.map(mark)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mark(x)]))
            : v;
    const seedable = (allCalls as readonly CallDef[]).filter(
      (c) => c.access !== 'public' && !/(del|remove|logout|signout|sign_out|cancel|revoke|reset|quit|password)/i.test(c.name),
    );
    for (let round = 0; round < 2; round++)
      for (const call of seedable) {
        const plain = validInput(call.input);
        for (const { key, list } of idFields(call)) {
          const table = pointsAt[key];
          if (!table) continue;
          const [row] = await q(`select max(id) as id from "${table}" where id >= ${B_FLOOR}`).catch(() => []);
          if (row?.id != null) plain[key] = list ? [Number(row.id)] : Number(row.id);
        }
        if (call.upload) continue;
        const token = await bToken(call.access);
        // Marked where the rules allow it; a field that refuses the mark keeps the plain value.
        const marked = await send(call, mark(plain) as Row, token);
        if (marked.json().status !== Status.BAD_PARAMS) continue;
        const retried = await send(call, plain, token);
        // A list of ids whose name points at another table (devices' `eids` are not visitor fields' here): none at all.
        if (retried.json().status === Status.BAD_PARAMS)
          await send(
            call,
            {
              ...plain,
              ...Object.fromEntries(
                idFields(call)
                  .filter((f) => f.list)
                  .map((f) => [f.key, []]),
              ),
            },
            token,
          );
      }
  }

  const withIds = (allCalls as readonly CallDef[]).filter((c) => c.access !== 'public' && idFields(c).length > 0);

  /** What a file answer says: an xlsx's cell texts, any other file's bytes as text. */
  async function fileText(body: Buffer): Promise<string> {
    if (body.subarray(0, 2).toString() !== 'PK') return body.toString('latin1');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(body as unknown as ArrayBuffer);
    const cells: string[] = [];
    wb.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => void cells.push(String(cell.text)))));
    return cells.join('\t');
  }

  const downloadsWithIds = (allDownloads as readonly DownloadDef[]).filter((d) => idFields(d).length > 0);

  it("downloads filtered by B's ids hold nothing of B's", async () => {
    const wrong: string[] = [];
    for (const d of downloadsWithIds) {
      const token = await tokenFor(d.access);
      if (!token) continue;
      const base = validInput(d.input);
      for (const { key, list } of idFields(d))
        for (const { table, id } of bIds) {
          const query = Object.fromEntries(
            Object.entries({ ...base, [key]: list ? [id] : id }).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]),
          );
          const res = await t.app.inject({
            method: 'GET',
            url: d.path?.replace(/:(\w+)/g, (_m, p: string) => String(query[p] ?? 'x')) ?? `/api/${d.name}`,
            query,
            headers: { 'x-coolvisit-token': token },
          });
          const what = `${d.name} ${key}=${table} ${id}`;
          if (res.statusCode >= 500) wrong.push(`${what}: HTTP ${res.statusCode}`);
          const text = String(res.headers['content-type']).startsWith('application/json') ? res.body : await fileText(res.rawPayload);
          if (text.includes(MARK)) wrong.push(`${what}: the file names B`);
          const foreign = (text.match(/\d+/g) ?? []).map(Number).filter((n) => n >= B_FLOOR && n <= bTop && n !== id);
          if (foreign.length) wrong.push(`${what}: the file holds B's ids ${foreign.slice(0, 5).join(', ')}`);
        }
    }
    expect(downloadsWithIds.length).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });

  it('seeds company B widely enough to mean something', () => {
    console.info(`cross-tenant: B has rows in ${bIds.length} tables with ids: ${bIds.map((b) => b.table).join(', ')}`);
    expect(bIds.length).toBeGreaterThan(15);
    expect(withIds.length).toBeGreaterThan(60);
  });

  // Thousands of requests in one test: its hang bound is wider than the default, so a loaded machine is slower, not red.
  it("answers A nothing of B's and changes nothing of B's for any of B's ids", { timeout: scaled(1_200_000) }, async () => {
    const wrong: string[] = [];
    const succeeded = new Map<string, number>();
    let sent = 0;
    for (const call of withIds) {
      const token = await tokenFor(call.access);
      if (!token) continue;
      const base = validInput(call.input);
      for (const { key, list } of idFields(call)) {
        for (const { table, id } of bIds) {
          const body = { ...base, [key]: list ? [id] : id };
          const res = await send(call, body, token);
          sent++;
          const what = `${call.name} ${key}=${table} ${id}`;
          if (res.statusCode >= 500) {
            wrong.push(`${what}: HTTP ${res.statusCode}`);
            continue;
          }
          const text = res.body;
          if (text.includes(MARK)) wrong.push(`${what}: the answer names B (${show(text)})`);
          const foreign = (text.match(/\d+/g) ?? []).map(Number).filter((n) => n >= B_FLOOR && n <= bTop && n !== id);
          if (foreign.length) wrong.push(`${what}: the answer holds B's ids ${foreign.slice(0, 5).join(', ')} (${show(text)})`);
          const status = (res.json() as { status: number }).status;
          if (status !== Status.SUCCESS) continue;
          succeeded.set(`${call.name}.${key}`, (succeeded.get(`${call.name}.${key}`) ?? 0) + 1);
          // A write, of one row or a batch, must say it has no such row; a read filtering by the id may answer an empty page.
          if (call.log) wrong.push(`${what}: a write answered success (${show(text)})`);
        }
      }
      const diff = changes(await touchingB(companyB));
      if (diff.length) {
        wrong.push(`${call.name}: ${diff.slice(0, 3).join('; ')}`);
        baseline = await touchingB(companyB);
      }
    }
    console.info(`cross-tenant: ${sent} requests over ${withIds.length} calls; answered 0 to some B id: ${[...succeeded.keys()].join(', ')}`);
    expect(wrong).toEqual([]);
  });
});
