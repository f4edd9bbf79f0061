import { MONITOR_LOGS_PER_UPLOAD, Status } from '@openvisit/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventsOf, seedCompany, seedStaff, type Tenant, type TestApp, testApp, twoTenants } from '../../../test/harness.js';
import { startSmtp } from '../../../test/smtp.js';
import { companies, devices, gates, messages, monitorErrorLogs, monitoredDevices, staffAccounts } from '../../db/schema/index.js';
import { tenantScope } from '../../platform/identity/tenancy.js';
import { ensureMonitorSweep, MONITOR_SWEEP_EVERY_MS } from './monitor.schedule.js';
import { deviceHeartbeat } from './monitor.service.js';

type Errors = { errors: { field: string; rule: string }[] };
const beat = (clientId: string, extra: Partial<{ type: 1 | 2 | 3; name: string; version: string }> = {}) => ({
  type: 2 as const,
  clientId,
  name: 'Lobby kiosk',
  version: '2.4.8',
  ...extra,
});
const entry = (message: string, level: 'error' | 'warn' | 'info' = 'error', time = Date.now()) => ({ level, message, time });

describe('device monitor', () => {
  let t: TestApp;
  let a: Tenant;
  let b: Tenant;
  let kiosk: { token: string; account: string };
  let desk: { token: string; account: string };
  let theirs: number;
  beforeAll(async () => {
    t = await testApp();
    ({ a, b } = await twoTenants(t));
    kiosk = await seedStaff(t, a.id, 4);
    desk = await seedStaff(t, a.id, 2);
    const bKiosk = await seedStaff(t, b.id, 4);
    theirs = (await t.api.updateEqptMonitor(beat('b-kiosk-1', { name: 'Beta kiosk' }), bKiosk.token)).result.mid;
    await t.api.clientUploadLog({ ...beat('b-kiosk-1'), logs: [entry('Beta secret failure')] }, bKiosk.token);
  });
  afterAll(() => t.close());

  it('no token 28; an administrator cannot send heartbeats and a kiosk cannot read the monitor (610)', async () => {
    expect((await t.api.updateEqptMonitor(beat('x'))).status).toBe(Status.TOKEN_MISSING);
    expect((await t.api.getEqptMonitor({})).status).toBe(Status.TOKEN_MISSING);
    expect((await t.api.updateEqptMonitor(beat('x'), a.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.getEqptMonitor({}, kiosk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.delEqptMonitor({ mid: theirs }, kiosk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.searchEqptMonitorErrorLogByCondition({}, desk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.updateEqptMonitorSetting({ offlineMinutes: 10 }, kiosk.token)).status).toBe(Status.NO_PERMISSION);
    expect((await t.api.clientUploadLog({ ...beat('x'), logs: [entry('m')] }, a.token)).status).toBe(Status.NO_PERMISSION);
  });

  it('a heartbeat creates the entry once by identifier, then updates it; the list shows it online with exact fields', async () => {
    const [gate] = await t.db.insert(gates).values({ companyId: a.id, name: 'North gate' }).returning();
    const gated = await seedStaff(t, a.id, 4);
    await t.db
      .update(staffAccounts)
      .set({ gids: [gate?.id ?? 0] })
      .where(eq(staffAccounts.account, gated.account));
    const gatedToken = (await t.api.Login({ email: gated.account, password: 'Secret#2026' })).result.token;
    const first = await t.api.updateEqptMonitor(beat('kiosk-a-1'), kiosk.token);
    expect(first.result).toEqual({ mid: expect.any(Number), interval: 60 });
    // Again from the front desk with another version and no name: the same entry; the name is kept.
    const again = await t.api.updateEqptMonitor(beat('kiosk-a-1', { name: '', version: '2.5.0', type: 1 }), desk.token);
    expect(again.result.mid).toBe(first.result.mid);
    await t.api.updateEqptMonitor(beat('kiosk-a-2', { name: 'Gate tablet' }), gatedToken);
    const list = await t.api.getEqptMonitor({}, a.token);
    expect(list.result).toMatchObject({ count: 2, online: 2, offline: 0, offlineMinutes: 5, pageNo: 1, pageSize: 20 });
    expect(list.result.list.map((d) => d.name)).toEqual(['Gate tablet', 'Lobby kiosk']);
    expect(list.result.list[1]).toEqual({
      mid: first.result.mid,
      type: 1,
      clientId: 'kiosk-a-1',
      name: 'Lobby kiosk',
      gid: null,
      gateName: '',
      ip: '127.0.0.1',
      version: '2.5.0',
      account: desk.account,
      eid: null,
      lastHeartbeat: expect.any(Number),
      status: 'online',
      errorCount: 0,
      createTime: expect.any(Number),
    });
    expect(list.result.list[0]).toMatchObject({ gid: gate?.id, gateName: 'North gate', account: gated.account, type: 2 });
    expect(Math.abs((list.result.list[1]?.lastHeartbeat ?? 0) - Date.now())).toBeLessThan(60_000);
    // Another company's entries are not in this list.
    expect(list.result.list.some((d) => d.mid === theirs)).toBe(false);
  });

  it('filters by type, status and text; a stale heartbeat counts offline', async () => {
    await t.db
      .update(monitoredDevices)
      .set({ lastHeartbeatAt: new Date(Date.now() - 6 * 60_000) })
      .where(eq(monitoredDevices.clientId, 'kiosk-a-2'));
    const all = await t.api.getEqptMonitor({}, a.token);
    expect(all.result).toMatchObject({ online: 1, offline: 1 });
    expect(all.result.list.find((d) => d.clientId === 'kiosk-a-2')?.status).toBe('offline');
    expect((await t.api.getEqptMonitor({ status: 'offline' }, a.token)).result.list.map((d) => d.clientId)).toEqual(['kiosk-a-2']);
    expect((await t.api.getEqptMonitor({ status: 'online' }, a.token)).result.list.map((d) => d.clientId)).toEqual(['kiosk-a-1']);
    expect((await t.api.getEqptMonitor({ type: 1 }, a.token)).result.list.map((d) => d.clientId)).toEqual(['kiosk-a-1']);
    expect((await t.api.getEqptMonitor({ type: 3 }, a.token)).result.count).toBe(0);
    expect((await t.api.getEqptMonitor({ name: 'TABLET' }, a.token)).result.list.map((d) => d.clientId)).toEqual(['kiosk-a-2']);
    expect((await t.api.getEqptMonitor({ name: '%' }, a.token)).result.count).toBe(0);
    const paged = await t.api.getEqptMonitor({ startIndex: 1, requestedCount: 1 }, a.token);
    expect(paged.result).toMatchObject({ count: 2, pageNo: 2, pageSize: 1 });
    expect(paged.result.list.map((d) => d.clientId)).toEqual(['kiosk-a-1']);
    // A longer threshold makes it online again: the status is computed when read.
    expect((await t.api.updateEqptMonitorSetting({ offlineMinutes: 10 }, a.token)).result).toEqual({ offlineMinutes: 10 });
    expect((await t.api.getEqptMonitor({}, a.token)).result).toMatchObject({ online: 2, offline: 0, offlineMinutes: 10 });
    expect((await t.api.getEqptMonitor({}, b.token)).result.offlineMinutes).toBe(5);
    expect((await t.api.updateEqptMonitorSetting({ offlineMinutes: 5 }, a.token)).status).toBe(0);
  });

  it('refuses bad input with the field named', async () => {
    const bad = async (name: string, body: unknown, token: string) => [
      ...new Set((await t.call<Errors>(name, body, token)).result.errors?.map((e) => e.field)),
    ];
    expect(await bad('updateEqptMonitor', { type: 4, clientId: 'x' }, kiosk.token)).toEqual(['type']);
    expect(await bad('updateEqptMonitor', { type: 2, clientId: 'has space' }, kiosk.token)).toEqual(['clientId']);
    expect(await bad('updateEqptMonitor', { type: 2, clientId: 'x'.repeat(65) }, kiosk.token)).toEqual(['clientId']);
    expect(await bad('updateEqptMonitor', { type: 2, clientId: '' }, kiosk.token)).toEqual(['clientId']);
    expect(await bad('updateEqptMonitor', { type: 2, clientId: 'x', name: 'n'.repeat(65) }, kiosk.token)).toEqual(['name']);
    expect(await bad('getEqptMonitor', { status: 'sleeping' }, a.token)).toEqual(['status']);
    expect(await bad('updateEqptMonitorSetting', { offlineMinutes: 1 }, a.token)).toEqual(['offlineMinutes']);
    expect(await bad('updateEqptMonitorSetting', { offlineMinutes: 1441 }, a.token)).toEqual(['offlineMinutes']);
    expect(await bad('delEqptMonitor', { mid: 0 }, a.token)).toEqual(['mid']);
    expect(await bad('searchEqptMonitorErrorLogByCondition', { startTime: Date.now(), endTime: Date.now() - 1000 }, a.token)).toEqual(['endTime']);
    expect(await bad('searchEqptMonitorErrorLogByCondition', { level: 'fatal' }, a.token)).toEqual(['level']);
  });

  it('uploads a batch of log entries within the limits; the upload is a heartbeat too', async () => {
    const r = await t.api.clientUploadLog(
      {
        ...beat('kiosk-a-3', { name: 'Side kiosk', version: '2.4.9' }),
        logs: [
          entry('TypeError: x is undefined', 'error', Date.UTC(2026, 10, 20, 8)),
          { ...entry('slow call', 'warn'), detail: 'at walkIn\nat main' },
        ],
      },
      kiosk.token,
    );
    expect(r.result).toEqual({ mid: expect.any(Number), accepted: 2 });
    const log = await t.api.searchEqptMonitorErrorLogByCondition({}, a.token);
    expect(log.result.count).toBe(2);
    expect(log.result.list.map((l) => l.message)).toEqual(['slow call', 'TypeError: x is undefined']);
    expect(log.result.list[1]).toEqual({
      id: expect.any(Number),
      mid: r.result.mid,
      deviceName: 'Side kiosk',
      clientId: 'kiosk-a-3',
      type: 2,
      level: 'error',
      message: 'TypeError: x is undefined',
      detail: '',
      version: '2.4.9',
      time: Date.UTC(2026, 10, 20, 8),
      createTime: expect.any(Number),
    });
    expect(log.result.list[0]?.detail).toBe('at walkIn\nat main');
    expect((await t.api.getEqptMonitor({ name: 'kiosk-a-3' }, a.token)).result.list[0]).toMatchObject({ status: 'online', errorCount: 1 });
    const bad = async (body: unknown) => (await t.call<Errors>('clientUploadLog', body, kiosk.token)).result.errors?.map((e) => e.field);
    const tooMany = Array.from({ length: MONITOR_LOGS_PER_UPLOAD + 1 }, (_, i) => entry(`m${i}`));
    expect(await bad({ ...beat('kiosk-a-3'), logs: tooMany })).toEqual(['logs']);
    expect(await bad({ ...beat('kiosk-a-3'), logs: [] })).toEqual(['logs']);
    expect(await bad({ ...beat('kiosk-a-3'), logs: [entry('m'.repeat(501))] })).toEqual(['logs.0.message']);
    expect(await bad({ ...beat('kiosk-a-3'), logs: [{ ...entry('m'), detail: 'd'.repeat(4001) }] })).toEqual(['logs.0.detail']);
    expect(await bad({ ...beat('kiosk-a-3'), logs: [entry('m', 'error', 8.64e15)] })).toEqual(['logs.0.time']);
    expect(await bad({ ...beat('kiosk-a-3'), logs: [{ ...entry('m'), level: 'fatal' }] })).toEqual(['logs.0.level']);
  });

  it('searches the log by device, level, time and text, newest first, paged; never another company’s', async () => {
    const mid = (await t.api.getEqptMonitor({ name: 'kiosk-a-3' }, a.token)).result.list[0]?.mid ?? 0;
    const search = (q: Record<string, unknown>) =>
      t.api.searchEqptMonitorErrorLogByCondition(q, a.token).then((r) => r.result.list.map((l) => l.message));
    expect(await search({ mid })).toEqual(['slow call', 'TypeError: x is undefined']);
    expect(await search({ level: 'warn' })).toEqual(['slow call']);
    expect(await search({ text: 'typeerror' })).toEqual(['TypeError: x is undefined']);
    expect(await search({ startTime: Date.UTC(2026, 10, 20, 7), endTime: Date.UTC(2026, 10, 20, 9) })).toEqual(['TypeError: x is undefined']);
    expect(await search({ mid: theirs })).toEqual([]);
    expect(await search({ text: 'Beta' })).toEqual([]);
    const paged = await t.api.searchEqptMonitorErrorLogByCondition({ startIndex: 1, requestedCount: 1 }, a.token);
    expect(paged.result).toMatchObject({ count: 2, pageNo: 2 });
  });

  it('keeps only the newest entries of a device', async () => {
    const { MONITOR_LOGS_KEPT_PER_DEVICE } = await import('@openvisit/contract');
    const mid = (await t.api.getEqptMonitor({ name: 'kiosk-a-3' }, a.token)).result.list[0]?.mid ?? 0;
    const old = Array.from({ length: MONITOR_LOGS_KEPT_PER_DEVICE }, (_, i) => ({
      companyId: a.id,
      monitorId: mid,
      level: 'info',
      message: `old ${i}`,
      occurredAt: new Date(),
    }));
    await t.db.insert(monitorErrorLogs).values(old);
    await t.api.clientUploadLog({ ...beat('kiosk-a-3'), logs: [entry('newest')] }, kiosk.token);
    const log = await t.api.searchEqptMonitorErrorLogByCondition({ mid, requestedCount: 1 }, a.token);
    expect(log.result.count).toBe(MONITOR_LOGS_KEPT_PER_DEVICE);
    expect(log.result.list[0]?.message).toBe('newest');
    expect((await t.api.searchEqptMonitorErrorLogByCondition({ mid, text: 'TypeError' }, a.token)).result.count).toBe(0);
  });

  it('deletes an entry and its log; another company’s id is not found; a new heartbeat brings it back', async () => {
    expect((await t.api.delEqptMonitor({ mid: theirs }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.getEqptMonitor({}, b.token)).result.count).toBe(1);
    const mid = (await t.api.getEqptMonitor({ name: 'kiosk-a-3' }, a.token)).result.list[0]?.mid ?? 0;
    expect((await t.api.delEqptMonitor({ mid }, a.token)).status).toBe(0);
    expect((await t.api.delEqptMonitor({ mid }, a.token)).status).toBe(Status.NO_SUCH_RECORD);
    expect((await t.api.searchEqptMonitorErrorLogByCondition({ mid }, a.token)).result.count).toBe(0);
    const back = await t.api.updateEqptMonitor(beat('kiosk-a-3', { name: 'Side kiosk' }), kiosk.token);
    expect(back.result.mid).not.toBe(mid);
    expect((await t.api.getEqptMonitor({ name: 'kiosk-a-3' }, a.token)).result.count).toBe(1);
  });

  it('a face terminal reporting as a device is listed as type 3, linked to its device; another company’s device is not linked', async () => {
    const [own] = await t.db.insert(devices).values({ companyId: a.id, name: 'Door 1 face', code: 'FACE-1', kind: 'face' }).returning();
    const [foreign] = await t.db.insert(devices).values({ companyId: b.id, name: 'Beta face', code: 'FACE-B', kind: 'face' }).returning();
    const scope = tenantScope(t.db, { companyId: a.id });
    const mid = await deviceHeartbeat(scope, { id: own?.id ?? 0, name: 'Door 1 face', ip: '10.1.2.3', version: 'fw 3.1' });
    await deviceHeartbeat(scope, { id: foreign?.id ?? 0, name: 'Not mine', ip: '10.9.9.9' });
    const list = (await t.api.getEqptMonitor({ type: 3 }, a.token)).result.list;
    expect(list.map((d) => [d.mid === mid, d.clientId, d.eid, d.status, d.ip, d.version, d.account])).toEqual([
      [true, `device:${own?.id}`, own?.id, 'online', '10.1.2.3', 'fw 3.1', ''],
      [false, `device:${foreign?.id}`, null, 'online', '10.9.9.9', '', ''],
    ]);
    // Deleting the device keeps its monitor entry, unlinked.
    await t.db.delete(devices).where(eq(devices.id, own?.id ?? 0));
    expect((await t.api.getEqptMonitor({ name: 'Door 1' }, a.token)).result.list[0]?.eid).toBeNull();
  });

  it('the calls disappear when the monitor section is switched off', async () => {
    const off = await testApp({}, { FEATURES_OFF: 'monitor' });
    try {
      const c = await seedCompany(off);
      expect((await off.api.getEqptMonitor({}, c.token)).http).toBe(404);
    } finally {
      await off.close();
    }
  });
});

describe('the offline alert', () => {
  it('tells the administrator once per offline episode and once when back, by mail through SMTP', async () => {
    const smtp = await startSmtp();
    const t = await testApp({ smtpUrl: smtp.url });
    try {
      const { a, b } = await twoTenants(t);
      await t.db.update(companies).set({ lang: 'zh' }).where(eq(companies.id, b.id));
      const kiosk = await seedStaff(t, a.id, 4);
      const bKiosk = await seedStaff(t, b.id, 4);
      await t.api.updateEqptMonitor(beat('lobby-1', { name: 'Lobby kiosk' }), kiosk.token);
      await t.api.updateEqptMonitor(beat('lobby-2', { name: 'Side kiosk' }), kiosk.token);
      await t.api.updateEqptMonitor(beat('b-1', { name: '前台平板', type: 1 }), bKiosk.token);
      await t.api.updateEqptMonitorSetting({ offlineMinutes: 10 }, b.token);
      const stale = (clientId: string, minutes: number) =>
        t.db
          .update(monitoredDevices)
          .set({ lastHeartbeatAt: new Date(Date.now() - minutes * 60_000) })
          .where(eq(monitoredDevices.clientId, clientId));
      let slot = 100;
      const sweep = async () => {
        // A slot already due (each sweep its own, as each minute has its key): the job runs now.
        await ensureMonitorSweep(t.services.jobs, new Date(Date.now() - slot++ * MONITOR_SWEEP_EVERY_MS));
        await t.services.jobs.runDue();
      };
      const mailsTo = (to: string) =>
        t.db
          .select({ subject: messages.subject, text: messages.text, state: messages.state })
          .from(messages)
          .where(eq(messages.to, to))
          .orderBy(messages.id);

      // Nothing stale: nobody is told.
      await sweep();
      expect(await mailsTo(a.email)).toEqual([]);

      // lobby-1 silent 6 minutes (A's threshold 5); b-1 silent 6 minutes under B's 10: only A hears, once.
      await stale('lobby-1', 6);
      await stale('b-1', 6);
      await sweep();
      await sweep();
      const first = await mailsTo(a.email);
      expect(first.map((m) => m.subject)).toEqual(['Device offline: Lobby kiosk']);
      expect(first[0]?.text).toContain('These devices have not reported for more than 5 minutes:');
      expect(first[0]?.text).toContain('Lobby kiosk (Visitor machine, 127.0.0.1), last heartbeat');
      expect(first[0]?.text).toContain('http://openvisit.test/monitor');
      expect(await mailsTo(b.email)).toEqual([]);
      expect(smtp.received.map((m) => m.to)).toEqual([[a.email]]);

      // Back: one mail; then offline again: a new episode, a new mail.
      await t.api.updateEqptMonitor(beat('lobby-1'), kiosk.token);
      await sweep();
      await sweep();
      expect((await mailsTo(a.email)).map((m) => m.subject)).toEqual(['Device offline: Lobby kiosk', 'Device back online: Lobby kiosk']);
      await stale('lobby-1', 7);
      await stale('lobby-2', 7);
      await stale('b-1', 11);
      await sweep();
      expect((await mailsTo(a.email)).map((m) => m.subject)).toEqual([
        'Device offline: Lobby kiosk',
        'Device back online: Lobby kiosk',
        '2 devices offline',
      ]);
      // B's administrator reads Chinese.
      const zh = await mailsTo(b.email);
      expect(zh.map((m) => m.subject)).toEqual(['设备离线：前台平板']);
      expect(zh[0]?.text).toContain('以下设备已超过 10 分钟未上报心跳：');
      expect(zh[0]?.text).toContain('前台平板（iPad，127.0.0.1），最后心跳');
      expect(smtp.received.length).toBe(4);
      // The list agrees.
      expect((await t.api.getEqptMonitor({}, a.token)).result).toMatchObject({ online: 0, offline: 2 });
      // Each episode's start and end is a webhook event of the device's company, as the mails are.
      const events = (await eventsOf(t, a.id, 'device.offline', 'device.online')).map((e) => [e.type, e.data.clientId]);
      expect(events).toEqual([
        ['device.offline', 'lobby-1'],
        ['device.online', 'lobby-1'],
        ['device.offline', 'lobby-1'],
        ['device.offline', 'lobby-2'],
      ]);
      expect((await eventsOf(t, b.id, 'device.offline'))[0]?.data).toMatchObject({
        kind: 'frontDesk',
        name: '前台平板',
        clientId: 'b-1',
        ip: '127.0.0.1',
      });
    } finally {
      await t.close();
      await smtp.close();
    }
  });

  it('drops error log entries past the retention', async () => {
    const t = await testApp();
    try {
      const a = await seedCompany(t);
      const kiosk = await seedStaff(t, a.id, 4);
      const { result } = await t.api.clientUploadLog({ ...beat('k'), logs: [entry('recent'), entry('old')] }, kiosk.token);
      await t.db
        .update(monitorErrorLogs)
        .set({ createdAt: new Date(Date.now() - 31 * 24 * 3600_000) })
        .where(eq(monitorErrorLogs.message, 'old'));
      await ensureMonitorSweep(t.services.jobs, new Date(Date.now() - 2 * MONITOR_SWEEP_EVERY_MS));
      await t.services.jobs.runDue();
      const log = await t.api.searchEqptMonitorErrorLogByCondition({ mid: result.mid }, a.token);
      expect(log.result.list.map((l) => l.message)).toEqual(['recent']);
    } finally {
      await t.close();
    }
  });
});
