import { DatePicker, Flex, Grid, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';

export interface DateTimeInputProps {
  /** As a Form.Item's child: the moment chosen, and the id the item's label points at. */
  value?: Dayjs | null;
  onChange?: (value: Dayjs | null) => void;
  id?: string;
  /** The field's label, naming the date and the time parts on a phone. */
  label: string;
  /** Days that cannot be chosen (outside a window). */
  disabledDate?: (day: Dayjs) => boolean;
  minuteStep?: 1 | 5 | 10 | 15 | 30;
  disabled?: boolean;
}

/** A new date keeps the time chosen before; with none yet, today's next full hour, another day's 09:00. */
function withDate(day: Dayjs, before: Dayjs | null | undefined): Dayjs {
  const time = before ?? (day.isSame(dayjs(), 'day') ? dayjs().add(1, 'hour').startOf('hour') : day.hour(9));
  return day.hour(time.hour()).minute(time.minute()).second(0).millisecond(0);
}

/**
 * A date and time. On a desktop antd's one picker (a calendar beside the hours and minutes); on a phone (below `md`)
 * a date and a time picker side by side, each panel narrow enough for a 360 px screen (the calendar and the time
 * columns side by side are about 450 px), opening below its field, with the typing keyboard kept shut. antd's panels
 * rather than the phone's own `datetime-local` wheel: they speak the console's language (not the phone's), grey out
 * the days outside the window and keep the minute step.
 */
export function DateTimeInput({ value, onChange, id, label, disabledDate, minuteStep = 5, disabled }: DateTimeInputProps) {
  const { t } = useTranslation();
  const phone = Grid.useBreakpoint().md === false;
  if (!phone)
    return (
      <DatePicker
        id={id}
        value={value}
        onChange={(v) => onChange?.(v ?? null)}
        showTime={{ format: 'HH:mm', minuteStep }}
        disabledDate={disabledDate}
        disabled={disabled}
      />
    );
  return (
    <Flex gap={8} className="ov-date-time" data-testid="date-time-phone">
      <DatePicker
        id={id}
        aria-label={t('common.dateTime.date', { label })}
        value={value}
        onChange={(day) => onChange?.(day ? withDate(day, value) : null)}
        disabledDate={disabledDate}
        disabled={disabled}
        inputReadOnly
        placement="bottomLeft"
        style={{ flex: '3 1 0', minWidth: 0 }}
      />
      <TimePicker
        aria-label={t('common.dateTime.time', { label })}
        value={value}
        onChange={(time) => onChange?.(time ? (value ?? dayjs()).hour(time.hour()).minute(time.minute()).second(0).millisecond(0) : null)}
        format="HH:mm"
        minuteStep={minuteStep}
        needConfirm={false}
        disabled={disabled}
        inputReadOnly
        placement="bottomRight"
        style={{ flex: '2 1 0', minWidth: 0 }}
      />
    </Flex>
  );
}
