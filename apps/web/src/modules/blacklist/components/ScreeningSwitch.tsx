import { Alert, App, Button, Flex, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { useScreeningSwitch } from '../api';

/** Whether blacklist screening is off (known from the user info; unknown while it loads counts as not off). */
export function useScreeningOff(): boolean {
  const info = useUserInfo();
  return info.data !== undefined && info.data.blackListSwitch !== 1;
}

/**
 * Asks to switch screening on, saying why now (`reason`: a person was just listed, or the list has people while it is
 * off), and switches it on once confirmed: a list that stops nobody must not look like it works.
 */
export function useOfferScreening(): (reason: string) => void {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const change = useScreeningSwitch();
  return (reason) =>
    void modal.confirm({
      title: t('blacklist.screening.offerTitle'),
      content: reason,
      okText: t('blacklist.screening.turnOn'),
      cancelText: t('blacklist.screening.leaveOff'),
      onOk: async () => {
        try {
          await change.mutateAsync(true);
          void message.success(t('blacklist.screening.switchedOn'));
        } catch {
          // shown by the error policy
        }
      },
    });
}

/** Above a blacklist that has people while screening is off: it says so, with the way to switch it on. */
export function ScreeningOffBanner({ listed }: { listed: number }) {
  const { t } = useTranslation();
  const off = useScreeningOff();
  const offer = useOfferScreening();
  if (!off || listed === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="screening-off"
      style={{ marginBottom: 16 }}
      title={t('blacklist.screening.offBanner', { count: listed })}
      action={
        <Button size="small" type="primary" onClick={() => offer(t('blacklist.screening.confirmOn'))}>
          {t('blacklist.screening.turnOn')}
        </Button>
      }
    />
  );
}

/**
 * Blacklist screening of visitors (`updateblackListSwitch`), its current value from the user info. Each change
 * is confirmed first and shown only once the server has accepted it.
 */
export function ScreeningSwitch() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const info = useUserInfo();
  const change = useScreeningSwitch();
  const on = info.data?.blackListSwitch === 1;

  const ask = () => {
    const next = !on;
    void modal.confirm({
      title: t(next ? 'blacklist.screening.confirmOnTitle' : 'blacklist.screening.confirmOffTitle'),
      content: t(next ? 'blacklist.screening.confirmOn' : 'blacklist.screening.confirmOff'),
      okText: t(next ? 'blacklist.screening.turnOn' : 'blacklist.screening.turnOff'),
      cancelText: t('common.cancel'),
      okButtonProps: { danger: !next },
      onOk: async () => {
        try {
          await change.mutateAsync(next);
          void message.success(t(next ? 'blacklist.screening.switchedOn' : 'blacklist.screening.switchedOff'));
        } catch {
          // shown by the error policy
        }
      },
    });
  };

  return (
    <Flex align="center" gap={8}>
      <Tooltip title={t('blacklist.screening.help')}>
        <Typography.Text id="screening-label">{t('blacklist.screening.label')}</Typography.Text>
      </Tooltip>
      <Switch
        aria-labelledby="screening-label"
        data-testid="screening-switch"
        checked={on}
        disabled={info.isPending || info.isError}
        loading={info.isPending || change.isPending}
        checkedChildren={t('blacklist.screening.on')}
        unCheckedChildren={t('blacklist.screening.off')}
        onClick={ask}
      />
    </Flex>
  );
}
