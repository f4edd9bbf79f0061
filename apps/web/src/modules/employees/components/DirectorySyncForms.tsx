import {
  type AppContactChannel,
  type ContactFieldFailure,
  type ContactSyncState,
  checkDdAgentId,
  checkDdAppKey,
  checkDdSecret,
  checkRtxHost,
  checkRtxPort,
  type FieldError,
  Status,
  withColon,
} from '@openvisit/contract';
import { Alert, App, Button, Form, type FormInstance, type FormRule, Input, InputNumber, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUserInfo } from '../../../core/company/public';
import { ApiError } from '../../../platform/apiError';
import { i18n } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import type { employeesEn } from '../locales/en';
import { useUpdateAppDirectory, useUpdateDingTalk, useUpdateRtx } from '../syncApi';
import { ClauseField } from './ClauseField';

type RuleKey = keyof typeof employeesEn.sync.rules;
const isRuleKey = (r: string): r is RuleKey => i18n.exists(`employees.sync.rules.${r}`);

/** The text of a config failure (a contract validator key or a cross-field rule). */
export function useRuleText() {
  const { t } = useTranslation();
  return (rule: string) => (isRuleKey(rule) ? t(`employees.sync.rules.${rule}`) : t('validation.custom'));
}

/** A rule from a contract check; an empty value is refused only when `needed()` says the switched-on channel needs it. */
function checked(check: (v: string) => ContactFieldFailure | null, needed: () => boolean, text: (rule: string) => string): FormRule {
  return {
    validator: async (_r, value: unknown) => {
      const v = value == null ? '' : String(value).trim();
      const failure = v === '' ? (needed() ? 'required' : null) : check(v);
      if (failure) throw new Error(text(failure));
    },
  };
}

/** Puts the server's field errors (400) on the form; answers whether any landed. */
function applyErrors(form: FormInstance, err: unknown, text: (rule: string) => string): boolean {
  if (!(err instanceof ApiError) || err.isTransport || err.status !== Status.BAD_PARAMS) return false;
  const names = new Set(Object.keys(form.getFieldsValue()));
  const byField = new Map<string, string[]>();
  for (const e of err.fieldErrors as FieldError[]) {
    if (!names.has(e.field)) continue;
    byField.set(e.field, [...(byField.get(e.field) ?? []), text(e.rule)]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return byField.size > 0;
}

/** Another directory channel is switched on (one at a time). */
const otherOn = (state: ContactSyncState, mine: ContactSyncState['channel']) => state.channel !== null && state.channel !== mine;

interface DingTalkValues {
  ddnotify: boolean;
  ddcorpid: string;
  ddcorpsecret?: string;
  ddagentid: string;
  ddautosync: boolean;
  acceptClause?: boolean;
}

/** DingTalk settings (`updateDDNotify`): the secret is write-only — never shown, kept when left empty. */
export function DingTalkForm({ state }: { state: ContactSyncState }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useRuleText();
  const [form] = Form.useForm<DingTalkValues>();
  const save = useUpdateDingTalk();
  const clause = useUserInfo().data?.escapeClause ?? '';
  const d = state.dingtalk;
  const on = Form.useWatch('ddnotify', form) ?? d.ddnotify === 1;
  const auto = Form.useWatch('ddautosync', form) ?? d.ddautosync === 1;
  const isOn = () => form.getFieldValue('ddnotify') === true;

  const submit = async (v: DingTalkValues) => {
    try {
      await save.mutateAsync({
        ddnotify: v.ddnotify ? 1 : 0,
        ddcorpid: v.ddcorpid.trim(),
        ...(v.ddcorpsecret?.trim() ? { ddcorpsecret: v.ddcorpsecret.trim() } : {}),
        ddagentid: v.ddagentid.trim(),
        ddautosync: v.ddautosync ? 1 : 0,
        ...(v.acceptClause ? { acceptClause: true } : {}),
      });
      form.setFieldValue('ddcorpsecret', '');
      void message.success(t('employees.sync.dingtalk.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.DINGTALK_VERIFY_FAILED) {
        form.setFields([{ name: 'ddcorpsecret', errors: [`${withColon(t('employees.sync.dingtalk.refused'))}${err.reason}`] }]);
        return;
      }
      if (!applyErrors(form, err, text) && err instanceof ApiError) displayError(err);
    }
  };

  return (
    <Form<DingTalkValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ ddnotify: d.ddnotify === 1, ddcorpid: d.ddcorpid, ddcorpsecret: '', ddagentid: d.ddagentid, ddautosync: d.ddautosync === 1 }}
      data-testid="dingtalk-form"
    >
      <Typography.Paragraph type="secondary">{t('employees.sync.dingtalk.help')}</Typography.Paragraph>
      <Form.Item
        name="ddnotify"
        label={t('employees.sync.dingtalk.notify')}
        valuePropName="checked"
        rules={[
          {
            validator: async (_r, v: unknown) =>
              v === true && otherOn(state, 'dingtalk') ? Promise.reject(new Error(text('exclusive'))) : undefined,
          },
        ]}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="ddcorpid" label={t('employees.sync.dingtalk.appKey')} dependencies={['ddnotify']} rules={[checked(checkDdAppKey, isOn, text)]}>
        <Input autoComplete="off" maxLength={64} />
      </Form.Item>
      <Form.Item
        name="ddcorpsecret"
        label={t('employees.sync.dingtalk.secret')}
        dependencies={['ddnotify']}
        rules={[checked(checkDdSecret, () => isOn() && !d.hasSecret, text)]}
      >
        <Input.Password autoComplete="new-password" maxLength={128} placeholder={d.hasSecret ? t('employees.sync.dingtalk.secretKept') : undefined} />
      </Form.Item>
      <Form.Item
        name="ddagentid"
        label={t('employees.sync.dingtalk.agentId')}
        dependencies={['ddnotify']}
        rules={[checked(checkDdAgentId, isOn, text)]}
      >
        <Input autoComplete="off" maxLength={20} inputMode="numeric" />
      </Form.Item>
      <Form.Item
        name="ddautosync"
        label={t('employees.sync.dingtalk.auto')}
        valuePropName="checked"
        dependencies={['ddnotify']}
        rules={[{ validator: async (_r, v: unknown) => (v === true && !isOn() ? Promise.reject(new Error(text('channelOff'))) : undefined) }]}
      >
        <Switch disabled={!on && !auto} />
      </Form.Item>
      {auto && d.ddautosync !== 1 ? <ClauseField clause={clause} /> : null}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('employees.sync.save')}
      </Button>
    </Form>
  );
}

