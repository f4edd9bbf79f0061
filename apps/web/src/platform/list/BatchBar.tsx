import { DeleteOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../components/ConfirmDelete';

export interface BatchBarProps {
  /** How many rows are selected; the bar is hidden at 0. */
  count: number;
  /** Deletes the selection once confirmed; leave out when the list has no batch delete. */
  onDelete?: () => unknown;
  deleting?: boolean;
  /** Wording of the screen, else the common one. */
  selectedText?: ReactNode;
  deleteText?: ReactNode;
  confirmText?: ReactNode;
  /** More batch actions, after the delete. */
  extra?: ReactNode;
}

/** What a list does with its selected rows: the count, a delete that asks first, and the screen's other actions. */
export function BatchBar({ count, onDelete, deleting, selectedText, deleteText, confirmText, extra }: BatchBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Space wrap data-testid="batch-bar">
      <Typography.Text type="secondary">{selectedText ?? t('common.list.selected', { count })}</Typography.Text>
      {onDelete ? (
        <ConfirmDelete title={confirmText ?? t('common.list.deleteConfirm', { count })} onConfirm={onDelete}>
          <Button danger icon={<DeleteOutlined />} loading={deleting}>
            {deleteText ?? t('common.list.delete')}
          </Button>
        </ConfirmDelete>
      ) : null}
      {extra}
    </Space>
  );
}
