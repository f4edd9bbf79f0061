import { slotMinutes } from '@openvisit/contract';
import { Flex, Typography } from 'antd';
import { useLayoutEffect, useRef, useState } from 'react';
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

/** A label "18:00" at 12 px is about 34 px wide; with a little air between them, this is what each needs. */
const LABEL_ROOM = 44;

/** The hours the axis can name without their labels running into each other at this width (px). */
export function axisHours(width: number): number[] {
  if (width >= 4 * LABEL_ROOM + LABEL_ROOM) return [0, 6, 12, 18, 24];
  if (width >= 2 * LABEL_ROOM + LABEL_ROOM / 2) return [0, 12, 24];
  return [0, 24];
}

/**
 * 0, 6, 12, 18 and 24 o'clock under the bars, fewer where the bars are narrow (hidden from screen readers: each bar
 * names its slots). Labels never wrap: the last one, at the very edge, would otherwise get no width and stack.
 */
function HourAxis() {
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return (
    <Flex gap={8} aria-hidden>
      <div style={{ width: 88, flex: 'none' }} />
      <div ref={box} data-testid="week-axis" style={{ position: 'relative', flex: 1, minWidth: 0, height: 16 }}>
        {(width ? axisHours(width) : []).map((h) => (
          <Typography.Text
            key={h}
            type="secondary"
            style={{
              position: 'absolute',
              left: `${(h / 24) * 100}%`,
              transform: `translateX(-${h === 0 ? 0 : h === 24 ? 100 : 50}%)`,
              fontSize: 12,
              whiteSpace: 'nowrap',
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
