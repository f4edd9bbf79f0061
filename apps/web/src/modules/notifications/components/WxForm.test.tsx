import { DEFAULT_EMAIL_CONF, DEFAULT_IVR_CONF, DEFAULT_SMS_CONF, DEFAULT_WX_CONF, type WxConf } from '@openvisit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../platform/i18n';
import { AppProviders, createQueryClient } from '../../../platform/providers';
import { stubServer } from '../../../testing/stubServer';
import { NoticePage } from '../pages/NoticePage';

afterEach(() => vi.unstubAllGlobals());

function open() {
  const router = createMemoryRouter([{ path: '/setting/notice', element: <NoticePage /> }], { initialEntries: ['/setting/notice?tab=wechat'] });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const WX: WxConf = {
  ...DEFAULT_WX_CONF,
  wxNotify: 1,
  appId: 'wx0123456789abcdef',
  templates: { ...DEFAULT_WX_CONF.templates, notice: 'TPL_notice', arrival: 'TPL_arrival' },
  hasSecret: true,
};
const byTestId = (id: string) => screen.getByTestId(id) as HTMLInputElement;
const conf = (wechat: WxConf) => ({ email: DEFAULT_EMAIL_CONF, sms: DEFAULT_SMS_CONF, wechat, voice: DEFAULT_IVR_CONF, installationMail: true });

describe('WeChat settings', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('en');
  });

  it("sends a test to a typed openid through the form's values and shows WeChat's errcode and errmsg", async () => {
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf(WX) }),
      testWxConf: (b) =>
        (b as { kind: string }).kind === 'arrival'
          ? { status: 0, result: { sent: true, problem: null, code: '', detail: '' } }
          : { status: 0, result: { sent: false, problem: 'refused', code: '43004', detail: 'require subscribe' } },
    });
    open();
    await screen.findByTestId('wechat-form');
    expect(byTestId('wechat-template-arrival').value).toBe('TPL_arrival');
    fireEvent.change(byTestId('wechat-openid'), { target: { value: 'oAbc_0123456789abcdefghij' } });
    fireEvent.click(screen.getByTestId('wechat-test-send'));
    const result = await screen.findByTestId('wechat-test-result');
    expect(result.textContent).toContain('The test message was not sent');
    expect(result.textContent).toContain('WeChat refused it: require subscribe (errcode 43004).');
    expect(s.bodies('testWxConf')[0]).toMatchObject({
      to: 'oAbc_0123456789abcdefghij',
      kind: 'notice',
      appId: 'wx0123456789abcdef',
      templates: { notice: 'TPL_notice', arrival: 'TPL_arrival', approval: '' },
    });
    expect(s.bodies('testWxConf')[0]).not.toHaveProperty('appSecret');
  });

  it('in Chinese: a switched-on channel needs the notice template; a new AppID brings its own secret', async () => {
    await i18n.changeLanguage('zh');
    const s = stubServer({
      getNotifyConf: () => ({ status: 0, result: conf(WX) }),
      UpdateWxConf: (b) => ({ status: 0, result: { ...WX, ...(b as object), hasSecret: true } }),
    });
    open();
    const form = await screen.findByTestId('wechat-form');
    fireEvent.change(byTestId('wechat-template-notice'), { target: { value: '' } });
    fireEvent.change(byTestId('wechat-appId'), { target: { value: 'wx00000000000000ff' } });
    fireEvent.click(screen.getByTestId('wechat-save'));
    await waitFor(() => expect(within(form).getAllByText('开启该通道时必填')).toHaveLength(2));
    expect(s.bodies('UpdateWxConf')).toHaveLength(0);
    fireEvent.change(byTestId('wechat-template-notice'), { target: { value: 'TPL_new' } });
    fireEvent.change(byTestId('wechat-appSecret'), { target: { value: 'new-secret' } });
    fireEvent.click(screen.getByTestId('wechat-save'));
    await waitFor(() => expect(s.bodies('UpdateWxConf')).toHaveLength(1));
    expect(s.bodies('UpdateWxConf')[0]).toMatchObject({
      wxNotify: 1,
      appId: 'wx00000000000000ff',
      appSecret: 'new-secret',
      templates: { notice: 'TPL_new' },
    });
  });
});
