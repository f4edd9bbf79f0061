import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ListedPerson } from '@openvisit/contract';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { formatDate, formatDateTime } from '../../../platform/format';
import { CellText, type ListColumn } from '../../../platform/list';
import type { ListKind } from '../kinds';
import { LevelTag } from './Matches';

/** Values one per line (an entry's phones, its masked numbers); empty is left to the kit's dash. */
function Lines({ values }: { values: readonly string[] }) {
  if (!values.length) return null;
  return (
    <>
      {values.map((v) => (
        <div key={v}>{v}</div>
      ))}
    </>
  );
}

/** The name over its aliases. */
function NameCell({ p }: { p: ListedPerson }) {
  return (
    <>
      <CellText>
        <Typography.Text strong>{p.name}</Typography.Text>
      </CellText>
      {p.aliases.length ? (
        <CellText secondary>
          {p.aliases.map((a) => (
            <Tag key={a} style={{ marginInlineEnd: 4 }}>
              {a}
            </Tag>
          ))}
        </CellText>
      ) : null}
    </>
  );
}

/** The expiry's day, and a tag once it has passed (the entry no longer matches). */
function ExpiryCell({ p }: { p: ListedPerson }) {
  const { t } = useTranslation();
  if (p.expireTime === null) return null;
  return (
    <>
      <div>{formatDate(p.expireTime)}</div>
      {p.expired ? <Tag data-testid="listed-expired">{t('blacklist.expired')}</Tag> : null}
    </>
  );
}

/**
 * The list's columns: the name with its aliases, phones, masked numbers, level (the blacklist's), reason, expiry, who
 * added the entry and when, and the edit and delete actions.
 */
export function useListedColumns(
  kind: ListKind,
  actions: { onEdit: (p: ListedPerson) => void; onDelete: (p: ListedPerson) => unknown },
): ListColumn<ListedPerson>[] {
  const { t } = useTranslation();
  return [
    { key: 'name', title: t('blacklist.columns.name'), kind: 'name', fixed: 'left', render: (_: unknown, p) => <NameCell p={p} /> },
    { key: 'phone', title: t('blacklist.columns.phone'), kind: 'phone', render: (_: unknown, p) => <Lines values={p.phones} /> },
    {
      key: 'credentialNo',
      title: t('blacklist.columns.credentialNo'),
      kind: 'code',
      width: 168,
      render: (_: unknown, p) => <Lines values={p.credentialNos} />,
    },
    ...(kind === 'black'
      ? [
          {
            key: 'level',
            title: t('blacklist.columns.level'),
            kind: 'tag' as const,
            render: (_: unknown, p: ListedPerson) => <LevelTag level={p.level} />,
          },
        ]
      : []),
    { key: 'remark', title: t('blacklist.columns.remark'), dataIndex: 'remark', kind: 'text' },
    { key: 'expireTime', title: t('blacklist.columns.expireTime'), kind: 'date', width: 128, render: (_: unknown, p) => <ExpiryCell p={p} /> },
    { key: 'sname', title: t('blacklist.columns.sname'), dataIndex: 'sname', kind: 'text' },
    {
      key: 'createTime',
      title: t('blacklist.columns.createTime'),
      dataIndex: 'createTime',
      kind: 'dateTime',
      render: (ms: number) => formatDateTime(ms),
    },
    {
      key: 'actions',
      title: t('blacklist.columns.actions'),
      kind: 'actions',
      width: 96,
      render: (_: unknown, p) => (
        <Flex gap={0}>
          <Tooltip title={t('common.edit')}>
            <Button type="text" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${p.name}`} onClick={() => actions.onEdit(p)} />
          </Tooltip>
          <ConfirmDelete title={t(`blacklist.${kind}.deleteConfirm`, { name: p.name })} onConfirm={() => actions.onDelete(p)}>
            <Tooltip title={t('common.delete')}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${p.name}`} />
            </Tooltip>
          </ConfirmDelete>
        </Flex>
      ),
    },
  ];
}
