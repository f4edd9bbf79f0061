import {
  checkAppKey,
  checkEndpoint,
  checkPhone,
  checkProvider,
  checkSdkAppId,
  checkSecret,
  checkSmsQuota,
  checkSmsSignature,
  checkSmsTemplateCode,
  SMS_KIND_PARAMS,
  SMS_KINDS,
  SMS_VENDORS,
  type SmsConf,
  type SmsKind,
  type SmsTestResult,
  type SmsVendor,
  TENCENT_SMS_REGIONS,
} from '@openvisit/contract';
import { Alert, Button, Form, Input, InputNumber, Radio, Select, Space, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTestSms, useUpdateSms } from '../api';
import { checkedRule, showConfError, useNotifyRuleText } from '../rules';
import { useChannelSave } from './useChannelSave';

type Values = Omit<SmsConf, 'smsNotify' | 'smsSent' | 'hasSecret'> & { smsNotify: boolean; appSecret: string };

/** The settings as the calls take them: a typed secret only, the cloud's fields whatever the service (they stay stored). */
function toInput(v: Values) {
  return {
    vendor: v.vendor,
    provider: (v.provider ?? '').trim(),
    endpoint: (v.endpoint ?? '').trim(),
    appKey: (v.appKey ?? '').trim(),
    ...(v.appSecret ? { appSecret: v.appSecret } : {}),
    signature: (v.signature ?? '').trim(),
    sdkAppId: (v.sdkAppId ?? '').trim(),
    region: v.region,
    templates: Object.fromEntries(SMS_KINDS.map((k) => [k, (v.templates?.[k] ?? '').trim()])),
  };
}

/** A test SMS's outcome in the reader's words (the provider's own code and words kept as they came). */
function useTestText() {
  const { t } = useTranslation();
  return (r: SmsTestResult, to: string): { ok: boolean; text: string } => {
    if (r.sent) return { ok: true, text: t('notifications.notice.sms.testSent', { to }) };
    if (r.problem === 'refused') return { ok: false, text: t('notifications.notice.sms.problems.refused', { code: r.code, detail: r.detail }) };
    return { ok: false, text: t(`notifications.notice.sms.problems.${r.problem ?? 'unreachable'}`) };
  };
}

/** The send-a-test row: a phone, the template to try, and the outcome. */
function SmsTest({ form, vendor }: { form: ReturnType<typeof Form.useForm<Values>>[0]; vendor: SmsVendor }) {
  const { t } = useTranslation();
  const test = useTestSms();
  const text = useNotifyRuleText();
  const wordOf = useTestText();
  const [to, setTo] = useState('');
  const [kind, setKind] = useState<SmsKind>('notice');
  const [touched, setTouched] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const phoneFailure = touched ? checkPhone(to) : null;
  const phoneText = phoneFailure === 'required' ? t('notifications.notice.rules.required') : t('notifications.notice.rules.phone');
  const send = async () => {
    setTouched(true);
    setOutcome(null);
    if (checkPhone(to)) return;
    let values: Values;
    try {
      // Fields of another service are not rendered; their stored values still go (getFieldsValue(true): the whole store).
      values = { ...form.getFieldsValue(true), ...(await form.validateFields()) };
    } catch {
      return;
    }
    try {
      const r = await test.mutateAsync({ to: to.trim(), kind, ...toInput(values) });
      setOutcome(wordOf(r, to.trim()));
    } catch (err) {
      showConfError(form, err, text);
    }
  };
  return (
    <div style={{ marginBottom: 16 }}>
      <Typography.Text strong>{t('notifications.notice.sms.test')}</Typography.Text>
      <Typography.Paragraph type="secondary">{t('notifications.notice.sms.testHelp')}</Typography.Paragraph>
      <Space wrap align="start">
        <Form.Item validateStatus={phoneFailure ? 'error' : undefined} help={phoneFailure ? phoneText : undefined} noStyle={!phoneFailure}>
          <Input
            aria-label={t('notifications.notice.sms.testTo')}
            placeholder={t('notifications.notice.sms.testTo')}
            value={to}
            onChange={(e) => setTo(e.target.value)}
            style={{ width: 200 }}
            data-testid="sms-test-to"
          />
        </Form.Item>
        {vendor !== 'relay' && (
          <Select<SmsKind>
            aria-label={t('notifications.notice.sms.testKind')}
            value={kind}
            onChange={setKind}
            style={{ width: 200 }}
            options={SMS_KINDS.map((k) => ({ value: k, label: t(`notifications.notice.sms.kinds.${k}`) }))}
            data-testid="sms-test-kind"
          />
        )}
        <Button onClick={() => void send()} loading={test.isPending} data-testid="sms-test-send">
          {t('notifications.notice.sms.testSend')}
        </Button>
      </Space>
      {outcome && (
        <Alert
          style={{ marginTop: 12 }}
          type={outcome.ok ? 'success' : 'error'}
          showIcon
          title={outcome.ok ? outcome.text : t('notifications.notice.sms.testFailed')}
          description={outcome.ok ? undefined : outcome.text}
          data-testid="sms-test-result"
        />
      )}
    </div>
  );
}

