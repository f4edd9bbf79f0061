import { App, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { FORM_SILENT, handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { useCaptcha } from '../api';
import { CaptchaField } from './CaptchaField';

/** Sends the activation email again (`resendActivation`), behind the captcha when it is on. */
export function ResendActivationForm({ email }: { email?: string }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const captcha = useCaptcha();
  const [form] = Form.useForm<{ email: string; vcode?: string }>();
  const [busy, setBusy] = useState(false);

  const submit = async (values: { email: string; vcode?: string }) => {
    setBusy(true);
    try {
      const digest = await captcha.verify(values.vcode);
      await api.resendActivation({ email: values.email, digest }, { silent: FORM_SILENT });
      void message.success(t('auth.resend.sent'));
    } catch (err) {
      handleFormError(form, err);
      if (captcha.enabled) {
        form.setFieldValue('vcode', '');
        captcha.refresh();
      }
    } finally {
      setBusy(false);
    }
  };

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