interface RtxValues {
  rtxnotify: boolean;
  rtxIp: string;
  rtxPort: number | null;
  rtxAuto: boolean;
  acceptClause?: boolean;
}

/** RTX settings (`updateRtxConf`): the RTX server's address and SDK port. */
export function RtxForm({ state }: { state: ContactSyncState }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useRuleText();
  const [form] = Form.useForm<RtxValues>();
  const save = useUpdateRtx();
  const clause = useUserInfo().data?.escapeClause ?? '';
  const r = state.rtx;
  const on = Form.useWatch('rtxnotify', form) ?? r.rtxnotify === 1;
  const auto = Form.useWatch('rtxAuto', form) ?? r.rtxAuto === 1;
  const isOn = () => form.getFieldValue('rtxnotify') === true;

  const submit = async (v: RtxValues) => {
    try {
      await save.mutateAsync({
        rtxnotify: v.rtxnotify ? 1 : 0,
        rtxIp: v.rtxIp.trim(),
        rtxPort: v.rtxPort ?? '',
        rtxAuto: v.rtxAuto ? 1 : 0,
        ...(v.acceptClause ? { acceptClause: true } : {}),
      });
      void message.success(t('employees.sync.rtx.saved'));
    } catch (err) {
      if (!applyErrors(form, err, text) && err instanceof ApiError) displayError(err);
    }
  };

  return (
    <Form<RtxValues>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={{ rtxnotify: r.rtxnotify === 1, rtxIp: r.rtxip, rtxPort: r.rtxport || null, rtxAuto: r.rtxAuto === 1 }}
      data-testid="rtx-form"
    >
      <Typography.Paragraph type="secondary">{t('employees.sync.rtx.help')}</Typography.Paragraph>
      <Form.Item
        name="rtxnotify"
        label={t('employees.sync.rtx.notify')}
        valuePropName="checked"
        rules={[
          {
            validator: async (_r, v: unknown) => (v === true && otherOn(state, 'rtx') ? Promise.reject(new Error(text('exclusive'))) : undefined),
          },
        ]}
      >
        <Switch />
      </Form.Item>
      <Form.Item name="rtxIp" label={t('employees.sync.rtx.ip')} dependencies={['rtxnotify']} rules={[checked(checkRtxHost, isOn, text)]}>
        <Input autoComplete="off" maxLength={253} placeholder="192.168.1.10" />
      </Form.Item>
      <Form.Item
        name="rtxPort"
        label={t('employees.sync.rtx.port')}
        dependencies={['rtxnotify']}
        rules={[
          {
            validator: async (_r, v: unknown) => {
              const failure = v == null || v === '' ? (isOn() ? 'required' : null) : checkRtxPort(Number(v));
              if (failure) throw new Error(text(failure));
            },
          },
        ]}
      >
        <InputNumber style={{ width: 160 }} placeholder="8012" />
      </Form.Item>
      <Form.Item
        name="rtxAuto"
        label={t('employees.sync.rtx.auto')}
        valuePropName="checked"
        dependencies={['rtxnotify']}
        rules={[{ validator: async (_r, v: unknown) => (v === true && !isOn() ? Promise.reject(new Error(text('channelOff'))) : undefined) }]}
      >
        <Switch disabled={!on && !auto} />
      </Form.Item>
      {auto && r.rtxAuto !== 1 ? <ClauseField clause={clause} /> : null}
      {otherOn(state, 'rtx') ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={text('exclusive')} /> : null}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('employees.sync.save')}
      </Button>
    </Form>
  );
}

