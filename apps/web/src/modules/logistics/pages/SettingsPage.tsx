import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { addExtendType, getLogisticsLink, LOGISTICS_FIELD_GROUPS, type LogisticsType, labelIn } from '@openvisit/contract';
import { App, Button, Card, Flex, Table, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../../platform/access';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { useLang } from '../../../platform/i18n';
import { useDeleteType, useLogisticsTypes } from '../api';
import { LinkPanel } from '../components/LinkPanel';
import { TypeModal, useInductionTitles } from '../components/TypeModal';

/** Logistics settings: the logistics types with the fields each asks, and the public booking link (managers). */
export function SettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const types = useLogisticsTypes();
  const remove = useDeleteType();
  const canEdit = useCanCall(addExtendType);
  const canLink = useCanCall(getLogisticsLink);
  const titles = useInductionTitles();
  const [modal, setModal] = useState<{ open: boolean; key: number; type: LogisticsType | null }>({ open: false, key: 0, type: null });
  const open = (type: LogisticsType | null) => setModal((m) => ({ open: true, key: m.key + 1, type }));
  const del = async (x: LogisticsType) => {
    try {
      await remove.mutateAsync(x.tid);
      void message.success(t('logistics.settings.typeDeleted', { name: labelIn(x.name, lang) }));
    } catch {
      // shown by the error policy
    }
  };
  const fieldsOf = (x: LogisticsType, g: (typeof LOGISTICS_FIELD_GROUPS)[number]) =>
    x[g]
      .filter((f) => f.shown)
      .map((f) => `${labelIn(f.displayName, lang)}${f.required ? ' *' : ''}`)
      .join(', ') || '—';

  return (
    <>
      <PageHeader title={t('logistics.settings.title')} extra={<Typography.Text type="secondary">{t('logistics.settings.intro')}</Typography.Text>} />
      <Flex vertical gap={16}>
        <Card
          title={t('logistics.settings.types')}
          extra={
            canEdit ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)}>
                {t('logistics.settings.addType')}
              </Button>
            ) : null
          }
        >
          <Table<LogisticsType>
            rowKey="tid"
            size="middle"
            loading={types.isFetching && !types.data}
            dataSource={types.data ?? []}
            pagination={false}
            scroll={{ x: 800 }}
            locale={{ emptyText: t('logistics.settings.noTypes') }}
            columns={[
              { key: 'name', title: t('logistics.settings.typeName'), render: (_v, x) => labelIn(x.name, lang), width: 160 },
              ...LOGISTICS_FIELD_GROUPS.map((g) => ({
                key: g,
                title: t(`logistics.settings.groups.${g}`),
                render: (_v: unknown, x: LogisticsType) => fieldsOf(x, g),
              })),
              {
                key: 'qid',
                title: t('logistics.settings.induction'),
                width: 140,
                render: (_v: unknown, x: LogisticsType) => (x.qid === null ? '—' : (titles?.get(x.qid) ?? t('logistics.settings.inductionRequired'))),
              },
              ...(canEdit
                ? [
                    {
                      key: 'actions',
                      title: t('logistics.fields.actions'),
                      width: 96,
                      render: (_v: unknown, x: LogisticsType) => (
                        <Flex gap={4}>
                          <Tooltip title={t('common.edit')}>
                            <Button
                              type="text"
                              icon={<EditOutlined />}
                              aria-label={`${t('common.edit')} ${labelIn(x.name, lang)}`}
                              onClick={() => open(x)}
                            />
                          </Tooltip>
                          <ConfirmDelete title={t('logistics.settings.deleteConfirm', { name: labelIn(x.name, lang) })} onConfirm={() => del(x)}>
                            <Tooltip title={t('common.delete')}>
                              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${labelIn(x.name, lang)}`} />
                            </Tooltip>
                          </ConfirmDelete>
                        </Flex>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        </Card>
        {canLink ? <LinkPanel /> : null}
      </Flex>
      <TypeModal key={modal.key} open={modal.open} type={modal.type} onClose={() => setModal((m) => ({ ...m, open: false }))} />
    </>
  );
}
