import { addSupplier, Status, type Supplier } from '@openvisit/contract';
import { App, Button, Card, Empty, Form, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { handleFormError } from '../../../platform/fieldErrors';
import { useDeleteSupplier, useSaveSupplier, useSuppliers } from '../api.suppliers';

interface Values {
  name: string;
  contact: string;
  phone: string;
  remark: string;
}

/** Adds or edits a supplier company: the name required and unique (3 on its field). */
function SupplierModal({ supplier, onClose }: { supplier: Supplier | null | 'new'; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useSaveSupplier();
  const [form] = Form.useForm<Values>();
  const editing = supplier !== null && supplier !== 'new' ? supplier : null;
  const submit = async (v: Values) => {
    const body = { name: v.name.trim(), contact: v.contact.trim(), phone: v.phone.trim(), remark: v.remark.trim() };
    try {
      await save.mutateAsync({ supplierId: editing?.supplierId ?? null, body });
      void message.success(t(editing ? 'suppliers.companies.updated' : 'suppliers.companies.added', { name: body.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'name', errors: [t('suppliers.companies.taken')] }]);
      else handleFormError(form, err);
    }
  };
  return (
    <Modal
      open={supplier !== null}
      title={editing ? t('suppliers.companies.editTitle', { name: editing.name }) : t('suppliers.companies.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ name: editing?.name ?? '', contact: editing?.contact ?? '', phone: editing?.phone ?? '', remark: editing?.remark ?? '' }}
      >
        <Form.Item
          name="name"
          label={t('suppliers.companies.fields.name')}
          rules={[{ required: true, whitespace: true, message: t('suppliers.companies.nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="contact" label={t('suppliers.companies.fields.contact')}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={t('suppliers.companies.fields.phone')}>
          <Input maxLength={32} />
        </Form.Item>
        <Form.Item name="remark" label={t('suppliers.companies.fields.remark')}>
          <Input.TextArea maxLength={500} rows={3} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Supplier › companies (comlist): the supplier (labour) companies, their workers and server-company accounts. */
export function SupplierCompaniesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const list = useSuppliers();
  const remove = useDeleteSupplier();
  const canEdit = useCanCall(addSupplier);
  const [editing, setEditing] = useState<Supplier | null | 'new'>(null);
  return (
    <>
      <PageHeader
        title={t('suppliers.companies.title')}
        actions={
          canEdit && (
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('suppliers.companies.add')}
            </Button>
          )
        }
      />
      <Card>
        <Table<Supplier>
          rowKey="supplierId"
          loading={list.isPending}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={t('suppliers.companies.empty')} /> }}
          columns={[
            { key: 'name', title: t('suppliers.companies.fields.name'), dataIndex: 'name' },
            { key: 'contact', title: t('suppliers.companies.fields.contact'), dataIndex: 'contact' },
            { key: 'phone', title: t('suppliers.companies.fields.phone'), dataIndex: 'phone' },
            { key: 'workers', title: t('suppliers.companies.workers'), dataIndex: 'workers', align: 'right' },
            { key: 'accounts', title: t('suppliers.companies.accounts'), dataIndex: 'accounts', align: 'right' },
            ...(canEdit
              ? [
                  {
                    key: 'actions',
                    title: t('suppliers.companies.actions'),
                    render: (_: unknown, s: Supplier) => (
                      <Space>
                        <Button type="link" style={{ padding: 0 }} onClick={() => setEditing(s)}>
                          {t('common.edit')}
                        </Button>
                        <ConfirmDelete
                          title={t('suppliers.companies.deleteConfirm', { name: s.name })}
                          onConfirm={async () => {
                            await remove.mutateAsync(s.supplierId);
                            void message.success(t('suppliers.companies.deleted', { name: s.name }));
                          }}
                        >
                          <Button type="link" danger style={{ padding: 0 }}>
                            {t('common.delete')}
                          </Button>
                        </ConfirmDelete>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
      <SupplierModal supplier={editing} onClose={() => setEditing(null)} />
    </>
  );
}
