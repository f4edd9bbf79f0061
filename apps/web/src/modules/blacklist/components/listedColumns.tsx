import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { ListedPerson } from '@openvisit/contract';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { formatDate, formatDateTime } from '../../../platform/format';
import { CellText, type ListColumn } from '../../../platform/list';
import type { ListKind } from '../kinds';
import { ListedThumb } from './ListedPhoto';
import { LevelTag } from './Matches';

/**
 * The first of an entry's phones or masked numbers, and how many more ("+2", the others in its tooltip): the kit keeps
 * phones and codes on one line. The dialog shows them all.
 */
function FirstOf({ values }: { values: readonly string[] }) {
  const [first, ...rest] = values;
  if (first === undefined) return null;
  return (
    <>
      {first}
      {rest.length ? (
        <Tooltip title={rest.join(', ')}>
          <Tag style={{ marginInlineStart: 4 }} data-testid="listed-more">
            +{rest.length}
          </Tag>
        </Tooltip>
      ) : null}
    </>
  );
}

/** The photo, if any, beside the name over its aliases. */
function NameCell({ kind, p }: { kind: ListKind; p: ListedPerson }) {
  return (
    <Flex gap={8} align="center">
      <ListedThumb kind={kind} bid={p.bid} photo={p.photo} name={p.name} />
      <div style={{ minWidth: 0 }}>
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
      </div>
    </Flex>
  );
}

/** The expiry's day, with a tag once it has passed (the entry no longer matches), on one line. */
function ExpiryCell({ p }: { p: ListedPerson }) {
  const { t } = useTranslation();
  if (p.expireTime === null) return null;
  return (
    <>
      {formatDate(p.expireTime)}
      {p.expired ? (
        <Tag style={{ marginInlineStart: 4 }} data-testid="listed-expired">
          {t('blacklist.expired')}
        </Tag>
      ) : null}
    </>
  );
}

/**
 * The list's columns: the name with its aliases, phones, masked numbers, level (the blacklist's), reason, expiry, who
 * added the entry over when (one column: the table fits a laptop without scrolling sideways), and the edit and delete
 * actions.
 */
export function useListedColumns(
  kind: ListKind,
  actions: { onEdit: (p: ListedPerson) => void; onDelete: (p: ListedPerson) => unknown },
): ListColumn<ListedPerson>[] {
  const { t } = useTranslation();
  return [
    { key: 'name', title: t('blacklist.columns.name'), kind: 'name', fixed: 'left', render: (_: unknown, p) => <NameCell kind={kind} p={p} /> },
    { key: 'phone', title: t('blacklist.columns.phone'), kind: 'phone', width: 152, render: (_: unknown, p) => <FirstOf values={p.phones} /> },
    {
      key: 'credentialNo',
      title: t('blacklist.columns.credentialNo'),
      kind: 'code',
      width: 200,
      render: (_: unknown, p) => <FirstOf values={p.credentialNos} />,
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
    { key: 'expireTime', title: t('blacklist.columns.expireTime'), kind: 'date', width: 168, render: (_: unknown, p) => <ExpiryCell p={p} /> },
    {
      key: 'added',
      title: t('blacklist.columns.added'),
      kind: 'name',
      render: (_: unknown, p) => (
        <>
          <CellText>{p.sname || '—'}</CellText>
          <CellText secondary>{formatDateTime(p.createTime)}</CellText>
        </>
      ),
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
