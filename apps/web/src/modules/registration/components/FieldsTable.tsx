import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { labelIn, type VisitorField, type VisitorType } from '@openvisit/contract';
import { App, Button, Card, Flex, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVisitorFields } from '../../../core/sites/public';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { useLabel, useLang } from '../../../platform/i18n';
import { useDeleteField, useSortFields, useUpdateVisitorType } from '../api';
import { FieldModal } from './FieldModal';

/**
 * The registration form of one visitor type: every field of the company in the shared order, with this type's
 * shown and required switches (saved at once), order buttons, and editing of the fields themselves.
 */
export function FieldsTable({ type }: { type: VisitorType }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const label = useLabel();
  const fields = useVisitorFields();
  const setType = useUpdateVisitorType();
  const sort = useSortFields();
  const del = useDeleteField();
  const [modal, setModal] = useState<{ field: VisitorField | null } | null>(null);
  const typeName = labelIn(type.vType, lang);
  const shown = new Map(type.fields.map((f) => [f.eid, f.required]));
  const list = fields.data ?? [];
  const busy = setType.isPending || sort.isPending;

  const setShown = async (eid: number, on: boolean, required: boolean) => {
    const next = on
      ? list
          .filter((f) => f.eid === eid || shown.has(f.eid))
          .map((f) => ({ eid: f.eid, required: f.eid === eid ? required : (shown.get(f.eid) ?? false) }))
      : type.fields.filter((f) => f.eid !== eid);
    try {
      await setType.mutateAsync({ tid: type.tid, fields: next });
      void message.success(t('registration.fields.changed', { type: typeName }));
    } catch {
      // shown by the error policy
    }
  };

  const move = async (index: number, by: -1 | 1) => {
    const ids = list.map((f) => f.eid);
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

  const remove = async (f: VisitorField) => {
    try {
      await del.mutateAsync(f.eid);
      void message.success(t('registration.fields.deleted'));
    } catch {
      // shown by the error policy
    }
  };

  return (
    <Card
      size="small"
      title={t('registration.fields.title')}
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setModal({ field: null })} data-testid="field-add">
          {t('registration.fields.add')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('registration.fields.intro')}</Typography.Paragraph>
      <Table<VisitorField>
        rowKey="eid"
        size="small"
        pagination={false}
        loading={fields.isPending}
        dataSource={list}
        data-testid="fields-table"
        onRow={(f) => ({ 'data-field': f.fieldName }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          {
            key: 'order',
            width: 72,
            render: (_: unknown, f, i) => (
              <Flex>
                <Tooltip title={t('registration.order.up')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0 || busy}
                    onClick={() => void move(i, -1)}
                    aria-label={`${t('registration.order.up')} ${labelIn(f.displayName, lang)}`}
                  />
                </Tooltip>
                <Tooltip title={t('registration.order.down')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    disabled={i === list.length - 1 || busy}
                    onClick={() => void move(i, 1)}
                    aria-label={`${t('registration.order.down')} ${labelIn(f.displayName, lang)}`}
                  />
                </Tooltip>
              </Flex>
            ),
          },
          {
            title: t('registration.fields.field'),
            key: 'name',
            render: (_: unknown, f) => (
              <Flex gap={6} align="center" wrap>
                <Typography.Text>{labelIn(f.displayName, lang)}</Typography.Text>
                {f.standard ? <Tag>{t('registration.fields.standard')}</Tag> : null}
                {f.locked ? (
                  <Tooltip title={t('registration.fields.locked')}>
                    <LockOutlined aria-label={t('registration.fields.locked')} />
                  </Tooltip>
                ) : null}
              </Flex>
            ),
          },
          { title: t('registration.fields.kind'), key: 'kind', width: 110, render: (_: unknown, f) => label('inputType', f.inputType) },
          {
            title: t('registration.fields.shown'),
            key: 'shown',
            width: 90,
            render: (_: unknown, f) => (
              <Switch
                size="small"
                checked={shown.has(f.eid)}
                disabled={f.locked || busy}
                onChange={(on) => void setShown(f.eid, on, false)}
                aria-label={`${t('registration.fields.shown')} ${labelIn(f.displayName, lang)}`}
              />
            ),
          },
          {
            title: t('registration.fields.required'),
            key: 'required',
            width: 90,
            render: (_: unknown, f) => (
              <Switch
                size="small"
                checked={shown.get(f.eid) === true}
                disabled={f.locked || !shown.has(f.eid) || busy}
                onChange={(on) => void setShown(f.eid, true, on)}
                aria-label={`${t('registration.fields.required')} ${labelIn(f.displayName, lang)}`}
              />
            ),
          },
          {
            title: t('registration.fields.actions'),
            key: 'actions',
            width: 96,
            render: (_: unknown, f) => (
              <Flex>
                <Button
                  type="text"
                  size="small"
                  icon={<EditOutlined />}
                  onClick={() => setModal({ field: f })}
                  aria-label={`${t('common.edit')} ${labelIn(f.displayName, lang)}`}
                />
                {f.standard ? null : (
                  <ConfirmDelete
                    title={t('registration.fields.deleteConfirm', { name: labelIn(f.displayName, lang) })}
                    description={t('registration.fields.deleteHelp')}
                    onConfirm={() => remove(f)}
                  >
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={`${t('common.delete')} ${labelIn(f.displayName, lang)}`}
                    />
                  </ConfirmDelete>
                )}
              </Flex>
            ),
          },
        ]}
      />
      <FieldModal
        key={modal?.field?.eid ?? 'new'}
        open={modal !== null}
        field={modal?.field ?? null}
        type={{ tid: type.tid, name: typeName }}
        onClose={() => setModal(null)}
      />
    </Card>
  );
}
