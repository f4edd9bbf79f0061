import { type Gate, LogModule, Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, seedStaff, signInAsCreated, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

type Errors = { errors: { field: string; rule: string }[] };

describe('gates', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
  });
  afterAll(() => t.close());

  it('no token 28; desks read but do not manage (610)', async () => {
    for (const name of ['getGate', 'addGate', 'updateGate', 'delGate']) expect((await t.call(name, {})).status, name).toBe(Status.TOKEN_MISSING);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.addGate({ gname: 'East' }, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getGate({}, desk.token)).status).toBe(0);
    expect((await t.api.getGate({}, (await seedStaff(t, a.id, 3)).token)).status).toBe(Status.NO_PERMISSION);
  });

  it('adds, renames and deletes; names unique per company; bad names are field errors; 125 across companies', async () => {
    const bad = async (gname: string) => (await t.call<Errors>('addGate', { gname }, a.token)).result.errors;
    expect(await bad('  ')).toEqual([{ field: 'gname', rule: 'required' }]);
    expect(await bad('A, B')).toEqual([{ field: 'gname', rule: 'illegalChars' }]);
    expect(await bad('x'.repeat(51))).toEqual([{ field: 'gname', rule: 'tooLong' }]);
    const east = await t.api.addGate({ gname: ' East gate ' }, a.token);
    expect(east.result).toEqual({ gid: east.result.gid, gname: 'East gate', accounts: 0, visitTypes: 0 });
    expect((await t.api.addGate({ gname: 'EAST GATE' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.addGate({ gname: 'East gate' }, b.token)).status).toBe(0);
    const west = (await t.api.addGate({ gname: 'West' }, a.token)).result;
    expect((await t.api.updateGate({ gid: west.gid, gname: 'east gate' }, a.token)).status).toBe(Status.ALREADY_EXISTS);
    expect((await t.api.updateGate({ gid: west.gid, gname: 'West gate' }, a.token)).result.gname).toBe('West gate');
    expect((await t.api.getGate({}, a.token)).result.map((g) => g.gname)).toEqual(['East gate', 'West gate']);
    expect((await t.api.getGate({}, b.token)).result.map((g) => g.gname)).toEqual(['East gate']);
    expect((await t.api.updateGate({ gid: west.gid, gname: 'Mine' }, b.token)).status).toBe(Status.GATE_NOT_FOUND);
    expect((await t.api.delGate({ gid: west.gid }, b.token)).status).toBe(Status.GATE_NOT_FOUND);
    expect((await t.api.delGate({ gid: west.gid }, a.token)).status).toBe(0);
    expect((await t.api.delGate({ gid: west.gid }, a.token)).status).toBe(Status.GATE_NOT_FOUND);
  });

  it('logs gate changes under the visitor (registration) module, not accounts', async () => {
    const rows = (await t.api.getLogList({ requestedCount: 100 }, a.token)).result.list.filter((r) => r.objName.endsWith('gate'));
    expect(rows.map((r) => [r.optEvent, r.optModule])).toEqual(
      expect.arrayContaining([
        ['add', LogModule.VISITOR],
        ['update', LogModule.VISITOR],
        ['delete', LogModule.VISITOR],
      ]),
    );
    expect(rows.filter((r) => r.optModule !== LogModule.VISITOR)).toEqual([]);
  });

  it('staff accounts name only gates of their company; a gate in use is kept (58 with the counts)', async () => {
    const [east] = (await t.api.getGate({}, a.token)).result as Gate[];
    const bGate = (await t.api.getGate({}, b.token)).result[0] as Gate;
    const desk = { account: 'desk_east', password: PASSWORD, sName: 'Desk', sType: 2 };
    expect((await t.call<Errors>('AddManager', { ...desk, gids: [bGate.gid] }, a.token)).result.errors).toEqual([
      { field: 'gids', rule: 'notFound' },
    ]);
    expect((await t.call('AddManager', { ...desk, gids: [east?.gid] }, a.token)).status).toBe(0);
    expect((await t.call<Errors>('UpdateManager', { account: 'desk_east', gids: [east?.gid, bGate.gid] }, a.token)).result.errors).toEqual([
      { field: 'gids', rule: 'notFound' },
    ]);
    const type = (await t.call<{ tid: number }>('addVisitorType', { vType: '访客#Guest', gids: [east?.gid] }, a.token)).result;
    expect((await t.api.getGate({}, a.token)).result[0]).toMatchObject({ accounts: 1, visitTypes: 1 });
    const refused = await t.call('delGate', { gid: east?.gid }, a.token);
    expect(refused.status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect(refused.result).toEqual({ accounts: 1, visitTypes: 1 });

    // The desk signed in at its gate sees that gate only.
    const north = (await t.api.addGate({ gname: 'North' }, a.token)).result;
    const deskToken = await signInAsCreated(t, 'desk_east');
    expect((await t.api.getGate({}, deskToken)).result.map((g) => g.gname)).toEqual(['East gate']);
    expect((await t.api.getGate({}, a.token)).result.map((g) => g.gid)).toContain(north.gid);

    await t.api.UpdateManager({ account: 'desk_east', gids: [] }, a.token);
    await t.api.updateVisitorType({ tid: type.tid, gids: [] }, a.token);
    expect((await t.call('delGate', { gid: east?.gid }, a.token)).status).toBe(0);
  });
});
