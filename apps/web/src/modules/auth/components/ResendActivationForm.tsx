import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { useRules } from '../../../platform/formRules';
import { showMessage } from '../../../platform/notify';
import { useCaptcha, useCaptchaSubmit } from '../api';
import { CaptchaField } from './CaptchaField';

/** Sends the activation email again (`resendActivation`), behind the captcha when it is on. */
export function ResendActivationForm({ email }: { email?: string }) {
  const { t } = useTranslation();
  const rules = useRules();
  const captcha = useCaptcha();
  const [form] = Form.useForm<{ email: string; vcode?: string }>();
  const { busy, submit } = useCaptchaSubmit(form, captcha, async (values, digest) => {
    await api.resendActivation({ email: values.email, digest }, { silent: 'form' });
    showMessage('success', t('auth.resend.sent'));
  });

  return (
    <Form form={form} layout="vertical" initialValues={{ email: email ?? '' }} onFinish={submit} style={{ textAlign: 'left' }}>
      <Form.Item label={t('auth.resend.email')} name="email" rules={rules.email()}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <CaptchaField captcha={captcha} />
      <Button htmlType="submit" loading={busy} block>
        {t('auth.resend.submit')}
      </Button>
    </Form>
  );
}
