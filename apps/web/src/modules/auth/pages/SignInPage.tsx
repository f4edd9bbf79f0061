import { type LoginResult, Status } from '@openvisit/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, theme } from 'antd';
// antd's own Input module, not the compound `Input` (which brings TextArea, Search and OTP): 7 KB less on /signin.
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { resetSessionQueries, useConfig } from '../../../platform/config';
import { applyFieldErrors } from '../../../platform/fieldErrors';
import { formatDateTime } from '../../../platform/format';
import { type Rules, useRules } from '../../../platform/formRules';
import { currentLang } from '../../../platform/i18n';
import { postLoginPath } from '../../../platform/landing';
import { errorText } from '../../../platform/notify';
import { consoleRoleOf, saveLogin } from '../../../platform/session';
import { PasskeySecondStep, PasskeySignInButton } from '../../passkeys/public';
import { type Captcha, useCaptcha } from '../api';
import { CaptchaField } from '../components/CaptchaField';
import { SignInTabs } from '../components/SignInTabs';
import { readSignInMemory, rememberSignIn, SIGNIN_FIELD_MAP, type SignInTab, type SignInValues, signInCall, tabOfRole } from '../signinKinds';

type IdentifierKey = 'adminAccount' | 'superAccount' | 'subEmail' | 'phone' | 'deskAccount';

const IDENTIFIER: Record<SignInTab, { key: IdentifierKey; rules: (r: Rules) => ReturnType<Rules['required']>; autoComplete: string }> = {
  admin: { key: 'adminAccount', rules: (r) => r.required(), autoComplete: 'username' },
  super: { key: 'superAccount', rules: (r) => r.superAccount(), autoComplete: 'username' },
  sub: { key: 'subEmail', rules: (r) => r.email(), autoComplete: 'email' },
  employee: { key: 'phone', rules: (r) => r.phone(), autoComplete: 'tel' },
  desk: { key: 'deskAccount', rules: (r) => r.accountName(), autoComplete: 'username' },
};

/** The inline message of a failed sign-in: tries left (302) and lock-out (67) get their own words. */
function useFailureText() {
  const { t } = useTranslation();
  return (err: unknown): string => {
    if (!(err instanceof ApiError)) return t('auth.signin.failed');
    if (err.http === undefined && err.status === Status.LOGIN_TRIES_LEFT) {
      const remaining = (err.result as { remaining?: unknown } | null)?.remaining;
      if (typeof remaining === 'number') return t('auth.signin.triesLeft', { count: remaining });
    }
    if (err.http === undefined && err.status === Status.ACCOUNT_LOCKED) {
      const until = (err.result as { lockedUntil?: unknown } | null)?.lockedUntil;
      if (typeof until !== 'number') return t('auth.signin.lockedNoTime');
      // A wait of seconds (guesses at this account from many addresses), not a lock an administrator would lift.
      const seconds = Math.ceil((until - Date.now()) / 1000);
      return seconds <= 120 ? t('auth.signin.wait', { count: Math.max(1, seconds) }) : t('auth.signin.locked', { time: formatDateTime(until) });
    }
    return errorText(err);
  };
}

/** Keeps a sign-in's session and opens the account's first page (or the page that asked for the sign-in). */
function useSignedIn(redirect: string | null) {
  const navigate = useNavigate();
  const config = useConfig();
  const queryClient = useQueryClient();
  return (result: LoginResult) => {
    const role = consoleRoleOf(result);
    resetSessionQueries(queryClient);
    saveLogin(result, role);
    navigate(postLoginPath({ result, role, redirect, features: config.data?.features }), { replace: true });
  };
}

/** The ceremony a password sign-in answered 1421 with: the account asks for its passkey too. */
function secondStepOf(err: unknown): { ceremony: string; options: Record<string, unknown> } | null {
  if (!(err instanceof ApiError) || err.http !== undefined || err.status !== Status.PASSKEY_NEEDED) return null;
  const r = err.result as { ceremony?: unknown; options?: unknown } | null;
  return typeof r?.ceremony === 'string' && r.options && typeof r.options === 'object'
    ? { ceremony: r.ceremony, options: r.options as Record<string, unknown> }
    : null;
}

