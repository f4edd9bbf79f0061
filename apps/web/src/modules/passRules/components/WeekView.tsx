import { slotMinutes } from '@openvisit/contract';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

export type DayKey = 'mon' | 'tue' | 'wed' | 'thu' | 'fri' | 'sat' | 'sun' | 'hol' | 'daysOff';

/**
 * The week drawn as bars over 24 hours, one row per day: a glance shows when doors open. Slots that do not parse
 * (being typed) are left out; each bar names its slots for screen readers.
 */
export function WeekView({ days, compact }: { days: { key: DayKey; slots: readonly string[] }[]; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={compact ? 2 : 6} data-testid="week-view">
      {days.map(({ key, slots }) => {
        const valid = slots.flatMap((s) => {
          const m = slotMinutes(s);
          return m && m.to > m.from ? [{ s, ...m }] : [];
        });
        const text = valid.length ? valid.map((v) => v.s).join(', ') : t('passRules.schedule.noSlots');
        return (
          <Flex key={key} align="center" gap={8} data-testid={`week-${key}`}>
            <Typography.Text style={{ width: compact ? 40 : 88, flex: 'none', fontSize: compact ? 12 : undefined }}>
              {t(`passRules.weekdays.${key}`)}
            </Typography.Text>
            <div
              role="img"
              aria-label={`${t(`passRules.weekdays.${key}`)}: ${text}`}
              style={{ position: 'relative', flex: 1, height: compact ? 8 : 14, borderRadius: 4, background: 'rgba(0,0,0,0.06)' }}
            >
              {valid.map(({ s, from, to }) => (
                <div
                  key={s}
                  title={s}
                  style={{
                    position: 'absolute',
                    top: 0,
                    bottom: 0,
                    left: `${(from / 1440) * 100}%`,
                    width: `${((to - from) / 1440) * 100}%`,
                    borderRadius: 4,
                    background: 'var(--ant-color-primary, #1677ff)',
                  }}
                />
              ))}
            </div>
            {compact ? null : (
              <Typography.Text type="secondary" style={{ width: 200, flex: 'none', fontSize: 12 }}>
                {text}
              </Typography.Text>
            )}
          </Flex>
        );
      })}
      {compact ? null : <HourAxis />}
    </Flex>
  );
}

/** 0, 6, 12, 18 and 24 o'clock under the bars (hidden from screen readers: each bar names its slots). */
function HourAxis() {
  return (
    <Flex gap={8} aria-hidden>
      <div style={{ width: 88, flex: 'none' }} />
      <div style={{ position: 'relative', flex: 1, height: 16 }}>
        {[0, 6, 12, 18, 24].map((h) => (
          <Typography.Text
            key={h}
            type="secondary"
            style={{
              position: 'absolute',
              left: `${(h / 24) * 100}%`,
              transform: `translateX(-${h === 0 ? 0 : h === 24 ? 100 : 50}%)`,
              fontSize: 12,
            }}
          >
            {`${String(h).padStart(2, '0')}:00`}
          </Typography.Text>
        ))}
      </div>
      <div style={{ width: 200, flex: 'none' }} />
    </Flex>
  );
}
