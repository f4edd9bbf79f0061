import { checkEmail, checkPhone } from '@openvisit/contract';
import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { api } from '../../../platform/api';
import { useRules } from '../../../platform/formRules';
import { currentLang } from '../../../platform/i18n';
import { ruleMessage } from '../../../platform/validationText';
import { useCaptcha, useCaptchaSubmit } from '../api';
import { CaptchaField } from '../components/CaptchaField';

/**
 * /forgot: a one-time link to set a new password, mailed. The company administrator's by default; with ?who=employee,
 * an employee's (the first password too: employees are added without one), by the phone they sign in with
 * (`checkEmpInfo`) or their email (`resetEmpPwd`); the answer never says whether anyone matched.
 */
export function ForgotPage() {
  const { t } = useTranslation();
  const employee = useSearchParams()[0].get('who') === 'employee';
  const rules = useRules();
  const captcha = useCaptcha();
  const [form] = Form.useForm<{ email: string; vcode?: string }>();
  const [sent, setSent] = useState(false);

  const { busy, submit } = useCaptchaSubmit(form, captcha, async (v, digest) => {
    const input = { email: v.email, digest, lang: currentLang() };
    // Employees sign in with their phone: by phone the link goes to the email their company has for them.
    if (employee && !v.email.includes('@')) await api.checkEmpInfo({ phone: v.email, digest, lang: currentLang() }, { silent: 'form' });
    else if (employee) await api.resetEmpPwd(input, { silent: 'form' });
    else await api.RetrievePassword(input, { silent: 'form' });
    setSent(true);
  });

  if (sent) {
    return (
      <Result
        status="success"
        title={t('auth.forgot.sentTitle')}
        subTitle={t('auth.forgot.sentText')}
        extra={<Link to={employee ? '/signin?role=employee' : '/signin'}>{t('auth.forgot.back')}</Link>}
      />
    );
  }
  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {employee ? t('auth.forgot.employeeTitle') : t('auth.forgot.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{employee ? t('auth.forgot.employeeIntro') : t('auth.forgot.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        {employee ? (
          <Form.Item
            label={t('auth.forgot.employeeContact')}
            name="email"
            rules={[
              ...rules.required(),
              {
                validator: async (_r, v: string | undefined) => {
                  const value = (v ?? '').trim();
                  if (!value) return;
                  const failure = value.includes('@') ? checkEmail(value) : checkPhone(value);
                  if (failure) throw new Error(ruleMessage(t, failure, { field: value.includes('@') ? 'email' : 'phone' }));
                },
              },
            ]}
          >
            <Input autoComplete="username" />
          </Form.Item>
        ) : (
          <Form.Item label={t('auth.forgot.email')} name="email" rules={rules.email()}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        )}
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to={employee ? '/signin?role=employee' : '/signin'}>{t('auth.forgot.back')}</Link>
      </div>
    </>
  );
}