/** A variable as Aliyun's templates write it: ${name}. */
const aliyunVar = (name: string) => `\${${name}}`;

/** The cloud services' own fields: Tencent's application and region, and a template per kind of message. */
function CloudFields({ vendor, needed }: { vendor: SmsVendor; needed: (...vendors: SmsVendor[]) => () => boolean }) {
  const { t } = useTranslation();
  const text = useNotifyRuleText();
  const k = (s: string) => t(`notifications.notice.sms.${s}` as 'notifications.notice.sms.endpoint');
  const paramsOf = (kind: SmsKind) =>
    SMS_KIND_PARAMS[kind].map((p, i) => (vendor === 'tencent' ? `{${i + 1}} ${p}` : aliyunVar(p))).join(vendor === 'tencent' ? ', ' : ' ');
  return (
    <>
      {vendor === 'tencent' && (
        <Space wrap align="start">
          <Form.Item
            name="sdkAppId"
            label={k('sdkAppId')}
            dependencies={['smsNotify']}
            rules={[checkedRule(checkSdkAppId, needed('tencent'), text, 'sdkAppId')]}
          >
            <Input autoComplete="off" maxLength={20} style={{ width: 200 }} data-testid="sms-sdkAppId" />
          </Form.Item>
          <Form.Item name="region" label={k('region')}>
            <Select style={{ width: 200 }} options={TENCENT_SMS_REGIONS.map((r) => ({ value: r, label: r }))} data-testid="sms-region" />
          </Form.Item>
        </Space>
      )}
      <Typography.Text strong>{k('templates')}</Typography.Text>
      <Typography.Paragraph type="secondary">
        {vendor === 'tencent' ? k('templatesHelpTencent') : t('notifications.notice.sms.templatesHelpAliyun', { variable: aliyunVar('content') })}
      </Typography.Paragraph>
      {SMS_KINDS.map((kind) => (
        <Form.Item
          key={kind}
          name={['templates', kind]}
          label={t(`notifications.notice.sms.kinds.${kind}`)}
          extra={t('notifications.notice.sms.variables', { list: paramsOf(kind) })}
          dependencies={['smsNotify', 'vendor']}
          rules={[checkedRule(checkSmsTemplateCode, kind === 'notice' ? needed('aliyun', 'tencent') : () => false, text, `templates.${kind}`)]}
        >
          <Input autoComplete="off" maxLength={64} data-testid={`sms-template-${kind}`} />
        </Form.Item>
      ))}
    </>
  );
}

/** The messages left (each SMS sent takes one). */
function QuotaField() {
  const { t } = useTranslation();
  const text = useNotifyRuleText();
  const label = t('notifications.notice.sms.quota');
  return (
    <Form.Item
      name="smsQuota"
      label={label}
      extra={t('notifications.notice.sms.quotaHelp')}
      rules={[
        {
          validator: async (_r, v: unknown) => {
            const failure = checkSmsQuota(v === null || v === undefined || v === '' ? null : Number(v));
            if (failure) throw new Error(text(failure, 'smsQuota'));
          },
        },
      ]}
    >
      <InputNumber style={{ width: 200 }} aria-label={label} data-testid="sms-smsQuota" />
    </Form.Item>
  );
}

/**
 * SMS (`updateSMSConf`): the service — our signed JSON to an endpoint, Aliyun's or Tencent Cloud's SMS API — with its
 * keys (the secret write-only), sign name, Tencent's application and region, a template per kind of message, the
 * messages left, and a test through the form's values.
 */
