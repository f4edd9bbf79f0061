import {
  checkOpenid,
  checkSecret,
  checkWxAppId,
  checkWxTemplateId,
  WX_KIND_PARAMS,
  WX_KINDS,
  type WxConf,
  type WxKind,
  type WxTestResult,
} from '@openvisit/contract';
import { Alert, App, Button, Form, Input, Select, Space, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeSelect } from '../../../core/people/public';
import { useEmpOpenid, useSetEmpOpenid, useTestWx, useUpdateWx } from '../api';
import { checkedRule, showConfError, useNotifyRuleText } from '../rules';
import { useChannelSave } from './useChannelSave';

type Values = Omit<WxConf, 'wxNotify' | 'hasSecret'> & { wxNotify: boolean; appSecret: string };
type FormOf = ReturnType<typeof Form.useForm<Values>>[0];

function toInput(v: Values) {
  return {
    appId: (v.appId ?? '').trim(),
    ...(v.appSecret ? { appSecret: v.appSecret } : {}),
    templates: Object.fromEntries(WX_KINDS.map((k) => [k, (v.templates?.[k] ?? '').trim()])),
  };
}

/** A test message's outcome in the reader's words (the platform's errcode and errmsg kept as they came). */
function useTestText() {
  const { t } = useTranslation();
  return (r: WxTestResult): { ok: boolean; text: string } => {
    if (r.sent) return { ok: true, text: t('notifications.notice.wechat.testSent') };
    if (r.problem === 'refused') return { ok: false, text: t('notifications.notice.wechat.problems.refused', { code: r.code, detail: r.detail }) };
    return { ok: false, text: t(`notifications.notice.wechat.problems.${r.problem ?? 'unreachable'}`) };
  };
}

/** An employee's openid (where their WeChat notices go), and a test to it or to an openid typed here. */
function WxRecipient({ form }: { form: FormOf }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const k = (s: string) => t(`notifications.notice.wechat.${s}` as 'notifications.notice.wechat.appId');
  const text = useNotifyRuleText();
  const wordOf = useTestText();
  const test = useTestWx();
  const setOpenid = useSetEmpOpenid();
  const [empId, setEmpId] = useState<number | undefined>();
  const stored = useEmpOpenid(empId);
  const [openid, setOpenidText] = useState('');
  const [kind, setKind] = useState<WxKind>('notice');
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => setOpenidText(stored.data?.openid ?? ''), [stored.data]);
  const failure = openid.trim() ? checkOpenid(openid) : null;

  const saveOpenid = async () => {
    if (!empId || failure) return;
    try {
      await setOpenid.mutateAsync({ empId, openid: openid.trim() });
      void message.success(k('openidSaved'));
    } catch {
      // The error policy shows the reason (55, 3).
    }
  };
  const send = async () => {
    setOutcome(null);
    if (failure || (!openid.trim() && !empId)) return;
    let values: Values;
    try {
      values = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    } catch {
      return;
    }
    try {
      const to = openid.trim() ? { to: openid.trim() } : { empId };
      setOutcome(wordOf(await test.mutateAsync({ ...to, kind, ...toInput(values) })));
    } catch (err) {
      showConfError(form, err, text);
    }
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong>{k('test')}</Typography.Text>
      <Typography.Paragraph type="secondary">{k('testHelp')}</Typography.Paragraph>
      <Space wrap align="start">
        <div style={{ width: 220 }}>
          <EmployeeSelect value={empId} onChange={setEmpId} placeholder={k('employee')} notFound={k('noEmployee')} />
        </div>
        <Form.Item
          validateStatus={failure ? 'error' : undefined}
          help={failure ? t('notifications.notice.rules.format') : undefined}
          noStyle={!failure}
        >
          <Input
            aria-label={k('openid')}
            placeholder={k('openid')}
            value={openid}
            onChange={(e) => setOpenidText(e.target.value)}
            style={{ width: 260 }}
            data-testid="wechat-openid"
          />
        </Form.Item>
        <Button onClick={() => void saveOpenid()} disabled={!empId} loading={setOpenid.isPending} data-testid="wechat-openid-save">
          {k('openidSave')}
        </Button>
      </Space>
      <Space wrap align="start" style={{ marginTop: 8 }}>
        <Select<WxKind>
          aria-label={k('testKind')}
          value={kind}
          onChange={setKind}
          style={{ width: 200 }}
          options={WX_KINDS.map((x) => ({ value: x, label: k(`kinds.${x}`) }))}
          data-testid="wechat-test-kind"
        />
        <Button onClick={() => void send()} disabled={!openid.trim() && !empId} loading={test.isPending} data-testid="wechat-test-send">
          {k('testSend')}
        </Button>
      </Space>
      {outcome && (
        <Alert
          style={{ marginTop: 12 }}
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.ok ? outcome.text : k('testFailed')}
          description={outcome.ok ? undefined : outcome.text}
          data-testid="wechat-test-result"
        />
      )}
    </div>
  );
}

