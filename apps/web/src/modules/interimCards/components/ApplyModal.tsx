import { INTERIM_OFFICE_MAX } from '@openvisit/contract';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeSelect } from '../../../core/people/public';
import { handleFormError } from '../../../platform/fieldErrors';
import { buildRules } from '../../../platform/formRules';
import { useApplyCard } from '../api';

interface Values {
  kind: 'employee' | 'visitor';
  empid?: number;
  name?: string;
  phone?: string;
  office: string;
}

/**
 * The desk applies for a card on behalf of an employee (picked by name, number or phone) or of a visitor; an employee
 * (`self`) applies for themself, the server taking who from the session.
 */
export function ApplyModal({ open, onClose, self = false }: { open: boolean; onClose: () => void; self?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useMemo(() => buildRules(t), [t]);
  const apply = useApplyCard();
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'employee';

  const submit = async (v: Values) => {
    const body = self
      ? { office: v.office.trim() }
      : v.kind === 'employee'
        ? { empid: v.empid, office: v.office.trim() }
        : { name: v.name?.trim(), phone: v.phone?.trim(), office: v.office.trim() };
    try {
      const card = await apply.mutateAsync(body);
      void message.success(t('interimCards.applied', { name: card.name }));
      onClose();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  return (
    <Modal
      title={t('interimCards.applyTitle')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: apply.isPending }}
      destroyOnHidden
    >
      <Form form={form} name="interim-apply" layout="vertical" initialValues={{ kind: 'employee', office: '' }} onFinish={submit} autoComplete="off">
        {self ? null : (
          <Form.Item label={t('interimCards.form.kind')} name="kind">
            <Radio.Group
              optionType="button"
              options={[
                { value: 'employee', label: t('interimCards.form.employee') },
                { value: 'visitor', label: t('interimCards.form.visitor') },
              ]}
            />
          </Form.Item>
        )}
        {self ? null : kind === 'employee' ? (
          <Form.Item label={t('interimCards.form.employee')} name="empid" rules={[{ required: true, message: t('validation.required') }]}>
            <EmployeeSelect placeholder={t('interimCards.form.employeeSearch')} notFound={t('interimCards.form.noEmployee')} />
          </Form.Item>
        ) : (
          <>
            <Form.Item label={t('interimCards.form.name')} name="name" rules={rules.personName()}>
              <Input />
            </Form.Item>
            <Form.Item label={t('interimCards.form.phone')} name="phone" rules={rules.phone()}>
              <Input inputMode="tel" />
            </Form.Item>
          </>
        )}
        <Form.Item label={t('interimCards.form.office')} name="office">
          <Input maxLength={INTERIM_OFFICE_MAX} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
