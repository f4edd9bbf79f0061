import { LogModule, Role, Status } from '@openvisit/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drainJobs, seedCompany, seedStaff, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { operationLogHeads, operationLogs } from '../../db/schema/index.js';
import { writeLog } from '../../platform/http/audit.js';
import { ERASURE_KEY, redactEntries, registerAuditChainJobs, verifyChain } from '../../platform/http/auditChain.js';

/**
 * The operation log's chain (platform/http/auditChain.ts) against someone with the database but not the server's key:
 * each kind of tampering is found and the first broken entry named, through the call an administrator presses.
 */
describe('operation log chain (verifyLogChain, ExportLogList)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(() => t.close());

  /** A company with `n` entries of its own, written through calls (addLog). */
  async function companyWithEntries(n: number): Promise<Tenant> {
    const c = await seedCompany(t);
    for (let i = 1; i <= n; i++)
      expect((await t.api.addLog({ optEvent: 'export', optModule: 1, objName: `list-${i}.xlsx`, optDesc: `row ${i}` }, c.token)).status).toBe(0);
    return c;
  }
  const entries = (companyId: number) =>
    t.db.select().from(operationLogs).where(eq(operationLogs.companyId, companyId)).orderBy(asc(operationLogs.seq));
  const verify = async (c: Tenant) => {
    const r = await t.api.verifyLogChain({}, c.token);
    expect(r.status).toBe(0);
    return r.result;
  };

  it('chains every entry in order and finds an intact log intact', async () => {
    const c = await companyWithEntries(4);
    const rows = await entries(c.id);
    // The company's sign-up entry, then the four.
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(rows[0]?.prevHash).toBe('');
    for (let i = 1; i < rows.length; i++) expect(rows[i]?.prevHash).toBe(rows[i - 1]?.hash);
    expect(await verify(c)).toEqual({ checked: 5, pending: 0, firstBroken: null });
    // The list shows each entry's place; the check is an administrator's alone.
    expect((await t.api.getLogList({}, c.token)).result.list.map((e) => e.seq)).toEqual([5, 4, 3, 2, 1]);
    const sub = await seedStaff(t, c.id, Role.SUBADMIN);
    expect((await t.api.verifyLogChain({}, sub.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('chains entries written at once by many requests one after another (the head is locked per write)', async () => {
    const c = await seedCompany(t);
    const results = await Promise.all(
      Array.from({ length: 24 }, (_, i) => t.api.addLog({ optEvent: 'add', optModule: 1, objName: `parallel-${i}` }, c.token)),
    );
    expect(results.every((r) => r.status === 0)).toBe(true);
    const rows = await entries(c.id);
    expect(rows.map((r) => r.seq)).toEqual(rows.map((_, i) => i + 1));
    expect(await verify(c)).toMatchObject({ checked: rows.length, firstBroken: null });
  });

  it('names the entry changed by a direct SQL update, whichever field', async () => {
    const c = await companyWithEntries(5);
    const third = (await entries(c.id))[2];
    await t.db.execute(sql`UPDATE operation_logs SET obj_name = 'innocent.xlsx' WHERE id = ${third?.id}`);
    expect((await verify(c)).firstBroken).toMatchObject({ reason: 'changed', seq: 3, id: third?.id });

    const d = await companyWithEntries(3);
    const second = (await entries(d.id))[1];
    await t.db.execute(sql`UPDATE operation_logs SET o_time = o_time - interval '1 day' WHERE id = ${second?.id}`);
    const r = await verify(d);
    expect(r).toMatchObject({ checked: 1, firstBroken: { reason: 'changed', seq: 2, id: second?.id } });
  });

  it('finds an entry removed from the middle, the newest removed, and an entry added without the key', async () => {
    const c = await companyWithEntries(4);
    const rows = await entries(c.id);
    await t.db.delete(operationLogs).where(eq(operationLogs.id, rows[1]?.id ?? 0));
    expect((await verify(c)).firstBroken).toMatchObject({ reason: 'missing', seq: 2, id: null });

    const d = await companyWithEntries(3);
    await t.db.delete(operationLogs).where(and(eq(operationLogs.companyId, d.id), eq(operationLogs.seq, 4)));
    expect((await verify(d)).firstBroken).toMatchObject({ reason: 'truncated', seq: 4 });

    // Re-sealing the removed place by hand still needs the key: a made-up hash is found.
    const e = await companyWithEntries(2);
    const [last] = (await entries(e.id)).slice(-1);
    await t.db.insert(operationLogs).values({
      companyId: e.id,
      optId: 'x',
      optName: 'Someone',
      optRole: 0,
      optEvent: 'delete',
      optModule: LogModule.EMPLOYEE,
      seq: (last?.seq ?? 0) + 1,
      prevHash: last?.hash,
      hash: 'forged',
      piiDigest: 'forged',
    });
    await t.db
      .update(operationLogHeads)
      .set({ seq: (last?.seq ?? 0) + 1, hash: 'forged' })
      .where(eq(operationLogHeads.companyId, e.id));
    expect((await verify(e)).firstBroken).toMatchObject({ reason: 'changed', seq: (last?.seq ?? 0) + 1 });

    const f = await companyWithEntries(2);
    const [added] = await t.db
      .insert(operationLogs)
      .values({ companyId: f.id, optId: 'x', optName: 'Someone', optRole: 0, optEvent: 'delete', optModule: LogModule.EMPLOYEE })
      .returning();
    expect((await verify(f)).firstBroken).toMatchObject({ reason: 'unchained', seq: null, id: added?.id });
  });

  it('finds two entries swapped', async () => {
    const c = await companyWithEntries(3);
    const [one, two] = await entries(c.id);
    await t.db.execute(sql`UPDATE operation_logs SET seq = -1 WHERE id = ${one?.id}`);
    await t.db.execute(sql`UPDATE operation_logs SET seq = 1 WHERE id = ${two?.id}`);
    await t.db.execute(sql`UPDATE operation_logs SET seq = 2 WHERE id = ${one?.id}`);
    expect((await verify(c)).firstBroken).toMatchObject({ reason: 'reordered', seq: 1, id: two?.id });
  });

  it('accepts an entry blanked by an erasure that names it, and no other blanking', async () => {
    const c = await companyWithEntries(3);
    const [, second] = await entries(c.id);
    const before = (await entries(c.id)).length;
    const actor = { companyId: c.id, account: 'admin', name: 'Admin Person', role: Role.ADMIN };
    await writeLog(
      t.db,
      t.services.secrets,
      actor,
      { module: LogModule.VISITOR, event: 'delete', desc: { key: ERASURE_KEY, params: { entries: 1 } }, details: { redacted: [second?.id] } },
      '',
    );
    const erasure = (await entries(c.id)).at(-1);
    await redactEntries(t.db, c.id, [second?.id ?? 0], erasure?.seq ?? 0);
    const blanked = (await entries(c.id))[1];
    expect(blanked).toMatchObject({ objName: '', optDesc: '', optName: '', redactedBy: erasure?.seq });
    expect(await verify(c)).toMatchObject({ checked: before + 1, firstBroken: null });

    // Blanking another entry and pointing it at the same erasure is found: the erasure does not name it.
    const first = (await entries(c.id))[0];
    await redactEntries(t.db, c.id, [first?.id ?? 0], erasure?.seq ?? 0);
    expect((await verify(c)).firstBroken).toMatchObject({ reason: 'badRedaction', seq: 1, id: first?.id });
  });

  it('seals entries written before the chain after the upgrade, and reports them pending until then', async () => {
    const c = await companyWithEntries(2);
    const written = (await entries(c.id)).length;
    // As the migration leaves an upgraded database: entries without a place, their last id recorded on the head.
    await t.db.update(operationLogs).set({ seq: null, prevHash: null, hash: null, piiDigest: null }).where(eq(operationLogs.companyId, c.id));
    const [last] = (await entries(c.id)).slice(-1);
    await t.db.update(operationLogHeads).set({ seq: 0, hash: '', legacyUpTo: last?.id }).where(eq(operationLogHeads.companyId, c.id));
    // Written after the upgrade, before the sealing job ran: chained at once.
    await t.api.addLog({ optEvent: 'add', optModule: 1, objName: 'new' }, c.token);
    expect(await verify(c)).toEqual({ checked: 1, pending: written, firstBroken: null });

    await registerAuditChainJobs({ db: t.db, jobs: t.services.jobs, secrets: t.services.secrets });
    await drainJobs(t);
    expect(await verify(c)).toEqual({ checked: written + 1, pending: 0, firstBroken: null });
    expect((await t.db.select().from(operationLogHeads).where(eq(operationLogHeads.companyId, c.id)))[0]?.legacyUpTo).toBeNull();
  });

  it('exports the log in chain order with each entry’s place and hashes, in the chosen language', async () => {
    const c = await companyWithEntries(3);
    const res = await t.app.inject({ method: 'GET', url: '/api/ExportLogList?lang=zh&optModule=1', headers: { 'x-coolvisit-token': c.token } });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet: string[][] = [];
    wb.worksheets[0]?.eachRow((row) => {
      sheet.push((row.values as unknown[]).slice(1).map((v) => (v instanceof Date ? v.toISOString() : String(v ?? ''))));
    });
    const rows = (await entries(c.id)).filter((r) => r.optModule === 1);
    expect(sheet[0]).toEqual(['链序号', '时间', '操作人', '账号', '角色', '模块', '事件', '对象', '详情', '终端', 'IP地址', '前一条哈希', '哈希']);
    expect(sheet.slice(1).map((r) => [r[0], r[7], r[11], r[12]])).toEqual(
      rows.map((r) => [String(r.seq), r.objName, r.prevHash ?? '', r.hash ?? '']),
    );
    expect(sheet[1]?.[6]).toBe('导出');
    // A module filter leaves out the export's own entry (module Other), written after the file was made.
    const bad = await t.app.inject({ method: 'GET', url: '/api/ExportLogList?optRole=x', headers: { 'x-coolvisit-token': c.token } });
    expect(bad.json()).toMatchObject({ status: Status.BAD_PARAMS });
    expect((await verifyChain(t.db, t.services.secrets, c.id)).firstBroken).toBeNull();
  });
});
