import { ArrowDownOutlined, ArrowLeftOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { labelIn, Status, type VisitorType } from '@openvisit/contract';
import { Alert, App, Button, Card, Col, Empty, Flex, Form, List, Modal, Row, Skeleton, Space, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useVisitorTypes } from '../../../core/sites/public';
import { ApiError } from '../../../platform/apiError';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLang } from '../../../platform/i18n';
import { useAddVisitorType, useDeleteVisitorType, useSortVisitorTypes, useUpdateVisitorType } from '../api';
import { FieldsTable } from '../components/FieldsTable';
import { showTypeError, TypeFields, type TypeValues, typeInput, typeValues } from '../components/TypeForm';

/** A new visitor type, added with the usual standard fields; it is selected once saved. */
function AddTypeModal({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (tid: number) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const add = useAddVisitorType();
  const [form] = Form.useForm<TypeValues>();
  return (
    <Modal
      open={open}
      destroyOnHidden
      width={720}
      title={t('registration.types.addTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      data-testid="type-add-modal"
    >
      <Form
        form={form}
        layout="vertical"
        name="addType"
        preserve={false}
        initialValues={typeValues(null)}
        onFinish={async (v) => {
          try {
            const created = await add.mutateAsync(typeInput(v));
            void message.success(t('registration.types.added'));
            onAdded(created.tid);
          } catch (err) {
            showTypeError(form, err, t);
          }
        }}
      >
        <TypeFields />
      </Form>
    </Modal>
  );
}

/** The selected type's settings, saved together; deletion after a confirmation (58 while visits name it). */
function TypeEditor({ type, onDeleted }: { type: VisitorType; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const update = useUpdateVisitorType();
  const del = useDeleteVisitorType();
  const [form] = Form.useForm<TypeValues>();
  const [inUse, setInUse] = useState<string | null>(null);
  const name = labelIn(type.vType, lang);
  return (
    <Card
      size="small"
      title={name}
      data-testid="type-editor"
      extra={
        <ConfirmDelete
          title={t('registration.types.deleteConfirm', { name })}
          description={t('registration.types.deleteHelp')}
          onConfirm={async () => {
            setInUse(null);
            try {
              await del.mutateAsync(type.tid);
              void message.success(t('registration.types.deleted'));
              onDeleted();
            } catch (err) {
              if (err instanceof ApiError && err.status === Status.UPDATE_NOT_ALLOWED)
                setInUse(t('registration.types.inUse', { count: (err.result as { visits?: number } | null)?.visits ?? 0 }));
            }
          }}
        >
          <Button danger icon={<DeleteOutlined />} data-testid="type-delete">
            {t('common.delete')}
          </Button>
        </ConfirmDelete>
      }
    >
      {inUse ? <Alert type="warning" showIcon title={inUse} style={{ marginBottom: 12 }} data-testid="type-in-use" /> : null}
      <Form
        form={form}
        layout="vertical"
        name="editType"
        initialValues={typeValues(type)}
        onFinish={async (v) => {
          try {
            await update.mutateAsync({ tid: type.tid, ...typeInput(v) });
            void message.success(t('registration.types.saved'));
          } catch (err) {
            showTypeError(form, err, t);
          }
        }}
      >
        <TypeFields />
        <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="type-save">
          {t('common.save')}
        </Button>
      </Form>
    </Card>
  );
}

/**
 * Setting › visitor types (vset, hidden, linked from the registration settings): the types in the kiosk's order on
 * the left; the selected type's names, validity, gates, reasons and sub-types, and its registration form, on the right.
 * The selected type is kept in the URL (?tid=).
 */
export function VisitTypesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const types = useVisitorTypes();
  const sort = useSortVisitorTypes();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const list = types.data ?? [];
  const wanted = Number(params.get('tid'));
  const selected = list.find((x) => x.tid === wanted) ?? list[0];

  const select = (tid: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (tid) next.set('tid', String(tid));
        else next.delete('tid');
        return next;
      },
      { replace: true },
    );

  // A type that vanished (deleted elsewhere) leaves the URL.
  useEffect(() => {
    if (types.data && wanted && !types.data.some((x) => x.tid === wanted)) select(null);
  });

  const move = async (index: number, by: -1 | 1) => {
    const ids = list.map((x) => x.tid);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    try {
      await sort.mutateAsync(ids);
      void message.success(t('registration.order.saved'));
    } catch {
      // shown by the error policy
    }
  };

  return (
    <>
      <PageHeader
        title={t('registration.types.title')}
        extra={
          <Link to="../padset?tab=types" relative="path">
            <ArrowLeftOutlined /> {t('registration.types.back')}
          </Link>
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="type-add">
            {t('registration.types.add')}
          </Button>
        }
      />
      <Typography.Paragraph type="secondary">{t('registration.types.intro')}</Typography.Paragraph>
      {types.isPending ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : (
        <Row gutter={[24, 16]}>
          <Col xs={24} lg={7}>
            <Card size="small" title={t('registration.types.title')}>
              {list.length === 0 ? (
                <Empty description={t('registration.types.none')} />
              ) : (
                <List
                  size="small"
                  dataSource={list}
                  data-testid="types-list"
                  renderItem={(type, i) => {
                    const name = labelIn(type.vType, lang);
                    const active = type.tid === selected?.tid;
                    return (
                      <List.Item
                        style={{ background: active ? '#e6f4ff' : undefined, cursor: 'pointer', paddingInline: 8 }}
                        onClick={() => select(type.tid)}
                        actions={[
                          <Space key="order" size={0}>
                            <Tooltip title={t('registration.order.up')}>
                              <Button
                                size="small"
                                type="text"
                                icon={<ArrowUpOutlined />}
                                disabled={i === 0 || sort.isPending}
                                onClick={(e) => {
                                  e.stopPropagation();
                                  void move(i, -1);
                                }}
                                aria-label={`${t('registration.order.up')} ${name}`}
                              />
                            </Tooltip>
                            <Tooltip title={t('registration.order.down')}>
                              <Button
                                size="small"
                                type="text"
                                icon={<ArrowDownOutlined />}
                                disabled={i === list.length - 1 || sort.isPending}
                                onClick={(e) => {
                                  e.stopPropagation();
                                  void move(i, 1);
                                }}
                                aria-label={`${t('registration.order.down')} ${name}`}
                              />
                            </Tooltip>
                          </Space>,
                        ]}
                      >
                        <Flex vertical>
                          <Typography.Text strong={active}>{name}</Typography.Text>
                          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                            {t('registration.types.fieldsShown', { count: type.fields.length })}
                          </Typography.Text>
                        </Flex>
                      </List.Item>
                    );
                  }}
                />
              )}
            </Card>
          </Col>
          <Col xs={24} lg={17}>
            {selected ? (
              <Flex vertical gap={16}>
                <TypeEditor key={`${selected.tid}-${selected.vType}`} type={selected} onDeleted={() => select(null)} />
                <FieldsTable type={selected} />
              </Flex>
            ) : (
              <Card size="small">
                <Empty description={t('registration.types.select')} />
              </Card>
            )}
          </Col>
        </Row>
      )}
      <AddTypeModal
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(tid) => {
          setAdding(false);
          select(tid);
        }}
      />
    </>
  );
}
