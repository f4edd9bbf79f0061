import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';

interface V {
  vid: number;
  vname: string;
  status: string;
  cardNo: string;
  cardId: string;
}

const ID_A = '11010519491231002X';
const ID_B = '440308199901010012';

/** The front desk's lookups and cards: certificate-number search, cards to issue, handing out and taking back cards. */
describe('visits at the front desk', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let desk: Awaited<ReturnType<typeof seedStaff>>;
  let ann: V;
  let bob: V;
  let gone: V;
  const page = (filters: Record<string, unknown>, token = desk.token) =>
    t.api.SearchVisitByConditionPage({ startIndex: 0, requestedCount: 20, ...filters }, token);

  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    desk = await seedStaff(t, a.id, 2);
    const host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
    const walkIn = async (vname: string, vphone: string, cardId: string) =>
      (await t.api.UpdatePhoto({ vname, vphone, cardId, empid: host }, desk.token)).result;
    ann = await walkIn('Ann', '13911110001', ID_A.toLowerCase());
    bob = await walkIn('Bob', '13911110002', ID_B);
    gone = await walkIn('Gone', '13911110003', '');
    await t.api.VisitorSignOutByVid({ vid: gone.vid }, desk.token);
  });
  afterAll(() => t.close());

  it('finds a visitor by certificate number, exactly and whatever the case of the X', async () => {
    const r = await page({ cardId: ID_A.toLowerCase() });
    expect(r.result.list.map((v) => v.vname)).toEqual(['Ann']);
    expect((await page({ cardId: ID_A.slice(0, 10) })).result.count).toBe(0);
    expect((await page({ cardId: ID_B }, b.token)).result.count).toBe(0);
  });

  it('hands out a card, refuses one already out, lists who has none, takes it back', async () => {
    expect((await page({ onSite: true, noCard: true })).result.list.map((v) => v.vname).sort()).toEqual(['Ann', 'Bob']);
    const given = await t.api.updateVisitInfo({ vid: ann.vid, cardNo: 'c-0042' }, desk.token);
    expect(given.result).toMatchObject({ vid: ann.vid, cardNo: 'C-0042' });
    expect((await page({ onSite: true, noCard: true })).result.list.map((v) => v.vname)).toEqual(['Bob']);
    const clash = await t.api.updateVisitInfo({ vid: bob.vid, cardNo: 'C-0042' }, desk.token);
    expect(clash.status).toBe(Status.BAD_PARAMS);
    expect(clash.result).toEqual({ errors: [{ field: 'cardNo', rule: 'taken' }] });
    expect((await t.api.updateVisitInfo({ vid: bob.vid, cardNo: 'bad card!' }, desk.token)).result).toEqual({
      errors: [{ field: 'cardNo', rule: 'format' }],
    });
    // Taken back, the card can go to someone else.
    expect((await t.api.updateVisitInfo({ vid: ann.vid, cardNo: '' }, desk.token)).result.cardNo).toBe('');
    expect((await t.api.updateVisitInfo({ vid: bob.vid, cardNo: 'C-0042' }, desk.token)).result.cardNo).toBe('C-0042');
    const [log] = (await t.api.getLogList({ startIndex: 0, requestedCount: 1 }, a.token)).result.list;
    expect(log?.optDesc).toBe('access card C-0042 handed out');
  });

  it('only to visitors on site of this company', async () => {
    expect((await t.api.updateVisitInfo({ vid: gone.vid, cardNo: 'C-1' }, desk.token)).status).toBe(Status.UPDATE_NOT_ALLOWED);
    expect((await t.api.updateVisitInfo({ vid: ann.vid, cardNo: 'C-1' }, b.token)).status).toBe(Status.INVALID_VISITOR);
    const kiosk = await seedStaff(t, a.id, 4);
    expect((await t.api.updateVisitInfo({ vid: ann.vid, cardNo: 'C-1' }, kiosk.token)).status).toBe(Status.NO_PERMISSION);
  });
});