/**
 * WeChat (`UpdateWxConf`): the official account's AppID and secret (write-only), a template per kind of notice,
 * employees' openids, and a test through the form's values.
 */
export function WxForm({ conf }: { conf: WxConf }) {
  const { t } = useTranslation();
  const save = useUpdateWx();
  const text = useNotifyRuleText();
  const [form] = Form.useForm<Values>();
  const k = (s: string) => t(`notifications.notice.wechat.${s}` as 'notifications.notice.wechat.appId');
  const on = () => form.getFieldValue('wxNotify') === true;

  const saveChannel = useChannelSave(form, k('notify'));
  const submit = (v: Values) =>
    saveChannel({
      turningOff: conf.wxNotify === 1 && !v.wxNotify,
      secretFields: ['appSecret'],
      save: () => save.mutateAsync({ wxNotify: v.wxNotify ? 1 : 0, ...toInput({ ...form.getFieldsValue(true), ...v }) }),
    });
  const secretRule = {
    validator: async (_r: unknown, v: unknown) => {
      const s = typeof v === 'string' ? v : '';
      // A stored secret belongs to its AppID.
      const stored = conf.hasSecret && (form.getFieldValue('appId') ?? '').trim() === conf.appId;
      const failure = s === '' ? (on() && !stored ? 'required' : null) : checkSecret(s);
      if (failure) throw new Error(text(failure, 'appSecret'));
    },
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      data-testid="wechat-form"
      style={{ maxWidth: 640 }}
      initialValues={{ ...conf, wxNotify: conf.wxNotify === 1, appSecret: '' }}
    >
      <Typography.Paragraph type="secondary">{k('help')}</Typography.Paragraph>
      <Form.Item name="wxNotify" label={k('notify')} valuePropName="checked">
        <Switch checkedChildren={t('notifications.notice.on')} unCheckedChildren={t('notifications.notice.off')} data-testid="wechat-switch" />
      </Form.Item>
      <Form.Item name="appId" label={k('appId')} rules={[checkedRule(checkWxAppId, on, text, 'appId')]}>
        <Input autoComplete="off" maxLength={18} placeholder="wx0123456789abcdef" data-testid="wechat-appId" />
      </Form.Item>
      <Form.Item
        name="appSecret"
        label={k('appSecret')}
        rules={[secretRule]}
        extra={conf.hasSecret ? t('notifications.notice.secretKept') : undefined}
      >
        <Input.Password autoComplete="new-password" data-testid="wechat-appSecret" />
      </Form.Item>
      <Typography.Paragraph type="secondary">{k('templatesHelp')}</Typography.Paragraph>
      {WX_KINDS.map((kind) => (
        <Form.Item
          key={kind}
          name={['templates', kind]}
          label={k(`kinds.${kind}`)}
          extra={WX_KIND_PARAMS[kind].map((p, i) => `keyword${i + 1}: ${k(`params.${p}`)}`).join(' · ')}
          rules={[checkedRule(checkWxTemplateId, () => on() && kind === 'notice', text, `templates.${kind}`)]}
        >
          <Input autoComplete="off" maxLength={64} data-testid={`wechat-template-${kind}`} />
        </Form.Item>
      ))}
      <WxRecipient form={form} />
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="wechat-save">
        {t('notifications.notice.save')}
      </Button>
    </Form>
  );
}
