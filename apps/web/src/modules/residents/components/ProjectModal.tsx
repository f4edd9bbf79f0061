import { RESIDENT_LONG_TEXT_MAX, type ResidentProject, Status } from '@openvisit/contract';
import { App, DatePicker, Form, Input, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useSaveProject } from '../api';
import { rangeMs, useResidentRules } from '../rules';

interface Values {
  pName: string;
  leader: string;
  phone: string;
  area: string;
  content: string;
  period: [Dayjs | null, Dayjs | null] | null;
  remark: string;
}

function initial(p: ResidentProject | null): Values {
  return {
    pName: p?.pName ?? '',
    leader: p?.leader ?? '',
    phone: p?.phone ?? '',
    area: p?.area ?? '',
    content: p?.content ?? '',
    period: p?.startDate && p.endDate ? [dayjs(p.startDate), dayjs(p.endDate)] : null,
    remark: p?.remark ?? '',
  };
}

/** Adds or edits a project: name, responsible person, phone and dates required (spec section 5), checked as typed. */
export function ProjectModal({ open, project, onClose }: { open: boolean; project: ResidentProject | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useResidentRules();
  const save = useSaveProject();
  const [form] = Form.useForm<Values>();

  const submit = async (v: Values) => {
    const { startDate = 0, endDate = 0 } = rangeMs(v.period);
    const body = {
      pName: v.pName.trim(),
      leader: v.leader.trim(),
      phone: v.phone.trim(),
      area: v.area.trim(),
      content: v.content.trim(),
      remark: v.remark.trim(),
      startDate,
      endDate,
    };
    try {
      await save.mutateAsync({ pid: project?.pid ?? null, body });
      void message.success(t(project ? 'residents.projects.updated' : 'residents.projects.added', { name: body.pName }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.DUPLICATE_PROJECT)
        form.setFields([{ name: 'pName', errors: [t('residents.projects.taken')] }]);
      else handleFormError(form, err, { startDate: 'period', endDate: 'period' });
    }
  };

  return (
    <Modal
      title={project ? t('residents.projects.editTitle', { name: project.pName }) : t('residents.projects.addTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Form form={form} name="resident-project" layout="vertical" initialValues={initial(project)} onFinish={submit} autoComplete="off">
        <Form.Item label={t('residents.projects.fields.pName')} name="pName" rules={rules.projectName()}>
          <Input />
        </Form.Item>
        <Form.Item label={t('residents.projects.fields.leader')} name="leader" rules={rules.personName()}>
          <Input />
        </Form.Item>
        <Form.Item label={t('residents.projects.fields.phone')} name="phone" rules={rules.projectPhone()}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item label={t('residents.projects.fields.period')} name="period" rules={rules.range()}>
          <DatePicker.RangePicker style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item label={t('residents.projects.fields.area')} name="area" rules={rules.text()}>
          <Input />
        </Form.Item>
        <Form.Item label={t('residents.projects.fields.content')} name="content" rules={rules.longText()}>
          <Input.TextArea rows={2} maxLength={RESIDENT_LONG_TEXT_MAX} />
        </Form.Item>
        <Form.Item label={t('residents.projects.fields.remark')} name="remark" rules={rules.longText()}>
          <Input.TextArea rows={2} maxLength={RESIDENT_LONG_TEXT_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
