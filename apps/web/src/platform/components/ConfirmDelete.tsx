import { Popconfirm } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before something is deleted: the question, a red "Delete" and "Cancel" (the console's one confirmation). */
export function ConfirmDelete({
  title,
  description,
  onConfirm,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => unknown;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={t('common.delete')}
      cancelText={t('common.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={onConfirm}
    >
      {children}
    </Popconfirm>
  );
}
