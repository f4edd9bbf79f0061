import { Button, Form, Input, Result, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { api } from '../../../platform/api';
import { FORM_SILENT } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { currentLang } from '../../../platform/i18n';
import { useCaptcha, useCaptchaSubmit } from '../api';
import { CaptchaField } from '../components/CaptchaField';

export function ForgotPage() {
  const { t } = useTranslation();
  const rules = useRules();
  const captcha = useCaptcha();
  const [form] = Form.useForm<{ email: string; vcode?: string }>();
  const [sent, setSent] = useState(false);

  const { busy, submit } = useCaptchaSubmit(form, captcha, async (v, digest) => {
    await api.RetrievePassword({ email: v.email, digest, lang: currentLang() }, { silent: FORM_SILENT });
    setSent(true);
  });

  if (sent) {
    return (
      <Result
        status="success"
        title={t('auth.forgot.sentTitle')}
        subTitle={t('auth.forgot.sentText')}
        extra={<Link to="/signin">{t('auth.forgot.back')}</Link>}
      />
    );
  }
  return (
    <>
      <Typography.Title level={3} style={{ textAlign: 'center', marginTop: 0 }}>
        {t('auth.forgot.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('auth.forgot.intro')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onFinish={submit}>
        <Form.Item label={t('auth.forgot.email')} name="email" rules={rules.email()}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <CaptchaField captcha={captcha} />
        <Button type="primary" htmlType="submit" block size="large" loading={busy}>
          {t('auth.forgot.submit')}
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/signin">{t('auth.forgot.back')}</Link>
      </div>
    </>
  );
}
