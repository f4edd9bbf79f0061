import { REPLAY_MAX_DAYS, Status } from '@openvisit/contract';
import { App, Checkbox, DatePicker, Form, Modal, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { statusText } from '../../../platform/errorPolicy';
import { useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { useReplayEvents } from '../api';

interface Values {
  range: [Dayjs, Dayjs] | null;
  onlyFailed: boolean;
}

/** Sends an endpoint the events of a time range again (the last 30 days), all or only those it has not received. */
export function ReplayModal({ endpointId, open, onClose }: { endpointId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const [form] = Form.useForm<Values>();
  const replay = useReplayEvents();
  const oldest = dayjs().subtract(REPLAY_MAX_DAYS, 'day');
  const submit = async (v: Values) => {
    const [from, to] = v.range ?? [];
    if (!from || !to) return;
    try {
      const r = await replay.mutateAsync({ id: endpointId, from: from.valueOf(), to: to.valueOf(), onlyFailed: v.onlyFailed });
      if (r.queued) void message.success(t('webhooks.replay.queued', { count: r.queued }));
      else void message.info(t('webhooks.replay.none'));
      onClose();
    } catch (err) {
      if (!(err instanceof ApiError)) return;
      // 1405 (too many) and 1406 (range) are the form's: said on the range field in the catalogue's words.
      if (!err.isTransport && (err.status === Status.REPLAY_TOO_LARGE || err.status === Status.BAD_TIME_RANGE))
        form.setFields([{ name: 'range', errors: [statusText(err.status, err.reason, lang) ?? err.reason] }]);
      else displayError(err);
    }
  };
  return (
    <Modal
      open={open}
      title={t('webhooks.replay.title')}
      okText={t('webhooks.replay.send')}
      onOk={() => form.submit()}
      confirmLoading={replay.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('webhooks.replay.help')}</Typography.Paragraph>
      <Form
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{ range: [dayjs().subtract(1, 'day'), dayjs()], onlyFailed: true }}
      >
        <Form.Item name="range" label={t('webhooks.replay.range')} rules={[{ required: true, message: t('webhooks.replay.rangeRequired') }]}>
          <DatePicker.RangePicker
            showTime={{ format: 'HH:mm' }}
            needConfirm={false}
            disabledDate={(d) => d.isBefore(oldest, 'day') || d.isAfter(dayjs(), 'day')}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item name="onlyFailed" valuePropName="checked">
          <Checkbox>{t('webhooks.replay.onlyFailed')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
