import { checkEndpoint, checkSecret, checkSmsQuota, type IvrConf, type NotifyFieldFailure } from '@openvisit/contract';
import { Alert, Button, Form, Input, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUpdateIvr } from '../api';
import { checkedRule, useNotifyRuleText } from '../rules';
import { useChannelSave } from './useChannelSave';

/** One field of a provider's settings. A secret is write-only: empty keeps the stored one (`stored`). */
interface ProviderField {
  name: string;
  label: string;
  help?: string;
  kind: 'text' | 'secret' | 'count';
  check: (v: string) => NotifyFieldFailure | null;
  /** Secrets: whether one is stored (then not required). */
  stored?: boolean;
  placeholder?: string;
  max?: number;
  /** Not needed even while the channel is on. */
  optional?: boolean;
}

type Values = Record<string, string | number | boolean | null | undefined>;

/**
 * A provider channel's settings (SMS, WeChat, voice): the switch and its fields, checked as typed with the contract's
 * checks; a switched-on channel needs every field. Switching a channel off is confirmed first.
 */
function ProviderForm({
  id,
  channel,
  switchName,
  on,
  help,
  fields,
  initial,
  onSave,
  footer,
}: {
  id: string;
  channel: string;
  switchName: string;
  on: boolean;
  help: string;
  fields: readonly ProviderField[];
  initial: Values;
  onSave: (input: Record<string, string | number>) => Promise<unknown>;
  footer?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const text = useNotifyRuleText();
  const [form] = Form.useForm<Values>();
  const saveChannel = useChannelSave(form, channel);
  const isOn = () => form.getFieldValue(switchName) === true;

  const submit = async (v: Values) => {
    const input: Record<string, string | number> = { [switchName]: v[switchName] ? 1 : 0 };
    for (const f of fields) {
      const value = v[f.name];
      if (f.kind === 'count') input[f.name] = Number(value);
      else if (f.kind === 'secret') {
        if (typeof value === 'string' && value !== '') input[f.name] = value;
      } else input[f.name] = String(value ?? '').trim();
    }
    await saveChannel({
      turningOff: on && !v[switchName],
      secretFields: fields.filter((f) => f.kind === 'secret').map((f) => f.name),
      save: () => onSave(input),
    });
  };

  return (
    <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={initial} data-testid={`${id}-form`} style={{ maxWidth: 640 }}>
      <Typography.Paragraph type="secondary">{help}</Typography.Paragraph>
      <Form.Item name={switchName} label={channel} valuePropName="checked">
        <Switch checkedChildren={t('notifications.notice.on')} unCheckedChildren={t('notifications.notice.off')} data-testid={`${id}-switch`} />
      </Form.Item>
      {fields.map((f) =>
        f.kind === 'count' ? (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            extra={f.help}
            rules={[
              {
                validator: async (_r, v: unknown) => {
                  const failure = checkSmsQuota(v === null || v === undefined || v === '' ? null : Number(v));
                  if (failure) throw new Error(text(failure, f.name));
                },
              },
            ]}
          >
            <InputNumber style={{ width: 200 }} aria-label={f.label} data-testid={`${id}-${f.name}`} />
          </Form.Item>
        ) : (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            extra={f.help}
            dependencies={[switchName]}
            rules={
              f.kind === 'secret'
                ? [
                    {
                      validator: async (_r, v: unknown) => {
                        const s = typeof v === 'string' ? v : '';
                        const failure = s === '' ? (isOn() && !f.stored ? 'required' : null) : checkSecret(s);
                        if (failure) throw new Error(text(failure, f.name));
                      },
                    },
                  ]
                : [checkedRule(f.check, () => !f.optional && isOn(), text, f.name)]
            }
          >
            {f.kind === 'secret' ? (
              <Input.Password
                autoComplete="new-password"
                maxLength={f.max ?? 256}
                placeholder={f.stored ? t('notifications.notice.secretKept') : undefined}
                data-testid={`${id}-${f.name}`}
              />
            ) : (
              <Input autoComplete="off" maxLength={f.max} placeholder={f.placeholder} data-testid={`${id}-${f.name}`} />
            )}
          </Form.Item>
        ),
      )}
      {footer}
      <Button type="primary" htmlType="submit" data-testid={`${id}-save`}>
        {t('notifications.notice.save')}
      </Button>
    </Form>
  );
}

function AdapterNote() {
  const { t } = useTranslation();
  return <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('notifications.notice.adapterNote')} />;
}

/** Voice calls (`ivrNotifyConf`): endpoint and key. */
export function IvrForm({ conf }: { conf: IvrConf }) {
  const { t } = useTranslation();
  const save = useUpdateIvr();
  return (
    <ProviderForm
      id="voice"
      channel={t('notifications.notice.voice.notify')}
      switchName="ivrNotify"
      on={conf.ivrNotify === 1}
      help={t('notifications.notice.voice.help')}
      initial={{ ivrNotify: conf.ivrNotify === 1, endpoint: conf.endpoint, key: '' }}
      fields={[
        {
          name: 'endpoint',
          label: t('notifications.notice.voice.endpoint'),
          kind: 'text',
          check: checkEndpoint,
          placeholder: 'https://ivr.example.com/call',
          max: 500,
        },
        { name: 'key', label: t('notifications.notice.voice.key'), kind: 'secret', check: checkSecret, stored: conf.hasKey },
      ]}
      footer={<AdapterNote />}
      onSave={(input) => save.mutateAsync(input)}
    />
  );
}
