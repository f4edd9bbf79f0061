import { type FieldError, IM_SIGNIN, type ImApp, type Out, Status } from '@openvisit/contract';
import { Alert, App, Button, Flex, Form, Input, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { formatDateTime } from '../../../platform/format';
import { displayError } from '../../../platform/notify';
import { getSession } from '../../../platform/session';
import { useForgetImApp, useSaveImApp, useTestImApp } from '../api';
import { API_BASE, APP_FIELDS, type AppField, formProblems, initialValues, toInput, type Values } from './appFields';

type TestResult = Out<'testImApp'>;

/** A field's rule: the contract's check as typed, and "required" when a chosen use needs it (imAppProblems). */
function useRule(app: ImApp, others: readonly ImApp[], form: ReturnType<typeof Form.useForm<Values>>[0], f: AppField) {
  const { t } = useTranslation();
  return {
    validator: async (_r: unknown, value: unknown) => {
      const v = typeof value === 'string' ? value.trim() : '';
      const failure = v ? f.check(v) : (formProblems(app, form.getFieldsValue(true), others).get(f.name) ?? null);
      if (failure) throw new Error(t(`im.rules.${failure === 'required' ? 'required' : failure === 'tooLong' ? 'tooLong' : 'format'}`));
    },
  };
}

function FieldInput({
  app,
  others,
  form,
  f,
}: {
  app: ImApp;
  others: readonly ImApp[];
  form: ReturnType<typeof Form.useForm<Values>>[0];
  f: AppField;
}) {
  const { t } = useTranslation();
  const rule = useRule(app, others, form, f);
  const kept = f.secret && app.secrets[f.name] ? t('im.secretKept') : f.name === 'cardTemplateId' ? t('im.cardTemplateHelp') : undefined;
  return (
    <Form.Item name={f.name} label={t(`im.fields.${f.name}` as 'im.fields.appKey')} rules={[rule]} extra={kept}>
      {f.secret ? (
        <Input.Password autoComplete="new-password" maxLength={f.max} data-testid={`im-${app.platform}-${f.name}`} />
      ) : (
        <Input autoComplete="off" maxLength={f.max} placeholder={f.placeholder} data-testid={`im-${app.platform}-${f.name}`} />
      )}
    </Form.Item>
  );
}

/** The outcome of a connection test, in the reader's words with the platform's own code. */
function TestOutcome({ r }: { r: TestResult }) {
  const { t } = useTranslation();
  return (
    <Alert
      type={r.ok ? 'success' : 'error'}
      showIcon
      title={r.ok ? t('im.test.ok', { ms: r.ms }) : t('im.test.failed')}
      description={r.ok ? undefined : r.code ? t('im.test.refused', { reason: r.reason, code: r.code }) : r.reason}
      data-testid="im-test-result"
    />
  );
}

/** The link that opens the sign-in page with the company's work-app buttons (for the platform's workbench, or a bookmark). */
function SignInLink({ app }: { app: ImApp }) {
  const { t } = useTranslation();
  const company = getSession().project?.userid;
  if (app.signIn === 'off' || !company) return null;
  const link = `${window.location.origin}/signin/apps?${new URLSearchParams({ company: String(company), via: app.platform })}`;
  return (
    <Form.Item label={t('im.signIn.link')} extra={t('im.signIn.linkHelp')}>
      <Typography.Paragraph copyable={{ text: link }} style={{ margin: 0 }} ellipsis data-testid={`im-${app.platform}-signin-link`}>
        {link}
      </Typography.Paragraph>
    </Form.Item>
  );
}

/**
 * WeCom's callback URL: WeCom calls it with card presses and (set also as the contacts-sync assistant's server)
 * directory changes. Shown once the app is saved, as WeCom verifies it with the stored Token and EncodingAESKey.
 */
function CallbackUrl({ app }: { app: ImApp }) {
  const { t } = useTranslation();
  const company = getSession().project?.userid;
  if (app.platform !== 'wecom' || !app.appId || !company) return null;
  const url = `${window.location.origin}/im/wecom/${company}`;
  return (
    <Form.Item label={t('im.callback.label')} extra={t('im.callback.help')}>
      <Typography.Paragraph copyable={{ text: url }} style={{ margin: 0 }} ellipsis data-testid="im-wecom-callback-url">
        {url}
      </Typography.Paragraph>
    </Form.Item>
  );
}

/** One platform's app: its ids and write-only secrets, the API base, what it is used for, a connection test, save and forget. */
export function AppForm({ app, others }: { app: ImApp; others: readonly ImApp[] }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useSaveImApp();
  const test = useTestImApp();
  const forget = useForgetImApp();
  const [outcome, setOutcome] = useState<TestResult | null>(null);
  const baseRule = useRule(app, others, form, API_BASE);
  const signInRule = {
    validator: async () => {
      const failure = formProblems(app, form.getFieldsValue(true), others).get('signIn');
      if (failure) throw new Error(t('im.signIn.oneRequired'));
    },
  };
  const configured = app.appId !== '' || Object.values(app.secrets).some(Boolean);

  const showServer = (err: unknown) => {
    if (err instanceof ApiError && !err.isTransport && err.status === Status.BAD_PARAMS) {
      const names = new Set([...APP_FIELDS[app.platform].map((f) => f.name), 'apiBase', 'signIn']);
      const mine = (err.fieldErrors as FieldError[]).filter((e) => names.has(e.field));
      const words = (e: FieldError) =>
        e.rule === 'oneRequired' ? t('im.signIn.oneRequired') : t(`im.rules.${e.rule === 'required' ? 'required' : 'format'}`);
      if (mine.length) return form.setFields(mine.map((e) => ({ name: e.field, errors: [words(e)] })));
    }
    if (err instanceof ApiError && !err.isTransport && (err.status === Status.DINGTALK_VERIFY_FAILED || err.status === Status.DIRECTORY_UNREACHABLE))
      return setOutcome({ ok: false, reason: err.message, code: '', ms: 0 });
    if (err instanceof ApiError) displayError(err);
  };
  const submit = async (v: Values) => {
    setOutcome(null);
    try {
      await save.mutateAsync(toInput(app.platform, { ...form.getFieldsValue(true), ...v }));
      form.setFields(APP_FIELDS[app.platform].filter((f) => f.secret).map((f) => ({ name: f.name, value: '' })));
      void message.success(t('im.saved'));
    } catch (err) {
      showServer(err);
    }
  };
  const runTest = async () => {
    setOutcome(null);
    try {
      setOutcome(await test.mutateAsync(toInput(app.platform, form.getFieldsValue(true))));
    } catch (err) {
      showServer(err);
    }
  };
  const last = app.lastTest;

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      initialValues={initialValues(app)}
      style={{ maxWidth: 640 }}
      data-testid={`im-form-${app.platform}`}
    >
      <Typography.Paragraph type="secondary">{t(`im.help.${app.platform}`)}</Typography.Paragraph>
      {APP_FIELDS[app.platform].map((f) => (
        <FieldInput key={f.name} app={app} others={others} form={form} f={f} />
      ))}
      <Form.Item name="apiBase" label={t('im.fields.apiBase')} rules={[baseRule]} extra={t('im.apiBaseHelp', { base: app.effectiveBase })}>
        <Input autoComplete="off" maxLength={API_BASE.max} placeholder={app.effectiveBase} data-testid={`im-${app.platform}-apiBase`} />
      </Form.Item>
      <Form.Item name="signIn" label={t('im.signIn.label')} rules={[signInRule]} extra={t('im.signIn.help')}>
        <Radio.Group
          optionType="button"
          options={IM_SIGNIN.map((v) => ({ value: v, label: t(`im.signIn.${v}`) }))}
          data-testid={`im-${app.platform}-signIn`}
        />
      </Form.Item>
      <SignInLink app={app} />
      <CallbackUrl app={app} />
      {last ? (
        <Typography.Paragraph type="secondary" data-testid="im-last-test">
          {t(last.ok ? 'im.test.lastOk' : 'im.test.lastFailed', { at: formatDateTime(last.at), reason: last.reason })}
        </Typography.Paragraph>
      ) : null}
      {outcome ? <TestOutcome r={outcome} /> : null}
      <Flex gap={8} wrap style={{ marginTop: 16 }}>
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid={`im-${app.platform}-save`}>
          {t('im.save')}
        </Button>
        <Button onClick={() => void runTest()} loading={test.isPending} data-testid={`im-${app.platform}-test`}>
          {t('im.test.run')}
        </Button>
        {configured ? (
          <ConfirmDelete
            title={t('im.forgetConfirm')}
            okText={t('im.forget')}
            onConfirm={() => forget.mutateAsync(app.platform).then(() => void message.success(t('im.forgotten')))}
          >
            <Button danger>{t('im.forget')}</Button>
          </ConfirmDelete>
        ) : null}
      </Flex>
    </Form>
  );
}
