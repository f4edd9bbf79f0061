import { checkWebhookUrl, Status, WEBHOOK_DESCRIPTION_MAX, WEBHOOK_URL_MAX, type webhookEndpoint } from '@openvisit/contract';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useLang } from '../../../platform/i18n';
import { useAddWebhook, useUpdateWebhook } from '../api';
import { eventOptions } from './eventLabels';

type Endpoint = z.infer<typeof webhookEndpoint>;
interface Values {
  url: string;
  description: string;
  scope: 'every' | 'chosen';
  events: string[];
}

/**
 * Adds an endpoint (answering its secret to `onSecret`, shown once) or edits one: the address checked as typed with
 * the contract's rule, where it points by the server (1401 under the field), every event or some.
 */
export function WebhookForm({
  open,
  editing,
  onClose,
  onSecret,
}: {
  open: boolean;
  editing: Endpoint | null;
  onClose: () => void;
  onSecret: (secret: string) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const add = useAddWebhook();
  const update = useUpdateWebhook();
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing)
      form.setFieldsValue({
        url: editing.url,
        description: editing.description,
        scope: editing.events.includes('*') ? 'every' : 'chosen',
        events: editing.events.filter((e) => e !== '*'),
      });
  }, [open, editing, form]);
  const save = async () => {
    const v = await form.validateFields();
    const events = v.scope === 'every' ? ['*'] : v.events;
    try {
      if (editing) await update.mutateAsync({ id: editing.id, url: v.url.trim(), description: v.description.trim(), events });
      else onSecret((await add.mutateAsync({ url: v.url.trim(), description: v.description.trim(), events })).secret);
      void message.success(t('webhooks.form.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.WEBHOOK_URL_REFUSED) {
        const why = (err.result as { why?: string } | null)?.why === 'unresolvable' ? 'unresolvable' : 'private';
        form.setFields([{ name: 'url', errors: [t(`webhooks.form.refused.${why}`)] }]);
      } else if (err instanceof ApiError && !err.isTransport && err.status === Status.WEBHOOK_LIMIT) void message.error(t('webhooks.form.limit'));
      else handleFormError(form, err);
    }
  };
  return (
    <Modal
      open={open}
      title={editing ? t('webhooks.form.editTitle') : t('webhooks.form.addTitle')}
      okText={t('common.save')}
      onOk={() => void save().catch(() => undefined)}
      confirmLoading={add.isPending || update.isPending}
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" initialValues={{ url: '', description: '', scope: 'every', events: [] }}>
        <Form.Item
          name="url"
          label={t('webhooks.form.url')}
          extra={t('webhooks.form.urlHelp')}
          validateTrigger={['onChange', 'onBlur']}
          rules={[
            {
              required: true,
              validator: async (_r, value: string | undefined) => {
                const failure = checkWebhookUrl(value ?? '');
                if (failure) throw new Error(t(`webhooks.form.urlErrors.${failure}`));
              },
            },
          ]}
        >
          <Input maxLength={WEBHOOK_URL_MAX} placeholder="https://example.com/hooks/openvisit" autoComplete="off" />
        </Form.Item>
        <Form.Item name="description" label={t('webhooks.form.description')} extra={t('webhooks.form.descriptionHelp')}>
          <Input maxLength={WEBHOOK_DESCRIPTION_MAX} showCount />
        </Form.Item>
        <Form.Item name="scope" label={t('webhooks.form.events')}>
          <Radio.Group
            options={[
              { value: 'every', label: t('webhooks.form.every') },
              { value: 'chosen', label: t('webhooks.form.chosen') },
            ]}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['scope']}>
          {({ getFieldValue }) =>
            getFieldValue('scope') === 'chosen' && (
              <Form.Item name="events" rules={[{ required: true, type: 'array', min: 1, message: t('webhooks.form.eventsRequired') }]}>
                <Select mode="multiple" aria-label={t('webhooks.form.chosen')} options={eventOptions(lang)} optionFilterProp="label" />
              </Form.Item>
            )
          }
        </Form.Item>
      </Form>
    </Modal>
  );
}
