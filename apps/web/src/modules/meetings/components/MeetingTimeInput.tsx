import { DatePicker, Flex, Grid, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { DateTimeInput } from '../../../platform/components/DateTimeInput';

export type MeetingRange = [Dayjs | null, Dayjs | null] | null;

export interface MeetingTimeInputProps {
  /** As a Form.Item's child: the start and the end, and the id the item's label points at. */
  value?: MeetingRange;
  onChange?: (value: MeetingRange) => void;
  id?: string;
  disabledDate: (day: Dayjs) => boolean;
  disabled?: boolean;
}

/**
 * A meeting's start and end. On a desktop antd's range picker (two calendars and the hours side by side); on a phone
 * (below `md`, where that panel is about 450 px wide and off the screen) a start and an end, each a date and a time
 * picker that fit a 360 px screen. A start chosen with no end yet ends an hour later, and moving the start moves the
 * end with it (the meeting keeps its length, as calendars do), so the date and the time of the start are all a
 * one-hand booking needs; the rules are the form's either way.
 */
export function MeetingTimeInput({ value, onChange, id, disabledDate, disabled }: MeetingTimeInputProps) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  const [start = null, end = null] = value ?? [];
  if (!phone)
    return (
      <DatePicker.RangePicker
        id={id}
        value={value}
        onChange={(v) => onChange?.(v ? [v[0], v[1]] : null)}
        disabled={disabled}
        // Typed or picked times count at once (checked as typed), without the panel's OK.
        needConfirm={false}
        showTime={{ format: 'HH:mm', minuteStep: 5 }}
        disabledDate={disabledDate}
      />
    );
  const moveStart = (at: Dayjs | null) => {
    let next = end;
    if (at && !end) next = at.add(1, 'hour');
    else if (at && start && end?.isAfter(start)) next = at.add(end.diff(start), 'millisecond');
    onChange?.([at, next]);
  };
  const part = (label: string, at: Dayjs | null, change: (v: Dayjs | null) => void, partId?: string) => (
    <Flex vertical gap={4}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <DateTimeInput id={partId} label={label} value={at} onChange={change} disabledDate={disabledDate} disabled={disabled} />
    </Flex>
  );
  return (
    <Flex vertical gap={8} data-testid="meeting-time-phone">
      {part(t('meetings.form.start'), start, moveStart, id)}
      {part(t('meetings.form.end'), end, (v) => onChange?.([start, v]))}
    </Flex>
  );
}
