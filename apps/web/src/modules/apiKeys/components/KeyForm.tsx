import { API_KEY_NAME_MAX, type ApiScope, Status } from '@openvisit/contract';
import { App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useAddApiKey } from '../api';
import { ScopePicker } from './ScopePicker';

interface Values {
  name: string;
  scopes: ApiScope[];
  expiresAt: Dayjs | null;
}

/** Creates a key (its name, scopes and expiry checked as chosen); the key goes to `onKey`, shown once. */
export function KeyForm({ open, onClose, onKey }: { open: boolean; onClose: () => void; onKey: (key: string) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddApiKey();
  const submit = async (v: Values) => {
    try {
      const r = await add.mutateAsync({ name: v.name.trim(), scopes: v.scopes, expiresAt: v.expiresAt ? v.expiresAt.valueOf() : null });
      onKey(r.key);
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.API_KEY_LIMIT) void message.error(t('apiKeys.form.limit'));
      else handleFormError(form, err);
    }
  };
  return (
    <Modal
      open={open}
      title={t('apiKeys.form.title')}
      okText={t('apiKeys.add')}
      onOk={() => form.submit()}
      confirmLoading={add.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)} initialValues={{ name: '', scopes: [], expiresAt: null }}>
        <Form.Item
          name="name"
          label={t('apiKeys.form.name')}
          extra={t('apiKeys.form.nameHelp')}
          rules={[{ required: true, whitespace: true, message: t('validation.required') }]}
        >
          <Input maxLength={API_KEY_NAME_MAX} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('apiKeys.form.expires')}
          extra={t('apiKeys.form.expiresHelp')}
          rules={[
            {
              validator: async (_r, v: Dayjs | null) => (v && !v.isAfter(dayjs()) ? Promise.reject(new Error(t('apiKeys.form.future'))) : undefined),
            },
          ]}
        >
          <DatePicker showTime={{ format: 'HH:mm' }} needConfirm={false} disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('apiKeys.form.scopes')}
          extra={t('apiKeys.form.scopesHelp')}
          rules={[{ required: true, type: 'array', min: 1, message: t('apiKeys.form.scopesRequired') }]}
        >
          <ScopePicker />
        </Form.Item>
      </Form>
    </Modal>
  );
}
