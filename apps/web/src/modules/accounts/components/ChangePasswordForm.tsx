import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PasswordFields } from '../../../platform/components/PasswordFields';
import { handleFormError } from '../../../platform/fieldErrors';
import { useUpdatePassword } from '../api';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
}

/**
 * Change the signed-in account's own password (`updatePassword`, or `updateEmpPwd` for an employee): old, new (not the
 * old one), confirmation.
 */
export function ChangePasswordForm({ onDone, employee = false }: { onDone?: () => void; employee?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const update = useUpdatePassword(employee);

  const submit = async (v: Values) => {
    try {
      await update.mutateAsync({ oldPassword: v.oldPassword, password: v.password, confirm: v.confirm });
      void message.success(t('common.passwordChanged'));
      form.resetFields();
      onDone?.();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  return (
    <Form form={form} name="password" layout="vertical" onFinish={submit} style={{ maxWidth: 420 }}>
      <Form.Item label={t('accounts.password.old')} name="oldPassword" rules={[{ required: true, message: t('validation.required') }]}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <PasswordFields label={t('accounts.password.new')} confirmLabel={t('accounts.password.confirm')} oldField="oldPassword" />
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {t('accounts.password.submit')}
      </Button>
    </Form>
  );
}
