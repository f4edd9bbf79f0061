import { MONITOR_OFFLINE_MINUTES_MAX, MONITOR_OFFLINE_MINUTES_MIN } from '@openvisit/contract';
import { App, Button, Flex, InputNumber, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useOfflineMinutes } from '../api';

/** The company's offline threshold: minutes without a heartbeat, within the contract's bounds. */
export function ThresholdSetting({ minutes }: { minutes: number | undefined }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const save = useOfflineMinutes();
  const [value, setValue] = useState<number | null>(minutes ?? null);
  useEffect(() => setValue(minutes ?? null), [minutes]);
  const valid = value !== null && Number.isInteger(value) && value >= MONITOR_OFFLINE_MINUTES_MIN && value <= MONITOR_OFFLINE_MINUTES_MAX;
  const submit = async () => {
    if (!valid) return;
    try {
      await save.mutateAsync(value);
      void message.success(t('monitor.threshold.saved'));
    } catch {
      // shown by the error policy
    }
  };
  return (
    <Tooltip title={t('monitor.threshold.help')}>
      <Flex align="center" gap={8} wrap>
        <Typography.Text id="monitor-threshold-label">{t('monitor.threshold.label')}</Typography.Text>
        <InputNumber
          aria-labelledby="monitor-threshold-label"
          data-testid="monitor-threshold"
          min={MONITOR_OFFLINE_MINUTES_MIN}
          max={MONITOR_OFFLINE_MINUTES_MAX}
          precision={0}
          value={value}
          disabled={minutes === undefined}
          status={value !== null && !valid ? 'error' : undefined}
          onChange={(v) => setValue(v)}
          onPressEnter={() => void submit()}
          style={{ width: 90 }}
        />
        <Typography.Text type="secondary">{t('monitor.threshold.minutes')}</Typography.Text>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!valid || value === minutes}>
          {t('monitor.threshold.save')}
        </Button>
      </Flex>
    </Tooltip>
  );
}
