import { DEFAULT_EMAIL_CONF, DEFAULT_IVR_CONF, DEFAULT_SMS_CONF, DEFAULT_WX_CONF, type SmsConf } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { NoticePage } from '../pages/NoticePage';

afterEach(() => vi.unstubAllGlobals());

function open() {
  const router = createMemoryRouter([{ path: '/setting/notice', element: <NoticePage /> }], { initialEntries: ['/setting/notice?tab=sms'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const ALIYUN: SmsConf = {
  ...DEFAULT_SMS_CONF,
  smsNotify: 1,
  vendor: 'aliyun',
  appKey: 'LTAI5tKey',
  signature: '访客系统',
  templates: { ...DEFAULT_SMS_CONF.templates, notice: 'SMS_100000', code: 'SMS_100001' },
  hasSecret: true,
  smsQuota: 10,
};
const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const conf = (sms: SmsConf) => ({ email: DEFAULT_EMAIL_CONF, sms, wechat: DEFAULT_WX_CONF, voice: DEFAULT_IVR_CONF, installationMail: true });

describe('SMS settings › Aliyun and Tencent Cloud', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("sends a test through the form's values and shows the provider's refusal with its code, in the reader's language", async () => {
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf(ALIYUN) }),
      testSmsConf: (b) =>
        (b as { to: string }).to === '13912345678'
          ? { status: 0, result: { sent: false, problem: 'refused', code: 'isv.BUSINESS_LIMIT_CONTROL', detail: '触发号码天级流控Permits:10' } }
          : { status: 0, result: { sent: true, problem: null, code: '', detail: '' } },
    });
    open();
    await screen.findByTestId('sms-form');
    expect(screen.getByLabelText('AccessKey ID')).toBeTruthy();
    expect(byTestId('sms-template-notice').value).toBe('SMS_100000');
    // A phone is needed before anything is sent.
    fireEvent.click(screen.getByTestId('sms-test-send'));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(s.bodies('testSmsConf')).toHaveLength(0);
    fireEvent.change(byTestId('sms-test-to'), { target: { value: '13912345678' } });
    fireEvent.click(screen.getByTestId('sms-test-send'));
    const result = await screen.findByTestId('sms-test-result');
    expect(result.textContent).toContain('The test SMS was not sent');
    expect(result.textContent).toContain('The provider refused it: 触发号码天级流控Permits:10 (isv.BUSINESS_LIMIT_CONTROL)');
    expect(s.bodies('testSmsConf')[0]).toMatchObject({
      to: '13912345678',
      kind: 'notice',
      vendor: 'aliyun',
      appKey: 'LTAI5tKey',
      templates: { notice: 'SMS_100000', code: 'SMS_100001' },
    });
    expect(s.bodies('testSmsConf')[0]).not.toHaveProperty('appSecret');

    fireEvent.change(byTestId('sms-test-to'), { target: { value: '13800000001' } });
    fireEvent.click(screen.getByTestId('sms-test-send'));
    await waitFor(() => expect(screen.getByTestId('sms-test-result').textContent).toContain('Test SMS sent to 13800000001'));
  });

  it('Tencent Cloud: its own fields, required while on; another key must bring its own secret; the answer in Chinese', async () => {
    await i18n.changeLanguage('zh');
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf(ALIYUN) }),
      updateSMSConf: (b) => ({ status: 0, result: { ...ALIYUN, ...b, hasSecret: true } }),
      testSmsConf: () => ({ status: 0, result: { sent: false, problem: 'unreachable', code: '', detail: '' } }),
    });
    open();
    const form = await screen.findByTestId('sms-form');
    fireEvent.click(within(form).getByLabelText('腾讯云短信'));
    expect(await within(form).findByText('SecretId')).toBeTruthy();
    fireEvent.change(byTestId('sms-appKey'), { target: { value: 'AKIDother' } });
    fireEvent.click(screen.getByTestId('sms-save'));
    // The SDK app id, and a secret for the new key.
    await waitFor(() => expect(within(form).getAllByText('开启该通道时必填')).toHaveLength(2));
    expect(s.bodies('updateSMSConf')).toHaveLength(0);
    fireEvent.change(byTestId('sms-sdkAppId'), { target: { value: '1400000001' } });
    fireEvent.change(byTestId('sms-appSecret'), { target: { value: 'tencent-key' } });
    fireEvent.change(byTestId('sms-test-to'), { target: { value: '13912345678' } });
    fireEvent.click(screen.getByTestId('sms-test-send'));
    expect((await screen.findByTestId('sms-test-result')).textContent).toContain('无法连接短信服务');
    fireEvent.click(screen.getByTestId('sms-save'));
    await waitFor(() => expect(s.bodies('updateSMSConf')).toHaveLength(1));
    expect(s.bodies('updateSMSConf')[0]).toMatchObject({ vendor: 'tencent', appKey: 'AKIDother', appSecret: 'tencent-key', sdkAppId: '1400000001' });
  });
});