export function SmsForm({ conf }: { conf: SmsConf }) {
  const { t } = useTranslation();
  const save = useUpdateSms();
  const text = useNotifyRuleText();
  const [form] = Form.useForm<Values>();
  const vendor = (Form.useWatch('vendor', form) ?? conf.vendor) as SmsVendor;
  const k = (s: string) => t(`notifications.notice.sms.${s}` as 'notifications.notice.sms.endpoint');
  const on = () => form.getFieldValue('smsNotify') === true;
  const needed =
    (...vendors: SmsVendor[]) =>
    () =>
      on() && vendors.includes(form.getFieldValue('vendor'));
  const cloud = vendor !== 'relay';

  const saveChannel = useChannelSave(form, k('notify'));
  const submit = (v: Values) =>
    saveChannel({
      turningOff: conf.smsNotify === 1 && !v.smsNotify,
      secretFields: ['appSecret'],
      save: () =>
        save.mutateAsync({ smsNotify: v.smsNotify ? 1 : 0, ...toInput({ ...form.getFieldsValue(true), ...v }), smsQuota: Number(v.smsQuota) }),
    });

  const secretRule = {
    validator: async (_r: unknown, v: unknown) => {
      const s = typeof v === 'string' ? v : '';
      // A stored secret belongs to its service and key: another needs its own.
      const stored = conf.hasSecret && form.getFieldValue('vendor') === conf.vendor && (form.getFieldValue('appKey') ?? '').trim() === conf.appKey;
      const failure = s === '' ? (on() && !stored ? 'required' : null) : checkSecret(s);
      if (failure) throw new Error(text(failure, 'appSecret'));
    },
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      data-testid="sms-form"
      style={{ maxWidth: 640 }}
      initialValues={{ ...conf, smsNotify: conf.smsNotify === 1, appSecret: '' }}
    >
      <Typography.Paragraph type="secondary">{k('help')}</Typography.Paragraph>
      <Form.Item name="smsNotify" label={k('notify')} valuePropName="checked">
        <Switch checkedChildren={t('notifications.notice.on')} unCheckedChildren={t('notifications.notice.off')} data-testid="sms-switch" />
      </Form.Item>
      <Form.Item name="vendor" label={k('vendor')}>
        <Radio.Group options={SMS_VENDORS.map((v) => ({ value: v, label: t(`notifications.notice.sms.vendors.${v}`) }))} data-testid="sms-vendor" />
      </Form.Item>
      {!cloud && (
        <>
          <Form.Item
            name="provider"
            label={k('provider')}
            extra={k('providerHelp')}
            rules={[checkedRule(checkProvider, () => false, text, 'provider')]}
          >
            <Input autoComplete="off" maxLength={32} data-testid="sms-provider" />
          </Form.Item>
          <Form.Item
            name="endpoint"
            label={k('endpoint')}
            dependencies={['smsNotify']}
            rules={[checkedRule(checkEndpoint, needed('relay'), text, 'endpoint')]}
          >
            <Input autoComplete="off" maxLength={500} placeholder="https://sms.example.com/send" data-testid="sms-endpoint" />
          </Form.Item>
        </>
      )}
      <Form.Item
        name="appKey"
        label={k(vendor === 'aliyun' ? 'accessKeyId' : vendor === 'tencent' ? 'secretId' : 'appKey')}
        dependencies={['smsNotify', 'vendor']}
        rules={[checkedRule(checkAppKey, needed(...SMS_VENDORS), text, 'appKey')]}
      >
        <Input autoComplete="off" maxLength={128} data-testid="sms-appKey" />
      </Form.Item>
      <Form.Item
        name="appSecret"
        label={k(vendor === 'aliyun' ? 'accessKeySecret' : vendor === 'tencent' ? 'secretKey' : 'appSecret')}
        dependencies={['smsNotify', 'vendor', 'appKey']}
        rules={[secretRule]}
      >
        <Input.Password
          autoComplete="new-password"
          maxLength={256}
          placeholder={conf.hasSecret ? t('notifications.notice.secretKept') : undefined}
          data-testid="sms-appSecret"
        />
      </Form.Item>
      <Form.Item
        name="signature"
        label={k(cloud ? 'signName' : 'signature')}
        extra={k(cloud ? 'signNameHelp' : 'signatureHelp')}
        dependencies={['smsNotify']}
        rules={[checkedRule(checkSmsSignature, needed(...SMS_VENDORS), text, 'signature')]}
      >
        <Input autoComplete="off" maxLength={20} data-testid="sms-signature" />
      </Form.Item>
      {cloud && <CloudFields vendor={vendor} needed={needed} />}
      <QuotaField />
      <Typography.Paragraph type="secondary" data-testid="sms-sent">
        {t('notifications.notice.sms.sent', { count: conf.smsSent })}
      </Typography.Paragraph>
      <SmsTest form={form} vendor={vendor} />
      {!cloud && <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('notifications.notice.adapterNote')} />}
      <Button type="primary" htmlType="submit" data-testid="sms-save">
        {t('notifications.notice.save')}
      </Button>
    </Form>
  );
}
