import { App, Button, Form, type FormInstance, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../platform/fieldErrors';
import { useSaveTemplate } from '../api';
import { alikeInput, type SubValues } from './subValues';

/** Saves the drawer's alike fields (floor, gates, door groups, vaPerm, modules, validity) under a name. */
export function SaveTemplateButton({ form }: { form: FormInstance<SubValues> }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveTemplate();
  const [open, setOpen] = useState(false);
  const [nameForm] = Form.useForm<{ name: string }>();
  const submit = async ({ name }: { name: string }) => {
    try {
      await save.mutateAsync({ name, ...alikeInput(form.getFieldsValue(true) as SubValues) });
      void message.success(t('subCompanies.form.templateSaved', { name }));
      setOpen(false);
    } catch (err) {
      handleFormError(nameForm, err);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('subCompanies.form.saveTemplate')}</Button>
      <Modal
        open={open}
        title={t('subCompanies.form.saveTemplate')}
        onCancel={() => setOpen(false)}
        onOk={() => nameForm.submit()}
        confirmLoading={save.isPending}
        destroyOnHidden
      >
        <Form form={nameForm} layout="vertical" onFinish={submit} name="sub-template">
          <Form.Item name="name" label={t('subCompanies.form.templateName')} rules={[{ required: true, whitespace: true, max: 32 }]}>
            <Input maxLength={32} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
