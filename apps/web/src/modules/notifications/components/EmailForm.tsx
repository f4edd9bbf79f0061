import {
  checkEmail,
  checkMailAccount,
  checkMailHost,
  checkPort,
  checkSecret,
  checkSender,
  type EmailConf,
  EmailType,
  Status,
  storedMailPasswordFits,
} from '@openvisit/contract';
import { Alert, Button, Divider, Flex, Form, Input, InputNumber, Radio, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { useConfigureEmail, useTestEmail } from '../api';
import { checkedRule, showConfError, useNotifyRuleText } from '../rules';
import { useChannelSave } from './useChannelSave';

interface EmailValues {
  emailNotify: boolean;
  type: EmailType;
  smtp: string;
  smtp_port: number | null;
  ssl: boolean;
  account: string;
  pwd?: string;
  sender: string;
}

/** The form's values as the calls take them: the password only when typed (empty keeps the stored one). */
function toInput(v: EmailValues) {
  return {
    emailNotify: v.emailNotify ? (1 as const) : (0 as const),
    type: v.type,
    smtp: (v.smtp ?? '').trim(),
    smtp_port: v.smtp_port ?? ('' as const),
    ssl: v.ssl ? (1 as const) : (0 as const),
    account: (v.account ?? '').trim(),
    ...(v.pwd ? { pwd: v.pwd } : {}),
    sender: (v.sender ?? '').trim(),
  };
}

/**
 * Email settings (`ConfigureEmail`): notices on or off, and the server they leave through — the installation's, the
 * company's SMTP server or its Exchange (through Exchange's SMTP endpoint). The password is write-only. "Send a test
 * mail" sends through the form's values, saved or not, and shows the server's answer.
 */
export function EmailForm({ conf, installationMail }: { conf: EmailConf; installationMail: boolean }) {
  const { t } = useTranslation();
  const text = useNotifyRuleText();
  const [form] = Form.useForm<EmailValues>();
  const save = useConfigureEmail();
  const test = useTestEmail();
  const [testTo, setTestTo] = useState('');
  const [testTouched, setTestTouched] = useState(false);
  const [testResult, setTestResult] = useState<{ ok: boolean; text: string } | null>(null);
  const type = Form.useWatch('type', form) ?? conf.type;
  const own = type !== EmailType.INSTALLATION;
  const isOwn = () => form.getFieldValue('type') !== EmailType.INSTALLATION;
  // The server's rule: the stored password goes only with the host, port, account and security it was saved for.
  const needsPassword = () => {
    const now = toInput(form.getFieldsValue(true) as EmailValues);
    return isOwn() && !!now.account && !(conf.hasPassword && storedMailPasswordFits(conf, { ...now, smtp_port: Number(now.smtp_port) }));
  };
  const channel = t('notifications.notice.tabs.email');

  const saveChannel = useChannelSave(form, channel);
  const submit = (v: EmailValues) =>
    saveChannel({ turningOff: conf.emailNotify === 1 && !v.emailNotify, secretFields: ['pwd'], save: () => save.mutateAsync(toInput(v)) });

  const testRule = testTouched ? checkEmail(testTo.trim()) : null;
  const sendTest = async () => {
    setTestTouched(true);
    setTestResult(null);
    if (checkEmail(testTo.trim())) return;
    let values: EmailValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    try {
      await test.mutateAsync({ to: testTo.trim(), ...toInput(values) });
      setTestResult({ ok: true, text: t('notifications.notice.email.testSent', { to: testTo.trim() }) });
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.EMAIL_SEND_FAILED) setTestResult({ ok: false, text: err.reason });
      else showConfError(form, err, text);
    }
  };

  return (
    <Form<EmailValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      data-testid="email-form"
      initialValues={{
        emailNotify: conf.emailNotify === 1,
        type: conf.type,
        smtp: conf.smtp,
        smtp_port: conf.smtp_port || null,
        ssl: conf.ssl === 1,
        account: conf.account,
        pwd: '',
        sender: conf.sender,
      }}
    >
      <Form.Item
        name="emailNotify"
        label={t('notifications.notice.email.notify')}
        valuePropName="checked"
        extra={t('notifications.notice.email.notifyHelp')}
      >
        <Switch checkedChildren={t('notifications.notice.on')} unCheckedChildren={t('notifications.notice.off')} data-testid="email-notify" />
      </Form.Item>
      <Form.Item name="type" label={t('notifications.notice.email.server')}>
        <Radio.Group
          data-testid="email-type"
          options={[
            { value: EmailType.INSTALLATION, label: t('notifications.notice.email.type0') },
            { value: EmailType.SMTP, label: t('notifications.notice.email.type1') },
            { value: EmailType.EXCHANGE, label: t('notifications.notice.email.type2') },
          ]}
        />
      </Form.Item>
      {type === EmailType.INSTALLATION && !installationMail ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('notifications.notice.email.type0Missing')} />
      ) : null}
      {type === EmailType.EXCHANGE ? (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('notifications.notice.email.exchangeNote')} />
      ) : null}
      <div hidden={!own}>
        <Flex gap={16} wrap>
          <Form.Item
            name="smtp"
            label={t('notifications.notice.email.smtp')}
            dependencies={['type']}
            rules={[checkedRule(checkMailHost, isOwn, text, 'smtp')]}
            style={{ flex: '1 1 260px' }}
          >
            <Input autoComplete="off" placeholder="smtp.example.com" maxLength={253} />
          </Form.Item>
          <Form.Item
            name="smtp_port"
            label={t('notifications.notice.email.port')}
            dependencies={['type']}
            rules={[
              {
                validator: async (_r, v: unknown) => {
                  const failure = v == null || v === '' ? (isOwn() ? 'required' : null) : checkPort(Number(v));
                  if (failure) throw new Error(text(failure, 'smtp_port'));
                },
              },
            ]}
          >
            <InputNumber style={{ width: 120 }} placeholder="587" aria-label={t('notifications.notice.email.port')} />
          </Form.Item>
        </Flex>
        <Form.Item name="ssl" label={t('notifications.notice.email.ssl')} valuePropName="checked" extra={t('notifications.notice.email.sslHelp')}>
          <Switch />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="account"
            label={t('notifications.notice.email.account')}
            extra={t('notifications.notice.email.accountHelp')}
            rules={[checkedRule(checkMailAccount, () => false, text, 'account')]}
            style={{ flex: '1 1 260px' }}
          >
            <Input autoComplete="off" maxLength={254} />
          </Form.Item>
          <Form.Item
            name="pwd"
            label={t('notifications.notice.email.pwd')}
            dependencies={['account', 'type', 'smtp', 'smtp_port', 'ssl']}
            rules={[
              {
                validator: async (_r, v: unknown) => {
                  const s = typeof v === 'string' ? v : '';
                  const failure = s === '' ? (needsPassword() ? 'required' : null) : checkSecret(s);
                  if (failure) throw new Error(text(failure, 'pwd'));
                },
              },
            ]}
            style={{ flex: '1 1 260px' }}
          >
            <Input.Password
              autoComplete="new-password"
              maxLength={256}
              placeholder={conf.hasPassword ? t('notifications.notice.secretKept') : undefined}
              data-testid="email-pwd"
            />
          </Form.Item>
        </Flex>
        <Form.Item
          name="sender"
          label={t('notifications.notice.email.sender')}
          dependencies={['type']}
          rules={[checkedRule(checkSender, isOwn, text, 'sender')]}
        >
          <Input autoComplete="off" placeholder="visits@example.com" maxLength={254} />
        </Form.Item>
      </div>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="email-save">
        {t('notifications.notice.save')}
      </Button>
      <Divider titlePlacement="start">{t('notifications.notice.email.test')}</Divider>
      <Typography.Paragraph type="secondary">{t('notifications.notice.email.testHelp')}</Typography.Paragraph>
      <Flex gap={8} align="flex-start" wrap>
        <Flex vertical>
          <Input
            value={testTo}
            onChange={(e) => setTestTo(e.target.value)}
            placeholder={t('notifications.notice.email.testTo')}
            aria-label={t('notifications.notice.email.testTo')}
            status={testRule ? 'error' : undefined}
            style={{ width: 280 }}
            data-testid="email-test-to"
          />
          {testRule ? <Typography.Text type="danger">{text(testRule, 'to')}</Typography.Text> : null}
        </Flex>
        <Button onClick={() => void sendTest()} loading={test.isPending} data-testid="email-test-send">
          {t('notifications.notice.email.testSend')}
        </Button>
      </Flex>
      {testResult ? (
        <Alert
          style={{ marginTop: 12 }}
          showIcon
          type={testResult.ok ? 'success' : 'error'}
          title={testResult.ok ? testResult.text : t('notifications.notice.email.testFailed')}
          description={testResult.ok ? undefined : testResult.text}
          data-testid="email-test-result"
        />
      ) : null}
    </Form>
  );
}
