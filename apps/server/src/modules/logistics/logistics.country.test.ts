import { Status } from '@openvisit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { bookingInput, typeInput } from '../../../test/logistics.js';

const errorsOf = (r: { result: unknown }) =>
  ((r.result as { errors?: { field: string; rule: string }[] }).errors ?? []).map((e) => `${e.field}/${e.rule}`);

/** A truck abroad: a German driver's passport number and a Berlin plate. */
const abroad = {
  sname: 'Anna Schmidt',
  smobile: '+4915112345678',
  dname: 'Jonas Weber',
  dmobile: '+4915187654321',
  dcardId: 'c01x00t47',
  plateNum: 'B-MW 1234',
};

describe('logistics: ID numbers and plates follow the company’s country', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let tidA: number;
  let tidB: number;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    tidA = (await t.api.addExtendType(typeInput, a.token)).result.tid;
    tidB = (await t.api.addExtendType(typeInput, b.token)).result.tid;
  });
  afterAll(() => t.close());

  it('keeps a new company in mainland China and lets its administrator choose another country', async () => {
    expect((await t.api.GetUserInfo({}, b.token)).result.country).toBe('CN');
    const set = await t.api.ModifyUserInfo({ country: 'DE' }, b.token);
    expect(set.status).toBe(0);
    expect(set.result).toMatchObject({ country: 'DE', company: b.name });
    expect((await t.api.GetUserInfo({}, b.token)).result.country).toBe('DE');
    const bad = await t.call('ModifyUserInfo', { country: 'UK' }, b.token);
    expect(bad.status).toBe(Status.BAD_PARAMS);
    expect(errorsOf(bad)[0]).toMatch(/^country\//);
    expect((await t.api.GetUserInfo({}, a.token)).result.country).toBe('CN');
  });

  it('books a truck abroad with a passport number and the local plate, stored upper case without separators', async () => {
    const r = await t.api.addLogisticsInfo(bookingInput(tidB, abroad), b.token);
    expect(r.status, JSON.stringify(r.result)).toBe(0);
    expect(r.result).toMatchObject({ dcardId: 'C01****47', plateNum: 'BMW1234', smobile: '+4915112345678' });
    expect((await t.api.revealIdNumber({ of: 'driver', id: r.result.sid }, b.token)).result.idNumber).toBe('C01X00T47');
    const wrong = await t.call('addLogisticsInfo', bookingInput(tidB, { ...abroad, dcardId: 'AB1', plateNum: 'B#1' }), b.token);
    expect(wrong.status).toBe(Status.BAD_PARAMS);
    expect(errorsOf(wrong).sort()).toEqual(['dcardId/format', 'plateNum/format']);
  });

  it('keeps the mainland rules for a company in China: the same truck is refused with the fields named', async () => {
    const r = await t.call('addLogisticsInfo', bookingInput(tidA, { ...abroad, scardId: 'X1234567' }), a.token);
    expect(r.status).toBe(Status.BAD_PARAMS);
    expect(errorsOf(r).sort()).toEqual(['dcardId/length', 'plateNum/format', 'scardId/length']);
    expect((await t.api.addLogisticsInfo(bookingInput(tidA), a.token)).status).toBe(0);
  });

  it('tells the public booking page the country and checks the carrier’s booking by it', async () => {
    const token = (await t.api.resetLogisticsLink({}, b.token)).result.token ?? '';
    const page = await t.api.getExtendTypeInfo({ token });
    expect(page.result).toMatchObject({ company: b.name, country: 'DE' });
    const booked = await t.api.addLogisticsBooking({ token, ...bookingInput(tidB, { ...abroad, plateNum: 'M AB 123' }) });
    expect(booked.status, JSON.stringify(booked.result)).toBe(0);
    const listed = (await t.api.getLogisticsInfo({ plateNum: 'MAB123' }, b.token)).result.list[0];
    expect(listed).toMatchObject({ source: 'link', dcardId: 'C01****47' });
    // The list finds the driver by the passport number, as the kiosk does.
    expect((await t.api.getLogisticsInfo({ cardid: 'C01X00T47' }, b.token)).result.count).toBe(2);
  });
});
