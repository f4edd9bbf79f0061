import { Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Asks before something is deleted: the question, a red "Delete" and "Cancel" (the console's one confirmation).
 * `okText` names another destructive action (e.g. cancelling a meeting) on the red button, `cancelText` the way back.
 */
export function ConfirmDelete({
  title,
  description,
  okText,
  cancelText,
  onConfirm,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  okText?: ReactNode;
  cancelText?: ReactNode;
  onConfirm: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={okText ?? t('common.delete')}
      cancelText={cancelText ?? t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
