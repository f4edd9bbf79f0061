import { DATE_PATTERNS, formatDate, formatDateTime, formatDayMonth, formatTime, type Lang } from '@openvisit/contract';
import { render, screen } from '@testing-library/react';
import { DatePicker } from 'antd';
import enUS from 'antd/es/locale/en_US';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { AppProviders, createQueryClient } from './providers';
import { withOurDates } from './rootProviders';

// Every month, both halves of the day, single- and double-digit days.
const MOMENTS = Array.from({ length: 12 }, (_, m) => new Date(2026, m, (m % 2 ? 5 : 24) + (m % 3), (m * 5) % 24, (m * 7) % 60).getTime());
const dayjsIn = (lang: Lang) => (ms: number) => dayjs(ms).locale(lang === 'zh' ? 'zh-cn' : 'en');

describe('one way to write a day and a moment', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it.each(['en', 'zh'] as const)('the picker patterns write what the contract’s formatters write (%s)', (lang) => {
    const at = dayjsIn(lang);
    const p = DATE_PATTERNS[lang];
    for (const ms of MOMENTS) {
      expect(at(ms).format(p.date)).toBe(formatDate(ms, lang));
      expect(at(ms).format(p.time)).toBe(formatTime(ms, lang));
      expect(at(ms).format(p.dateTime)).toBe(formatDateTime(ms, lang));
      expect(at(ms).format(p.dayMonth)).toBe(formatDayMonth(ms, lang));
      // and they read back what they wrote
      expect(dayjs(formatDateTime(ms, lang), p.dateTime, lang === 'zh' ? 'zh-cn' : 'en', true).valueOf()).toBe(ms);
    }
    expect(formatDayMonth('2026-03-07', lang)).toBe(lang === 'zh' ? '3月7日' : '7 Mar');
  });

  it('antd’s pickers are handed those patterns', () => {
    const fields = withOurDates(enUS, 'en').DatePicker?.lang as { fieldDateFormat?: string; fieldDateTimeFormat?: string };
    expect(fields.fieldDateFormat).toBe('D MMM YYYY');
    expect(fields.fieldDateTimeFormat).toBe('D MMM YYYY, HH:mm');
  });

  it('a date-time picker in the console shows its moment as the tables do', async () => {
    await i18n.changeLanguage('en');
    const ms = new Date(2026, 10, 24, 18, 25).getTime();
    render(
      <AppProviders queryClient={createQueryClient()}>
        <DatePicker aria-label="When" showTime={{ format: 'HH:mm' }} value={dayjs(ms)} />
        <DatePicker aria-label="Day" value={dayjs(ms)} />
      </AppProviders>,
    );
    expect((screen.getByLabelText('When') as HTMLInputElement).value).toBe('24 Nov 2026, 18:25');
    expect((screen.getByLabelText('Day') as HTMLInputElement).value).toBe('24 Nov 2026');
  });
});
