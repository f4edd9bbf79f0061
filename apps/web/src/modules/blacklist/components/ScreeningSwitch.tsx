import { App, Flex, Switch, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../accounts/api';
import { useScreeningSwitch } from '../api';

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
