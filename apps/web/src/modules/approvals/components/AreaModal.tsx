import { PROCESS_AREA_NAME_MAX, type ProcessArea, Status } from '@openvisit/contract';
import { App, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useGates } from '../../../core/sites/public';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useSaveArea } from '../api';

interface Values {
  aName: string;
  address: string;
  gids: number[];
}

export function AreaModal({ open, area, onClose }: { open: boolean; area: ProcessArea | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const gates = useGates();
  const save = useSaveArea();

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await save.mutateAsync({ aid: area?.aid ?? null, aName: v.aName.trim(), address: v.address?.trim() ?? '', gids: v.gids ?? [] });
      void message.success(t('approvals.areas.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'aName', errors: [t('approvals.area.nameTaken')] }]);
      else handleFormError(form, err);
    }
  };

  return (
    <Modal
      open={open}
      title={t(area ? 'approvals.area.editTitle' : 'approvals.area.addTitle')}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ aName: area?.aName ?? '', address: area?.address ?? '', gids: area?.gids ?? [] }}
      >
        <Form.Item name="aName" label={t('approvals.area.name')} rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
          <Input maxLength={PROCESS_AREA_NAME_MAX} autoFocus />
        </Form.Item>
        <Form.Item name="address" label={t('approvals.area.address')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="gids" label={t('approvals.area.gates')} extra={t('approvals.area.gatesHelp')}>
          <Select
            mode="multiple"
            allowClear
            loading={gates.isPending}
            options={(gates.data ?? []).map((g) => ({ value: g.gid, label: g.gname }))}
            optionFilterProp="label"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
