import { SafetyOutlined } from '@ant-design/icons';
import { Alert, App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';

/**
 * On an administrator's form for another account (a staff account, an employee, a sub-company): that account's
 * passkeys and two-step sign-in, and the reset for a person who lost them (asked first: it signs them out and leaves
 * only the password). Shown only when the account has either; `reset` answers how many passkeys went.
 */
export function TwoStepReset({
  name,
  security,
  reset,
  pending,
}: {
  name: string;
  /** Absent where the answer does not tell it (the account then shows nothing). */
  security: { twoStep?: boolean; passkeys?: number };
  reset: () => Promise<number>;
  pending?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // The form may hold the account as it was opened: once reset, the notice goes whatever it was handed.
  const [done, setDone] = useState(false);
  if (done || (!security.twoStep && !security.passkeys)) return null;
  const run = async () => {
    try {
      const count = await reset();
      setDone(true);
      void message.success(t('passkeys.reset.done', { count }));
    } catch {
      // shown by the error policy
    }
  };
  return (
    <Alert
      type="info"
      showIcon
      icon={<SafetyOutlined />}
      style={{ marginBottom: 16 }}
      title={`${t(security.twoStep ? 'passkeys.reset.on' : 'passkeys.reset.off')} · ${t('passkeys.reset.passkeys', { count: security.passkeys ?? 0 })}`}
      action={
        <ConfirmDelete
          title={t('passkeys.reset.confirm', { name })}
          description={<div style={{ maxWidth: 320 }}>{t('passkeys.reset.explain')}</div>}
          okText={t('passkeys.reset.action')}
          onConfirm={run}
        >
          <Button size="small" danger loading={pending}>
            {t('passkeys.reset.action')}
          </Button>
        </ConfirmDelete>
      }
    />
  );
}
