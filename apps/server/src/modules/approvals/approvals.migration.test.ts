import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedEmployee, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { selectRows } from '../../db/client.js';

/**
 * Migration 0058 on the original's approval data: the old tables made as migration 0015 made them, filled as a company
 * using areas and levels left them, then migrated. Outcomes must not change for a company that does nothing.
 */
const drizzle = path.join(import.meta.dirname, '../../../drizzle');
const statements = (file: string, from = '') => {
  const text = fs.readFileSync(path.join(drizzle, file), 'utf8');
  return text
    .slice(from ? text.indexOf(from) : 0)
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);
};

describe('migrating approval areas and levels to policies', () => {
  let t: TestApp;
  let a: Tenant;
  let gateA: number;
  let gateB: number;
  let roleMember: { id: number; token: string };
  let second: { id: number; token: string };
  let hostToken: string;
  const vids: Record<string, number> = {};

  const login = async (phone: string) => (await t.api.empLogin({ phone, empPwd: PASSWORD })).result.token;
  let n = 0;
  const invite = async (gid: number | null, name: string) => {
    n += 1;
    const visitors = [{ name, phone: '', email: `guest${n}@example.com`, lang: 'en' as const }];
    const r = await t.api.addAppointment({ appointmentDate: Date.now() + 3_600_000, visitors, gid }, hostToken);
    expect(r.status).toBe(0);
    return r.result[0]?.vid ?? 0;
  };
  const run = async (stmts: string[]) => {
    for (const s of stmts) await t.db.execute(sql.raw(s));
  };

  beforeAll(async () => {
    t = await testApp();
    ({ a } = await twoTenants(t));
    await t.db.execute(sql`UPDATE companies SET settings = settings || '{"permissionSwitch":1,"processSwitch":1}'::jsonb WHERE id = ${a.id}`);
    await seedEmployee(t, a.id, '13820000001');
    hostToken = await login('13820000001');
    const m = await seedEmployee(t, a.id, '13820000002');
    roleMember = { id: m.id, token: await login('13820000002') };
    const s = await seedEmployee(t, a.id, '13820000003');
    second = { id: s.id, token: await login('13820000003') };
    gateA = (await t.api.addGate({ gname: 'A' }, a.token)).result.gid;
    gateB = (await t.api.addGate({ gname: 'B' }, a.token)).result.gid;
    const group = (await t.api.addRARG({ rgName: 'Guards' }, a.token)).result.rid;
    const role = (await t.api.addRARG({ rgName: 'Security', parentId: group }, a.token)).result.rid;
    await t.api.addEmpRole({ rid: role, empids: [roleMember.id] }, a.token);
    // Visits stored while no policy asks anyone wait for the desk, as the old flow's visits did before their records.
    for (const k of ['waitingAtTwo', 'agreed', 'refused', 'orphan']) vids[k] = await invite(gateA, k);

    await run(statements('0015_approvals.sql'));
    // Areas: gate A with two levels (the role, then one employee), a default (the administrator), one without levels.
    const areas = await selectRows<{ id: number }>(
      t.db,
      sql`INSERT INTO process_areas (company_id, name, address, gids) VALUES
      (${a.id}, 'Plant', 'North', ${`{${gateA}}`}::int[]), (${a.id}, 'Everywhere', '', '{}'), (${a.id}, 'Empty', '', ${`{${gateB}}`}::int[])
      RETURNING id`,
    );
    const [plant, everywhere] = areas.map((r) => Number(r.id));
    await t.db.execute(sql`INSERT INTO process_rules (company_id, area_id, level, r_type, ref_id) VALUES
      (${a.id}, ${plant}, 1, 0, ${role}), (${a.id}, ${plant}, 2, 1, ${second.id}), (${a.id}, ${everywhere}, 1, 3, 0)`);
    const rec = (vid: number, level: number, status: number, area: number | undefined = plant) =>
      sql`(${a.id}, ${vid}, ${area}, 'Plant', ${level}, 2, ${status}, 'Host', ${status ? 'Approver' : ''}, ${status ? new Date() : null})`;
    await t.db.execute(sql`INSERT INTO process_records (company_id, visit_id, area_id, area_name, level, levels, status, submitter, decider_name, decided_at) VALUES
      ${rec(vids.waitingAtTwo ?? 0, 1, 1)}, ${rec(vids.waitingAtTwo ?? 0, 2, 0)},
      ${rec(vids.agreed ?? 0, 1, 1)}, ${rec(vids.agreed ?? 0, 2, 2)},
      ${rec(vids.refused ?? 0, 1, 3)},
      ${rec(vids.orphan ?? 0, 1, 0, 999_999)}`);
    await run(statements('0058_approval_policies.sql', "-- The original's approval areas"));
    await run(statements('0059_drop_process_tables.sql'));
  });
  afterAll(() => t.close());

  it('shows the same areas, ids kept, in the order they were tried', async () => {
    const areas = (await t.api.getProcessArea({}, a.token)).result.areas;
    expect(areas.map((x) => [x.aName, x.address, x.gids, x.levels.map((l) => l.approvers.map((p) => p.rType))])).toEqual([
      ['Plant', 'North', [gateA], [[0], [1]]],
      ['Empty', '', [gateB], []],
      ['Everywhere', '', [], [[3]]],
    ]);
  });

  it('continues a visit waiting at level 2 with that level’s approver, keeping its history', async () => {
    const vid = vids.waitingAtTwo ?? 0;
    const history = (await t.api.getProcessRecords({ vid }, a.token)).result;
    expect(history.map((r) => [r.level, r.status, r.approver])).toEqual([
      [1, 'approved', 'Approver'],
      [2, 'pending', ''],
    ]);
    const mine = (await t.api.getNoApproveRecords({}, second.token)).result.list.find((r) => r.vid === vid);
    expect(mine).toMatchObject({ level: 2, levels: 2, canDecide: true });
    expect((await t.api.getNoApproveRecords({}, roleMember.token)).result.list.some((r) => r.vid === vid)).toBe(false);
    const done = await t.api.completeProcessRecord({ rid: mine?.rid ?? 0, result: 'approve' }, second.token);
    expect(done.result.status).toBe('agreed');
    expect((await t.api.GetVisitorByVid({ vid }, a.token)).result).toMatchObject({ permission: 1 });
  });

  it('keeps decided visits decided, and gives a level whose area is gone to the administrator', async () => {
    expect((await t.api.getProcessRecords({ vid: vids.agreed ?? 0 }, a.token)).result.map((r) => r.status)).toEqual(['approved', 'agreed']);
    expect((await t.api.getProcessRecords({ vid: vids.refused ?? 0 }, a.token)).result.map((r) => r.status)).toEqual(['refused']);
    const orphan = (await t.api.getNoApproveRecords({}, a.token)).result.list.find((r) => r.vid === vids.orphan);
    expect(orphan).toMatchObject({ note: 'unresolved', why: { kind: 'admin' }, canDecide: true });
  });

  it('routes new visits as the areas did: gate A to its level 1, an empty area passed over, anything else to the default', async () => {
    const atA = await invite(gateA, 'new A');
    expect((await t.api.getNoApproveRecords({}, roleMember.token)).result.list.find((r) => r.vid === atA)).toMatchObject({ level: 1, levels: 2 });
    const atB = await invite(gateB, 'new B');
    const admin = (await t.api.getNoApproveRecords({}, a.token)).result.list.find((r) => r.vid === atB);
    expect(admin).toMatchObject({ aName: 'Everywhere', level: 1, levels: 1 });
    // New areas and policies get ids after the migrated ones.
    const added = await t.api.addProcessArea({ aName: 'Later' }, a.token);
    expect(added.status).toBe(0);
  });
});
