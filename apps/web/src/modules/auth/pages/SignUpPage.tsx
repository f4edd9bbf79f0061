import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../platform/api';
import { PasswordFields } from '../../../platform/components/PasswordFields';
import { useRules } from '../../../platform/formRules';
import { currentLang } from '../../../platform/i18n';
import { useCaptcha, useCaptchaSubmit } from '../api';
import { CaptchaField } from '../components/CaptchaField';
import { ResendActivationForm } from '../components/ResendActivationForm';

interface SignUpValues {
  company: string;
  shortName?: string;
  username: string;
  phone: string;
  email: string;
  password: string;
  confirm: string;
  vcode?: string;
}

export function SignUpPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const captcha = useCaptcha();
  const [form] = Form.useForm<SignUpValues>();
  const [registered, setRegistered] = useState<string | null>(null);
  const { busy, submit } = useCaptchaSubmit(form, captcha, async (v, digest) => {
    const shortName = v.shortName?.trim();
    await api.Register(
      {
        company: v.company,
        shortName: shortName || undefined,
        username: v.username,
        phone: v.phone,
        email: v.email,
        password: v.password,
        digest,
        lang: currentLang(),
      },
      { silent: 'form' },
    );
    setRegistered(v.email.trim());
  });

  if (registered) {
    return (
      <Result
        status="success"
        title={t('auth.signup.doneTitle')}
        subTitle={t('auth.signup.doneText', { email: registered })}
        extra={
          <div style={{ maxWidth: 360, margin: '0 auto' }}>
            <ResendActivationForm email={registered} />
            <Link to="/signin" style={{ display: 'block', marginTop: 16 }}>
              {t('common.signIn')}
            </Link>
          </div>
        }
      />
    );
  }

  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('auth.signup.title')}
      </Typography.Title>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label={t('auth.signup.company')} name="company" rules={rules.companyName()}>
          <Input autoComplete="organization" />
        </Form.Item>
        <Form.Item
          label={t('auth.signup.shortName')}
          name="shortName"
          rules={rules.companyShortName({ optional: true })}
          extra={t('auth.signup.shortNameHelp')}
        >
          <Input />
        </Form.Item>
        <Form.Item label={t('auth.signup.username')} name="username" rules={rules.personName()}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t('auth.signup.phone')} name="phone" rules={rules.phone()}>
          <Input autoComplete="tel" />
        </Form.Item>
        <Form.Item label={t('auth.signup.email')} name="email" rules={rules.email()}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <PasswordFields label={t('auth.signup.password')} confirmLabel={t('auth.signup.confirm')} />
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.signup.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/signin">{t('auth.signup.haveAccount')}</Link>
      </div>
    </>
  );
}