interface AppValues {
  on: boolean;
  auto: boolean;
  acceptClause?: boolean;
}

/** A work app's directory (`updateAppDirectory`): only switches here; the app itself is set up under Settings › Work apps. */
export function AppDirectoryForm({ state, channel }: { state: ContactSyncState; channel: AppContactChannel }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const text = useRuleText();
  const [form] = Form.useForm<AppValues>();
  const save = useUpdateAppDirectory();
  const clause = useUserInfo().data?.escapeClause ?? '';
  const a = state.apps[channel];
  const appName = t(`employees.sync.channels.${channel}`);
  const on = Form.useWatch('on', form) ?? a.on === 1;
  const auto = Form.useWatch('auto', form) ?? a.auto === 1;

  const submit = async (v: AppValues) => {
    try {
      await save.mutateAsync({ channel, on: v.on ? 1 : 0, auto: v.auto ? 1 : 0, ...(v.acceptClause ? { acceptClause: true } : {}) });
      void message.success(t('employees.sync.app.saved', { app: appName }));
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.DIRECTORY_REFUSED) {
        form.setFields([{ name: 'on', errors: [`${withColon(t('employees.sync.app.refused', { app: appName }))}${err.reason}`] }]);
        return;
      }
      if (!applyErrors(form, err, text) && err instanceof ApiError) displayError(err);
    }
  };

  return (
    <Form<AppValues>
      form={form}
      // Both apps' forms live in the modal's tabs: the name keeps their fields' ids apart.
      name={`${channel}-directory`}
      layout="vertical"
      onFinish={submit}
      initialValues={{ on: a.on === 1, auto: a.auto === 1 }}
      data-testid={`${channel}-form`}
    >
      <Typography.Paragraph type="secondary">{t('employees.sync.app.help', { app: appName })}</Typography.Paragraph>
      {a.ready ? null : (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('employees.sync.app.missing', { app: appName })}
          action={<Link to="/setting/workapps">{t('employees.sync.app.setUp')}</Link>}
        />
      )}
      <Form.Item
        name="on"
        label={t('employees.sync.app.on', { app: appName })}
        valuePropName="checked"
        rules={[
          {
            validator: async (_r, v: unknown) => {
              if (v !== true) return;
              if (otherOn(state, channel)) throw new Error(text('exclusive'));
              if (!a.ready) throw new Error(text('appMissing'));
            },
          },
        ]}
      >
        <Switch />
      </Form.Item>
      <Form.Item
        name="auto"
        // Feishu's changes arrive over its long connection; WeCom's need its callback, not built yet: daily only.
        label={channel === 'feishu' ? t('employees.sync.app.autoLive', { app: appName }) : t('employees.sync.app.auto')}
        valuePropName="checked"
        dependencies={['on']}
        rules={[
          {
            validator: async (_r, v: unknown) =>
              v === true && form.getFieldValue('on') !== true ? Promise.reject(new Error(text('channelOff'))) : undefined,
          },
        ]}
      >
        <Switch disabled={!on && !auto} />
      </Form.Item>
      {auto && a.auto !== 1 ? <ClauseField clause={clause} /> : null}
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('employees.sync.save')}
      </Button>
    </Form>
  );
}
