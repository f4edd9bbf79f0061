import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { CARRIER_NAME_MAX, type Carrier, Status } from '@openvisit/contract';
import { App, Button, Card, Flex, Form, Input, Modal, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { defineListParams, ListSearch, ListTable, text, useListPage, useListQuery } from '../../../platform/list';
import { useCarrierPage, useDeleteCarrier, useSaveCarrier } from '../api';

const carrierParams = defineListParams({ name: text(CARRIER_NAME_MAX) });

interface Values {
  name: string;
  contact: string;
  phone: string;
  remark: string;
}

/** Add or edit a carrier company; a name already used is said on its field (3). */
function CarrierModal({ carrier, open, onClose }: { carrier: Carrier | null; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = useRules();
  const save = useSaveCarrier();
  const [form] = Form.useForm<Values>();
  const submit = async (v: Values) => {
    const body = { name: v.name.trim(), contact: v.contact.trim(), phone: v.phone.trim(), remark: v.remark.trim() };
    try {
      await save.mutateAsync({ id: carrier?.id ?? null, body });
      void message.success(t(carrier ? 'logistics.companies.updated' : 'logistics.companies.added', { name: body.name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS)
        form.setFields([{ name: 'name', errors: [t('logistics.companies.taken')] }]);
      else handleFormError(form, err);
    }
  };
  return (
    <Modal
      open={open}
      title={carrier ? t('logistics.companies.editTitle', { name: carrier.name }) : t('logistics.companies.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="logistics-carrier"
        preserve={false}
        onFinish={submit}
        initialValues={{ name: carrier?.name ?? '', contact: carrier?.contact ?? '', phone: carrier?.phone ?? '', remark: carrier?.remark ?? '' }}
      >
        <Form.Item
          name="name"
          label={t('logistics.companies.name')}
          rules={[...rules.required(), { max: CARRIER_NAME_MAX, message: t('validation.tooLong', { max: CARRIER_NAME_MAX }) }]}
        >
          <Input maxLength={CARRIER_NAME_MAX} />
        </Form.Item>
        <Form.Item name="contact" label={t('logistics.companies.contact')} rules={[{ max: 50, message: t('validation.tooLong', { max: 50 }) }]}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item name="phone" label={t('logistics.companies.phone')} rules={rules.phone({ optional: true })}>
          <Input inputMode="tel" />
        </Form.Item>
        <Form.Item name="remark" label={t('logistics.companies.remark')} rules={[{ max: 200, message: t('validation.tooLong', { max: 200 }) }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The carrier (supplier) companies: searched by name in the URL, added, edited and deleted with a confirmation. */
export function CompaniesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const query = useListQuery(carrierParams);
  const { name, page: pageNo, size } = query.values;
  const page = useCarrierPage(name, pageNo, size);
  const table = useListPage(query, page);
  const remove = useDeleteCarrier();
  const [modal, setModal] = useState<{ open: boolean; key: number; carrier: Carrier | null }>({ open: false, key: 0, carrier: null });
  const open = (carrier: Carrier | null) => setModal((m) => ({ open: true, key: m.key + 1, carrier }));
  const del = async (c: Carrier) => {
    try {
      await remove.mutateAsync(c.id);
      void message.success(t('logistics.companies.deleted', { name: c.name }));
    } catch {
      // shown by the error policy
    }
  };

  return (
    <>
      <PageHeader
        title={t('logistics.companies.title')}
        extra={<Typography.Text type="secondary">{t('logistics.companies.intro')}</Typography.Text>}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
            {t('logistics.companies.add')}
          </Button>
        }
      />
      <Card>
        <Flex style={{ marginBottom: 16 }}>
          <ListSearch
            value={name}
            onSearch={(v) => query.set({ name: v })}
            label={t('logistics.companies.search')}
            maxLength={CARRIER_NAME_MAX}
            width={260}
          />
        </Flex>
        <ListTable<Carrier>
          rowKey="id"
          {...table.props}
          totalText={(n) => t('logistics.companies.total', { count: n })}
          empty={name ? t('logistics.companies.emptySearch') : t('logistics.companies.empty')}
          emptyAction={
            name ? null : (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
                {t('logistics.companies.add')}
              </Button>
            )
          }
          columns={[
            { key: 'name', title: t('logistics.companies.name'), dataIndex: 'name', kind: 'name' },
            { key: 'contact', title: t('logistics.companies.contact'), dataIndex: 'contact', kind: 'name' },
            { key: 'phone', title: t('logistics.companies.phone'), dataIndex: 'phone', kind: 'phone' },
            { key: 'remark', title: t('logistics.companies.remark'), dataIndex: 'remark', kind: 'text' },
            {
              key: 'actions',
              title: t('logistics.fields.actions'),
              kind: 'actions',
              render: (_v, c) => (
                <Flex gap={4}>
                  <Tooltip title={t('common.edit')}>
                    <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${c.name}`} onClick={() => open(c)} />
                  </Tooltip>
                  <ConfirmDelete title={t('logistics.companies.deleteConfirm', { name: c.name })} onConfirm={() => del(c)}>
                    <Tooltip title={t('common.delete')}>
                      <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${c.name}`} />
                    </Tooltip>
                  </ConfirmDelete>
                </Flex>
              ),
            },
          ]}
        />
      </Card>
      <CarrierModal key={modal.key} open={modal.open} carrier={modal.carrier} onClose={() => setModal((m) => ({ ...m, open: false }))} />
    </>
  );
}
