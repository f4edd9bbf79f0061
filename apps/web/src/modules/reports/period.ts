import { dayNumber, REPORT_PERIOD_MAX_DAYS } from '@openvisit/contract';
import dayjs from 'dayjs';
import { DAY_FORMAT } from '../../platform/format';

export const PRESETS = ['today', 'days7', 'days30'] as const;
export type Preset = (typeof PRESETS)[number] | 'custom';
const PRESET_DAYS: Record<(typeof PRESETS)[number], number> = { today: 1, days7: 7, days30: 30 };

/** The period in the URL: ?period=days7, or ?period=custom&from=…&to=… (default: 7 days up to today). */
export function periodFromParams(params: URLSearchParams, now = dayjs()): { preset: Preset; startDate: string; endDate: string } {
  const preset = params.get('period') ?? 'days7';
  if (preset === 'custom') return { preset, startDate: params.get('from') ?? '', endDate: params.get('to') ?? '' };
  const days = PRESET_DAYS[preset as keyof typeof PRESET_DAYS] ?? 7;
  return {
    preset: (preset in PRESET_DAYS ? preset : 'days7') as Preset,
    startDate: now.subtract(days - 1, 'day').format(DAY_FORMAT),
    endDate: now.format(DAY_FORMAT),
  };
}

/** The contract's period rule a period breaks (checked before calling the server), or null. */
export function periodRule(startDate: string, endDate: string): 'format' | 'beforeStart' | 'periodTooLong' | null {
  const [s, e] = [dayNumber(startDate), dayNumber(endDate)];
  if (s === null || e === null) return 'format';
  if (e < s) return 'beforeStart';
  if (e - s + 1 > REPORT_PERIOD_MAX_DAYS) return 'periodTooLong';
  return null;
}
