import { Status } from '@openvisit/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type CloudFake, startAliyunSms, startTencentSms } from '../../../test/cloud-sms-fakes.js';
import { seedCompany, type Tenant, type TestApp, testApp } from '../../../test/harness.js';
import { messages } from '../../db/schema/index.js';

type Errors = { errors: { field: string; rule: string }[] };
const PHONE = '13912345678';

// The company's SMS through Aliyun's and Tencent Cloud's own APIs (their SDKs), against local servers that check the
// signature with the test secret and answer as the providers document.
describe('SMS through Aliyun and Tencent Cloud', () => {
  let t: TestApp;
  let a: Tenant;
  let aliyun: CloudFake;
  let tencent: CloudFake;
  beforeAll(async () => {
    aliyun = await startAliyunSms('LTAI5tTestKeyId', 'aliyun-test-secret');
    tencent = await startTencentSms('AKIDtestSecretId', 'tencent-test-secret-key');
    t = await testApp({ cloudSms: { aliyunUrl: aliyun.url, tencentUrl: tencent.url }, notify: { timeoutMs: 3000, maxResponseBytes: 64 * 1024 } });
    a = await seedCompany(t, 'Alpha');
  });
  afterAll(async () => {
    await t.close();
    await aliyun.close();
    await tencent.close();
  });
  beforeEach(() => {
    aliyun.refuse = null;
    tencent.refuse = null;
  });

  const lastRecord = async () =>
    (
      await t.db
        .select()
        .from(messages)
        .where(and(eq(messages.companyId, a.id), eq(messages.channel, 'sms')))
        .orderBy(desc(messages.id))
        .limit(1)
    )[0];

  it('Aliyun: needs key, secret, sign name and the notice template; the secret is sealed and never answered', async () => {
    const off = await t.api.updateSMSConf({ smsNotify: 1, vendor: 'aliyun' }, a.token);
    expect(off.status).toBe(Status.BAD_PARAMS);
    expect((off.result as unknown as Errors).errors.map((e) => e.field).sort()).toEqual(['appKey', 'appSecret', 'signature', 'templates.notice']);
    const saved = await t.api.updateSMSConf(
      {
        smsNotify: 1,
        vendor: 'aliyun',
        appKey: 'LTAI5tTestKeyId',
        appSecret: 'aliyun-test-secret',
        signature: '访客系统',
        templates: { notice: 'SMS_100000', code: 'SMS_100001', arrival: 'SMS_100004' },
        smsQuota: 10,
      },
      a.token,
    );
    expect(saved.status).toBe(0);
    expect(saved.result).toMatchObject({
      vendor: 'aliyun',
      hasSecret: true,
      templates: { notice: 'SMS_100000', code: 'SMS_100001', invitation: '' },
    });
    expect(JSON.stringify(saved.result)).not.toContain('aliyun-test-secret');
    expect((await t.api.testSmsConf({ to: PHONE, kind: 'notice', templates: { notice: 'SMS 1' } }, a.token)).status).toBe(Status.BAD_PARAMS);
  });

  it('Aliyun: the test sends the chosen template with its values; a verification code goes by the code template', async () => {
    const test = await t.api.testSmsConf({ to: PHONE, kind: 'arrival' }, a.token);
    expect(test.result).toEqual({ sent: true, problem: null, code: '', detail: '' });
    expect(aliyun.received.at(-1)).toMatchObject({
      PhoneNumbers: PHONE,
      SignName: '访客系统',
      TemplateCode: 'SMS_100004',
      TemplateParam: { visitor: 'Alex Chen', company: 'Alpha', gate: 'Reception' },
    });
    // A kind without a template of its own goes by the notice template, its text as `content`.
    await t.api.testSmsConf({ to: PHONE, kind: 'invitation' }, a.token);
    expect(aliyun.received.at(-1)).toMatchObject({ TemplateCode: 'SMS_100000', TemplateParam: { content: expect.stringContaining('Alex Chen') } });

    expect((await t.api.sendSmsCode({ phone: PHONE, purpose: 'verify' }, a.token)).status).toBe(0);
    const sent = aliyun.received.at(-1) as { TemplateCode: string; TemplateParam: { code: string } };
    expect(sent.TemplateCode).toBe('SMS_100001');
    expect(sent.TemplateParam.code).toMatch(/^\d{6}$/);
    expect((await t.api.checkSmsCode({ phone: PHONE, code: sent.TemplateParam.code, purpose: 'verify' })).status).toBe(0);
    // The delivery record does not keep a code someone could still use, in the text or the template.
    const record = await lastRecord();
    expect(record?.state).toBe('sent');
    expect(JSON.stringify(record)).not.toContain(sent.TemplateParam.code);
    expect((await t.api.getNotifyConf({}, a.token)).result.sms).toMatchObject({ smsQuota: 9, smsSent: 1 });
  });

  it("Aliyun: a refusal and a wrong secret come back with the provider's code and words", async () => {
    aliyun.refuse = 'limit';
    const limited = await t.api.testSmsConf({ to: PHONE, kind: 'notice' }, a.token);
    expect(limited.result).toEqual({ sent: false, problem: 'refused', code: 'isv.BUSINESS_LIMIT_CONTROL', detail: '触发号码天级流控Permits:10' });
    expect((await lastRecord())?.error).toContain('isv.BUSINESS_LIMIT_CONTROL');
    const code = await t.api.sendSmsCode({ phone: '13912345679', purpose: 'verify' }, a.token);
    expect(code.status).toBe(Status.SMS_SEND_FAILED);
    expect(code.reason).toContain('isv.BUSINESS_LIMIT_CONTROL');
    // The quota is given back for a message the provider did not take.
    expect((await t.api.getNotifyConf({}, a.token)).result.sms.smsQuota).toBe(9);

    aliyun.refuse = null;
    const wrong = await t.api.testSmsConf({ to: PHONE, kind: 'notice', appSecret: 'not-the-secret' }, a.token);
    expect(wrong.result).toMatchObject({ sent: false, problem: 'refused', code: 'SignatureDoesNotMatch' });
    aliyun.refuse = 'down';
    expect((await t.api.testSmsConf({ to: PHONE, kind: 'notice' }, a.token)).result).toMatchObject({ sent: false, problem: 'unreachable' });
  });

  it('the stored secret goes only with the key it was saved for', async () => {
    const other = await t.api.testSmsConf({ to: PHONE, kind: 'notice', appKey: 'LTAIsomeoneElse' }, a.token);
    expect(other.status).toBe(Status.BAD_PARAMS);
    expect((other.result as unknown as Errors).errors).toContainEqual({ field: 'appSecret', rule: 'required' });
    const tencentWithAliyunSecret = await t.api.testSmsConf({ to: PHONE, kind: 'notice', vendor: 'tencent', sdkAppId: '1400000001' }, a.token);
    expect(tencentWithAliyunSecret.status).toBe(Status.BAD_PARAMS);
  });

  it('Tencent Cloud: E.164 numbers, the SMS application, values in order; refusals with their codes', async () => {
    const saved = await t.api.updateSMSConf(
      {
        vendor: 'tencent',
        appKey: 'AKIDtestSecretId',
        appSecret: 'tencent-test-secret-key',
        signature: '访客系统',
        sdkAppId: '1400000001',
        region: 'ap-beijing',
        templates: { notice: '2000001', arrival: '2000004', code: '' },
      },
      a.token,
    );
    expect(saved.result).toMatchObject({ vendor: 'tencent', sdkAppId: '1400000001', region: 'ap-beijing', hasSecret: true });
    expect((await t.api.testSmsConf({ to: PHONE, kind: 'arrival' }, a.token)).result.sent).toBe(true);
    const p = tencent.received.at(-1) as {
      PhoneNumberSet: string[];
      SmsSdkAppId: string;
      SignName: string;
      TemplateId: string;
      TemplateParamSet: string[];
    };
    expect(p).toMatchObject({ PhoneNumberSet: [`+86${PHONE}`], SmsSdkAppId: '1400000001', SignName: '访客系统', TemplateId: '2000004' });
    // arrival: visitor, company, time, gate — Tencent's {1}…{4}.
    expect(p.TemplateParamSet).toHaveLength(4);
    expect([p.TemplateParamSet[0], p.TemplateParamSet[1], p.TemplateParamSet[3]]).toEqual(['Alex Chen', 'Alpha', 'Reception']);

    // A verification code without a code template goes by the notice template.
    expect((await t.api.sendSmsCode({ phone: '+85261234567', purpose: 'verify' }, a.token)).status).toBe(0);
    expect(tencent.received.at(-1)).toMatchObject({ PhoneNumberSet: ['+85261234567'], TemplateId: '2000001' });

    tencent.refuse = 'limit';
    expect((await t.api.testSmsConf({ to: PHONE, kind: 'notice' }, a.token)).result).toMatchObject({
      sent: false,
      problem: 'refused',
      code: 'LimitExceeded.PhoneNumberDailyLimit',
    });
    tencent.refuse = null;
    expect((await t.api.testSmsConf({ to: PHONE, kind: 'notice', appSecret: 'wrong-key' }, a.token)).result).toMatchObject({
      problem: 'refused',
      code: 'AuthFailure.SignatureFailure',
    });
    tencent.refuse = 'down';
    expect((await t.api.testSmsConf({ to: PHONE, kind: 'notice' }, a.token)).result).toMatchObject({ sent: false, problem: 'unreachable' });
  });
});
