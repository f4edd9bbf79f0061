import { EmailType, Status } from '@openvisit/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeRtx, startFakeRtx } from '../../../test/directory-fakes.js';
import { seedCompany, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { type FakeProvider, type FakeSmtp, startFakeProvider, startSmtp } from '../../../test/notify-fakes.js';
import { messages } from '../../db/schema/index.js';
import { isPrivateAddress, setResolverForTests } from '../../platform/http/endpoints.js';

// A company administrator must not reach into the hosting network through its mail server or provider endpoints
// (the mail test told a refused port from a closed one): private and local targets are refused unless the operator
// allows them, and a failed test has one neutral reason.
describe('company-supplied endpoints', () => {
  let t: TestApp;
  let a: Tenant;
  let smtp: FakeSmtp;
  let sms: FakeProvider;
  let rtx: FakeRtx;
  beforeAll(async () => {
    smtp = await startSmtp();
    sms = await startFakeProvider('sms-secret');
    rtx = await startFakeRtx();
    t = await testApp({ allowPrivateEndpoints: false });
    a = await seedCompany(t, 'Alpha');
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    await sms.close();
    await rtx.close();
  });
  afterEach(() => setResolverForTests(null));

  it('classifies addresses: loopback, private, link-local, CGNAT, unspecified and IPv4-mapped are not public', () => {
    for (const ip of [
      '127.0.0.1',
      '10.0.0.1',
      '172.16.5.5',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
    ])
      expect(isPrivateAddress(ip), ip).toBe(true);
    for (const ip of ['8.8.8.8', '1.1.1.1', '2001:4860:4860::8888', '::ffff:8.8.8.8']) expect(isPrivateAddress(ip), ip).toBe(false);
  });

  it('the mail test refuses a local server, with the same answer as any other failure', async () => {
    const server = { type: EmailType.SMTP, smtp_port: smtp.port, ssl: 0 as const, account: '', sender: 'visits@alpha.example' };
    const local = await t.api.testEmailConf({ to: 'check@example.com', ...server, smtp: '127.0.0.1' }, a.token);
    expect(local.status).toBe(Status.EMAIL_SEND_FAILED);
    const mapped = await t.api.testEmailConf({ to: 'check@example.com', ...server, smtp: 'localhost' }, a.token);
    expect(mapped.status).toBe(Status.EMAIL_SEND_FAILED);
    const unknown = await t.api.testEmailConf({ to: 'check@example.com', ...server, smtp: 'no-such-host.invalid' }, a.token);
    expect(unknown.status).toBe(Status.EMAIL_SEND_FAILED);
    expect(new Set([local.reason, mapped.reason, unknown.reason]).size).toBe(1);
    expect(local.reason).not.toMatch(/ECONNREFUSED|timed? ?out|ENOTFOUND|127\.0\.0\.1/i);
    expect(smtp.received).toEqual([]);
  });

  it('an SMS endpoint on the local network is not called; the record says why without probing', async () => {
    const on = await t.api.updateSMSConf(
      { smsNotify: 1, endpoint: sms.url, appKey: 'k1', appSecret: 'sms-secret', signature: '【Alpha】', smsQuota: 10 },
      a.token,
    );
    expect(on.status, on.reason).toBe(0);
    await t.services.notifier.tell(a.id, { channel: 'sms', to: '13900000009', toName: 'Probe' }, { subject: 's', text: 'hello' }, {});
    await t.services.jobs.runDue();
    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.channel, 'sms'), eq(messages.to, '13900000009')));
    expect(row?.state).toBe('failed');
    expect(row?.error).toMatch(/private/);
    expect(sms.received).toEqual([]);
  });

  it('an SMS endpoint whose name answers public to the check and 127.0.0.1 to the connection is not called', async () => {
    // DNS rebinding: the name resolves to a public address first, to the local fake provider from then on.
    let n = 0;
    setResolverForTests(async (host) => {
      if (host !== 'sms.rebind.example') throw new Error('ENOTFOUND');
      return n++ === 0 ? ['203.0.113.9'] : ['127.0.0.1'];
    });
    const endpoint = sms.url.replace('127.0.0.1', 'sms.rebind.example');
    const on = await t.api.updateSMSConf(
      { smsNotify: 1, endpoint, appKey: 'k1', appSecret: 'sms-secret', signature: '【Alpha】', smsQuota: 10 },
      a.token,
    );
    expect(on.status, on.reason).toBe(0);
    await t.services.notifier.tell(a.id, { channel: 'sms', to: '13900000010', toName: 'Rebind' }, { subject: 's', text: 'hello' }, {});
    await t.services.jobs.runDue();
    const [row] = await t.db
      .select()
      .from(messages)
      .where(and(eq(messages.channel, 'sms'), eq(messages.to, '13900000010')));
    expect(row?.state).toBe('failed');
    expect(row?.error).toMatch(/private/);
    expect(n).toBeGreaterThanOrEqual(2);
    expect(sms.received).toEqual([]);
  });

  it('the RTX directory sync does not reach a server on the local network', async () => {
    rtx.departments = new Map([['0', [{ id: '2', name: 'IT' }]]]);
    expect((await t.api.updateRtxConf({ rtxnotify: 1, rtxIp: '127.0.0.1', rtxPort: rtx.port }, a.token)).status).toBe(0);
    const r = await t.call('autoGetDeptFromCT', {}, a.token);
    expect(r.status, r.reason).toBe(Status.DIRECTORY_REFUSED);
    expect(r.reason).toMatch(/private/);
    expect(rtx.requests).toBe(0);
    expect((await t.api.updateRtxConf({ rtxnotify: 0 }, a.token)).status).toBe(0);
  });

  it('the operator can allow private targets', async () => {
    const allowed = await testApp({ allowPrivateEndpoints: true });
    try {
      const c = await seedCompany(allowed, 'Gamma');
      const r = await allowed.api.testEmailConf(
        { to: 'check@example.com', type: EmailType.SMTP, smtp: '127.0.0.1', smtp_port: smtp.port, ssl: 0, account: '', sender: 'v@gamma.example' },
        c.token,
      );
      expect(r.status, r.reason).toBe(0);
      expect(smtp.received.map((m) => m.to)).toEqual([['check@example.com']]);
    } finally {
      await allowed.close();
    }
  });
});
