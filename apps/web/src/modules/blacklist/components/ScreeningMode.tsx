import { SCREENING_MODES, type ScreeningMode, updateScreeningMode } from '@openvisit/contract';
import { App, Flex, Radio, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { useCanCall } from '../../../platform/access';
import { useScreeningMode } from '../api';

/**
 * How names are screened (`updateScreeningMode`): narrow or standard, beside the screening switch, the current value
 * from the user info. A change is confirmed with what the new mode does, and shown once the server has accepted it.
 */
export function ScreeningModeChoice() {
  const { t } = useTranslation();
  const { message, modal } = App.useApp();
  const allowed = useCanCall(updateScreeningMode);
  const info = useUserInfo();
  const change = useScreeningMode();
  if (!allowed) return null;
  const current = info.data?.screeningMode;

  const ask = (next: ScreeningMode) => {
    if (next === current) return;
    void modal.confirm({
      title: t('blacklist.mode.confirmTitle', { mode: t(`blacklist.mode.${next}`) }),
      content: t(`blacklist.mode.help.${next}`),
      okText: t('blacklist.mode.use', { mode: t(`blacklist.mode.${next}`) }),
      cancelText: t('common.cancel'),
      onOk: async () => {
        try {
          await change.mutateAsync(next);
          void message.success(t('blacklist.mode.changed', { mode: t(`blacklist.mode.${next}`) }));
        } catch {
          // shown by the error policy
        }
      },
    });
  };

  return (
    <Flex align="center" gap={8}>
      <Tooltip title={t('blacklist.mode.tooltip')}>
        <Typography.Text id="screening-mode-label">{t('blacklist.mode.label')}</Typography.Text>
      </Tooltip>
      <Radio.Group
        aria-labelledby="screening-mode-label"
        data-testid="screening-mode"
        optionType="button"
        size="small"
        value={current}
        disabled={info.isPending || info.isError || change.isPending}
        onChange={(e) => ask(e.target.value as ScreeningMode)}
        options={SCREENING_MODES.map((mode) => ({
          value: mode,
          label: <Tooltip title={t(`blacklist.mode.help.${mode}`)}>{t(`blacklist.mode.${mode}`)}</Tooltip>,
        }))}
      />
    </Flex>
  );
}
