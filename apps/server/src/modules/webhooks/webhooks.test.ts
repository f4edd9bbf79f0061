import { type EventType, eventCatalogue, Status } from '@openvisit/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Receiver, startReceiver } from '../../../../../tools/webhook-receiver.js';
import { drainJobs, eventsOf, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { DRIVER_ID, seedBooking } from '../../../test/logistics.js';
import { startSmtp } from '../../../test/smtp.js';
import { eventOutbox, webhookDeliveries, webhookEndpoints } from '../../db/schema/index.js';
import { ANSWER_KEPT, ATTEMPTS } from './webhooks.runner.js';

describe('webhooks', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let host: number;
  const receivers: Receiver[] = [];
  /** A receiver and an endpoint of company A (or `as`) subscribed to `events`. */
  async function endpoint(events: string[], as: Tenant = a) {
    const r = await startReceiver();
    receivers.push(r);
    const added = await t.api.addWebhook({ url: r.url, events }, as.token);
    expect(added.status, added.reason).toBe(0);
    r.secret = added.result.secret;
    return { r, id: added.result.id };
  }
  const walkIn = (phone: string, token = a.token) => t.api.UpdatePhoto({ vname: '王访客', vphone: phone, empid: host }, token);
  const deliveriesOf = (id: number, token = a.token) => t.api.getWebhookDeliveries({ id }, token);

  beforeAll(async () => {
    smtp = await startSmtp();
    // Endpoints get 300 ms to answer here (10 s when served): the slow receiver's test waits that long, not longer.
    t = await testApp({ smtpUrl: smtp.url, notify: { timeoutMs: 300, maxResponseBytes: 64 * 1024 } });
    ({ a, b } = await twoTenants(t));
    host = (await t.api.addEmployee({ employee_name: 'Host One', phone: '13800001111' }, a.token)).result.empid;
  });
  afterAll(async () => {
    for (const r of receivers) await r.close();
    await smtp.close();
    await t.close();
  });

  it('signs every event as Standard Webhooks says; the secret is answered once; the body is the catalogue’s', async () => {
    const { r, id } = await endpoint(['*']);
    expect(r.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    const listed = (await t.api.getWebhooks({}, a.token)).result;
    expect(listed).toEqual([expect.objectContaining({ id, url: r.url, events: ['*'], enabled: true })]);
    expect(JSON.stringify(listed)).not.toContain(r.secret.slice(6));
    const v = await walkIn('13911110001');
    expect(v.status).toBe(0);
    await drainJobs(t);
    const got = await r.waitFor(2);
    expect(r.refused).toBe(0);
    expect(got.map((m) => m.type)).toEqual(['visit.created', 'visit.checked_in']);
    for (const m of got) {
      expect(m.id).toMatch(/^msg_/);
      expect(() => eventCatalogue[m.type as EventType].data.parse(m.data)).not.toThrow();
      expect(m.data).toMatchObject({ vid: v.result.vid, kind: 'walkin', status: 'signedIn', host: { id: host, name: 'Host One' } });
      expect(JSON.stringify(m.data)).not.toMatch(/"code"|cardId|idNumber/);
    }
    // Checked out at the desk: one more, with the previous status.
    await t.api.updateVisitStatus({ vid: v.result.vid, event: 'signOut' }, a.token);
    await drainJobs(t);
    const [out] = (await r.waitFor(3)).slice(2);
    expect(out).toMatchObject({ type: 'visit.checked_out', data: { status: 'signedOut', previousStatus: 'signedIn' } });
    const log = (await deliveriesOf(id)).result;
    expect(log.count).toBe(3);
    expect(log.list.every((d) => d.state === 'succeeded' && d.attempts === 1 && d.lastStatus === 204)).toBe(true);
    await t.api.delWebhook({ id }, a.token);
  });

  it('sends an endpoint only the events it subscribes to; another company’s events never', async () => {
    const { r, id } = await endpoint(['visit.checked_out']);
    const theirs = await endpoint(['*'], b);
    const bHost = (await t.api.addEmployee({ employee_name: 'Beta Host', phone: '13800002222' }, b.token)).result.empid;
    const mine = await walkIn('13911110002');
    await t.api.UpdatePhoto({ vname: 'Beta visitor', vphone: '13911119999', empid: bHost }, b.token);
    await t.api.updateVisitStatus({ vid: mine.result.vid, event: 'signOut' }, a.token);
    await drainJobs(t);
    expect((await r.waitFor(1)).map((m) => m.type)).toEqual(['visit.checked_out']);
    const beta = await theirs.r.waitFor(2);
    expect(beta.every((m) => (m.data.visitor as { name: string }).name === 'Beta visitor')).toBe(true);
    await t.api.delWebhook({ id }, a.token);
    await t.api.delWebhook({ id: theirs.id }, b.token);
  });

  it('delivers the site’s events as the visits’, signed: a temporary card lent and returned, a truck in and out', async () => {
    const { r, id } = await endpoint(['temporary_card.lent', 'temporary_card.returned', 'truck.arrived', 'truck.left']);
    const cid = (await t.api.addInterimCard({ empid: host }, a.token)).result.cid;
    await t.api.updateInterimCard({ cid, cardNo: 'WH01' }, a.token);
    await t.api.returnInterimCard({ cid }, a.token);
    const { sid } = await seedBooking(t, a.token, { dname: 'Driver Hook', dmobile: '13911110079', dcardId: DRIVER_ID, plateNum: '粤B88888' });
    await t.api.approveLogistics({ sid, pstatus: 1 }, a.token);
    await t.api.logisticsArrive({ sid }, a.token);
    await t.api.logisticsLeave({ sid }, a.token);
    await drainJobs(t);
    const got = await r.waitFor(4);
    // Verified by the standardwebhooks library (the receiver refuses a bad signature); the approval and the application sent nothing.
    expect(r.refused).toBe(0);
    expect(got.map((m) => m.type)).toEqual(['temporary_card.lent', 'temporary_card.returned', 'truck.arrived', 'truck.left']);
    for (const m of got) expect(() => eventCatalogue[m.type as EventType].data.parse(m.data)).not.toThrow();
    expect(got[0]?.data).toMatchObject({ cardId: cid, cardNo: 'WH01', holder: { employeeId: host, name: 'Host One' } });
    expect(got[3]?.data).toMatchObject({ bookingId: sid, plate: '粤B88888', driver: { name: 'Driver Hook' } });
    await t.api.delWebhook({ id }, a.token);
  });

  it('retries a failing endpoint on the schedule, logs each answer, and a person can re-send and replay', async () => {
    const since = Date.now();
    const { r, id } = await endpoint(['visit.created']);
    r.mode = 'fail';
    await walkIn('13911110003');
    await drainJobs(t);
    let [d] = (await deliveriesOf(id)).result.list;
    expect(d).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 500, lastError: 'HTTP 500' });
    // The first retry comes 5 s later.
    expect(d?.nextAt).toBeGreaterThan(Date.now() + 3000);
    expect(d?.nextAt).toBeLessThan(Date.now() + 6000);
    const detail = (await t.api.getWebhookDelivery({ deliveryId: d?.id ?? 0 }, a.token)).result;
    expect(detail.attempts).toEqual([
      expect.objectContaining({ httpStatus: 500, responseBody: 'receiver down for maintenance', url: r.url, error: '' }),
    ]);
    expect(detail.attempts[0]?.requestHeaders).toMatchObject({ 'webhook-id': d?.eventId, 'content-type': 'application/json' });
    expect(JSON.parse(detail.body)).toMatchObject({ type: 'visit.created', data: { visitor: { phone: '13911110003' } } });
    r.mode = 'ok';
    await t.db
      .update(webhookDeliveries)
      .set({ nextAt: new Date(0) })
      .where(eq(webhookDeliveries.endpointId, id));
    await drainJobs(t);
    [d] = (await deliveriesOf(id)).result.list;
    expect(d).toMatchObject({ state: 'succeeded', attempts: 2, lastStatus: 204 });
    expect(r.messages).toHaveLength(1);
    // Re-send: a new delivery with the same webhook-id, which a receiver recognises as a repeat.
    const again = await t.api.resendWebhookDelivery({ deliveryId: d?.id ?? 0 }, a.token);
    expect(again.status).toBe(0);
    await drainJobs(t);
    expect(r.repeats).toBe(1);
    const resent = (await t.api.getWebhookDelivery({ deliveryId: again.result.deliveryId }, a.token)).result.delivery;
    expect(resent).toMatchObject({ eventId: d?.eventId, state: 'succeeded', requestedBy: expect.any(String) });
    // Replay of a range: every event of the subscribed type in it, or only those never delivered.
    expect((await t.api.replayWebhookEvents({ id, from: since, to: Date.now(), onlyFailed: true }, a.token)).result.queued).toBe(0);
    expect((await t.api.replayWebhookEvents({ id, from: since, to: Date.now() }, a.token)).result.queued).toBe(1);
    await drainJobs(t);
    expect(r.repeats).toBe(2);
    // Events from before the endpoint was added are in the range too: a new endpoint can catch up on the last days.
    expect((await t.api.replayWebhookEvents({ id, from: since - 3600_000, to: since, onlyFailed: true }, a.token)).result.queued).toBe(2);
    expect((await t.api.replayWebhookEvents({ id, from: Date.now(), to: since }, a.token)).status).toBe(Status.BAD_TIME_RANGE);
    await t.api.delWebhook({ id }, a.token);
  });

  it('a day of failures switches the endpoint off when a delivery runs out of attempts, and the administrator is mailed', async () => {
    const since = Date.now();
    const { r, id } = await endpoint(['visit.created']);
    r.mode = 'fail';
    await walkIn('13911110004');
    await drainJobs(t);
    // As if the schedule had run its ~27 hours.
    await t.db
      .update(webhookDeliveries)
      .set({ attempts: ATTEMPTS - 1, nextAt: new Date(0) })
      .where(eq(webhookDeliveries.endpointId, id));
    await t.db.update(webhookEndpoints).set({ failingSince: sql`now() - interval '25 hours'` }).where(eq(webhookEndpoints.id, id));
    await walkIn('13911110005');
    await drainJobs(t);
    const [ep] = (await t.api.getWebhooks({}, a.token)).result.filter((e) => e.id === id);
    expect(ep).toMatchObject({ enabled: false, disabledReason: expect.stringContaining('failing since') });
    const states = (await deliveriesOf(id)).result.list.map((d) => d.state);
    expect(states).toEqual(['failed', 'failed']);
    await drainJobs(t);
    expect(smtp.received.some((m) => m.to.includes(a.email) && m.raw.includes('Webhook'))).toBe(true);
    // Off: nothing more is sent, a re-send is refused until it is switched on again.
    const [last] = (await deliveriesOf(id)).result.list;
    expect((await t.api.resendWebhookDelivery({ deliveryId: last?.id ?? 0 }, a.token)).status).toBe(Status.WEBHOOK_DISABLED);
    expect((await t.api.updateWebhook({ id, enabled: true }, a.token)).status).toBe(0);
    r.mode = 'ok';
    expect((await t.api.replayWebhookEvents({ id, from: since, to: Date.now(), onlyFailed: true }, a.token)).result.queued).toBe(2);
    await drainJobs(t);
    expect(r.messages).toHaveLength(2);
    await t.api.delWebhook({ id }, a.token);
  });

  it('contains a slow endpoint and a huge answer: the first times out, the second is read 4 KB far', async () => {
    const slow = await endpoint(['visit.created']);
    slow.r.mode = 'slow';
    const huge = await endpoint(['visit.created']);
    huge.r.mode = 'huge';
    await walkIn('13911110006');
    await drainJobs(t);
    const [s] = (await deliveriesOf(slow.id)).result.list;
    expect(s).toMatchObject({ state: 'pending', lastStatus: null, lastError: 'no answer within 0.3 s' });
    const [h] = (await deliveriesOf(huge.id)).result.list;
    expect(h).toMatchObject({ state: 'succeeded', lastStatus: 200 });
    const attempt = (await t.api.getWebhookDelivery({ deliveryId: h?.id ?? 0 }, a.token)).result.attempts[0];
    expect(attempt?.responseBody).toHaveLength(ANSWER_KEPT);
    await t.api.delWebhook({ id: slow.id }, a.token);
    await t.api.delWebhook({ id: huge.id }, a.token);
  });

  it('refuses bad addresses and another company’s ids; only administrators manage webhooks', async () => {
    const refused = await t.call('addWebhook', { url: 'ftp://example.com/x', events: ['*'] }, a.token);
    expect(refused.status).toBe(Status.BAD_PARAMS);
    expect((await t.call('addWebhook', { url: 'https://user:pw@example.com/x', events: ['*'] }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('addWebhook', { url: 'https://example.com/x', events: ['visit.teleported'] }, a.token)).status).toBe(Status.BAD_PARAMS);
    expect((await t.call('addWebhook', { url: 'https://example.com/x', events: ['webhook.test'] }, a.token)).status).toBe(Status.BAD_PARAMS);
    const { id } = await endpoint(['*']);
    expect((await t.api.updateWebhook({ id, description: 'theirs' }, b.token)).status).toBe(Status.WEBHOOK_UNKNOWN);
    expect((await t.api.delWebhook({ id }, b.token)).status).toBe(Status.WEBHOOK_UNKNOWN);
    expect((await t.api.testWebhook({ id }, b.token)).status).toBe(Status.WEBHOOK_UNKNOWN);
    expect((await deliveriesOf(id, b.token)).status).toBe(Status.WEBHOOK_UNKNOWN);
    const test = await t.api.testWebhook({ id }, a.token);
    expect((await t.api.getWebhookDelivery({ deliveryId: test.result.deliveryId }, b.token)).status).toBe(Status.WEBHOOK_UNKNOWN);
    expect((await t.api.resendWebhookDelivery({ deliveryId: test.result.deliveryId }, b.token)).status).toBe(Status.WEBHOOK_UNKNOWN);
    const desk = await seedStaff(t, a.id, 2);
    expect((await t.api.getWebhooks({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    await t.api.delWebhook({ id }, a.token);
  });

  it('a test event goes to its endpoint only; the outbox keeps the company’s events for replays', async () => {
    const one = await endpoint(['*']);
    const other = await endpoint(['*']);
    await t.api.testWebhook({ id: one.id }, a.token);
    await drainJobs(t);
    expect((await one.r.waitFor(1))[0]).toMatchObject({ type: 'webhook.test', data: { endpointId: one.id } });
    expect(other.r.messages).toHaveLength(0);
    const kept = await t.db.select({ n: sql<number>`count(*)::int` }).from(eventOutbox).where(eq(eventOutbox.companyId, a.id));
    expect(kept[0]?.n).toBeGreaterThan(5);
  });

  it('an erased visitor’s events go with their deliveries: a waiting one is never sent', async () => {
    const { r, id } = await endpoint(['*']);
    r.mode = 'fail';
    const v = await walkIn('13911110077');
    await t.api.updateVisitStatus({ vid: v.result.vid, event: 'signOut' }, a.token);
    await drainJobs(t);
    expect((await deliveriesOf(id)).result.count).toBe(3);
    expect((await t.api.erasePerson({ phone: '13911110077', keepBlacklist: false }, a.token)).status).toBe(0);
    expect((await deliveriesOf(id)).result.count).toBe(0);
    const left = await t.db
      .select({ id: eventOutbox.id })
      .from(eventOutbox)
      .where(sql`${eventOutbox.data}->>'vid' = ${String(v.result.vid)}`);
    expect(left).toEqual([]);
    r.mode = 'ok';
    await drainJobs(t);
    expect(r.messages).toHaveLength(0);
    await t.api.delWebhook({ id }, a.token);
  });

  it('an erased driver’s truck events go with the booking’s record', async () => {
    const { sid } = await seedBooking(t, a.token, { dname: 'Driver Erased', dmobile: '13911110078', dcardId: DRIVER_ID, plateNum: '粤B77777' });
    await t.api.approveLogistics({ sid, pstatus: 1 }, a.token);
    await t.api.logisticsArrive({ sid }, a.token);
    await t.api.logisticsLeave({ sid }, a.token);
    const ofBooking = async () => (await eventsOf(t, a.id, 'truck.arrived', 'truck.left')).filter((e) => e.data.bookingId === sid);
    expect((await ofBooking()).map((e) => e.type)).toEqual(['truck.arrived', 'truck.left']);
    expect((await t.api.erasePerson({ phone: '13911110078', keepBlacklist: false }, a.token)).status).toBe(0);
    expect(await ofBooking()).toEqual([]);
  });

  it('on a private address when the operator does not allow it: refused with the reason', async () => {
    const strict = await testApp({ allowPrivateEndpoints: false });
    try {
      const { a: admin } = await twoTenants(strict);
      const r = await strict.api.addWebhook({ url: 'http://127.0.0.1:9/hooks', events: ['*'] }, admin.token);
      expect(r.status).toBe(Status.WEBHOOK_URL_REFUSED);
      expect(r.reason).toContain('private and local network addresses are not allowed');
    } finally {
      await strict.close();
    }
  });
});