function SignInForm({ tab, captcha, redirect }: { tab: SignInTab; captcha: Captcha; redirect: string | null }) {
  const { t } = useTranslation();
  const rules = useRules();
  const signedIn = useSignedIn(redirect);
  const failureText = useFailureText();
  const [form] = Form.useForm<SignInValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [second, setSecond] = useState<{ ceremony: string; options: Record<string, unknown>; identifier: string } | null>(null);
  const id = IDENTIFIER[tab];

  const submit = async (values: SignInValues) => {
    setBusy(true);
    setFailure(null);
    try {
      const digest = await captcha.verify(values.vcode);
      const result = await signInCall(tab, values, digest, currentLang());
      rememberSignIn(tab, values.identifier);
      signedIn(result);
    } catch (err) {
      const step = secondStepOf(err);
      if (step) setSecond({ ...step, identifier: values.identifier });
      else if (!applyFieldErrors(form, err, SIGNIN_FIELD_MAP)) setFailure(failureText(err));
      if (captcha.enabled) {
        form.setFieldValue('vcode', '');
        captcha.refresh();
      }
    } finally {
      setBusy(false);
    }
  };

  const remembered = readSignInMemory().ids?.[tab] ?? '';
  if (second)
    return (
      <Suspense fallback={null}>
        <PasskeySecondStep
          ceremony={second.ceremony}
          options={second.options}
          onSignedIn={(result) => {
            rememberSignIn(tab, second.identifier);
            signedIn(result);
          }}
          onBack={() => setSecond(null)}
        />
      </Suspense>
    );
  return (
    <Form form={form} layout="vertical" onFinish={submit} initialValues={{ identifier: remembered }} requiredMark={false}>
      {failure ? <Alert type="error" showIcon title={failure} role="alert" data-testid="signin-error" style={{ marginBottom: 16 }} /> : null}
      <Form.Item label={t(`auth.signin.fields.${id.key}`)} name="identifier" rules={id.rules(rules)}>
        {/* The first field to fill has the focus: the account, or the password when the account is remembered. */}
        <Input autoComplete={id.autoComplete} placeholder={t(`auth.signin.placeholders.${id.key}`)} autoFocus={!remembered} />
      </Form.Item>
      <Form.Item label={t('auth.signin.fields.password')} name="password" rules={[{ required: true, message: t('validation.required') }]}>
        <Password autoComplete="current-password" autoFocus={!!remembered} />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <Button type="primary" htmlType="submit" block size="large" loading={busy}>
        {t('auth.signin.submit')}
      </Button>
      {/* Not for the front desk's machines, which sign in unattended with a password. */}
      {tab !== 'desk' && (
        <Suspense fallback={null}>
          <PasskeySignInButton onSignedIn={signedIn} />
        </Suspense>
      )}
    </Form>
  );
}

export function SignInPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const captcha = useCaptcha();
  const { token } = theme.useToken();
  const [tab, setTab] = useState<SignInTab>(() => tabOfRole(params.get('role')) ?? readSignInMemory().tab ?? 'admin');

  return (
    <>
      {/* Plain elements, not Typography: the first page every visitor loads would carry it (about 8 KB gzip) for two lines. */}
      <h3 style={{ textAlign: 'center', marginTop: 0, fontSize: token.fontSizeHeading3, fontWeight: 600 }}>{t('auth.signin.title')}</h3>
      <SignInTabs value={tab} onChange={setTab} />
      <SignInForm key={tab} tab={tab} captcha={captcha} redirect={params.get('redirect')} />
      <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
        {/* Employees set their first password, or a forgotten one, from a link mailed to them. */}
        <Link to={tab === 'employee' ? '/forgot?who=employee' : '/forgot'}>
          {tab === 'employee' ? t('auth.signin.employeePassword') : t('auth.signin.forgot')}
        </Link>
        <Link to="/signup">{t('auth.signin.register')}</Link>
      </Flex>
      <Flex justify="center" style={{ marginTop: 12 }}>
        <Link to="/config">
          <span style={{ color: token.colorTextSecondary }}>{t('auth.signin.about')}</span>
        </Link>
      </Flex>
    </>
  );
}
