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
  /** The confirmation's red button when the action is not called "Delete" (e.g. "Remove"). */
  okText?: ReactNode;
  /** More batch actions, before the delete. */
  extra?: ReactNode;
  /** The delete button's test id (e2e specs find it by it). */
  deleteTestId?: string;
}

/** What a list does with its selected rows: the count, the screen's own actions and a delete that asks first. */
export function BatchBar({ count, onDelete, deleting, selectedText, deleteText, confirmText, extra, deleteTestId, okText }: BatchBarProps) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Space wrap data-testid="batch-bar">
      <Typography.Text type="secondary">{selectedText ?? t('common.list.selected', { count })}</Typography.Text>
      {extra}
      {onDelete ? (
        <ConfirmDelete title={confirmText ?? t('common.list.deleteConfirm', { count })} okText={okText} onConfirm={onDelete}>
          <Button danger icon={<DeleteOutlined />} loading={deleting} data-testid={deleteTestId}>
            {deleteText ?? t('common.list.delete')}
          </Button>
        </ConfirmDelete>
      ) : null}
    </Space>
  );
}
