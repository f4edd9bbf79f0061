import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { checkSlots, SLOTS_PER_DAY_MAX } from '@openvisit/contract';
import { Button, Flex, Form, type FormInstance, Input, Typography } from 'antd';
import type { RuleObject } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { ruleMessage } from '../../../platform/validationText';
import type { DayKey } from './WeekView';

export interface SlotRow {
  from: string;
  to: string;
}
export type DaysForm = Record<DayKey, SlotRow[]>;

export const toSlot = (r: SlotRow | undefined) => `${(r?.from ?? '').trim()}-${(r?.to ?? '').trim()}`;
export const fromSlot = (s: string): SlotRow => {
  const [from = '', to = ''] = s.split('-');
  return { from, to };
};

/** The failure of one slot of a day, from the contract's check (so the form refuses what the server refuses). */
export function slotFailure(rows: readonly (SlotRow | undefined)[], index: number): string | null {
  return checkSlots(rows.map(toSlot)).find((f) => f.index === index)?.rule ?? null;
}

/** One day's slots: start and end as HH:mm, checked as typed (format, end after start, no overlap). */
export function DaySlots({ day, form }: { day: DayKey; form: FormInstance }) {
  const { t } = useTranslation();
  const dayName = t(`passRules.weekdays.${day}`);
  const rule =
    (index: number) =>
    ({ getFieldValue }: { getFieldValue: (n: (string | number)[]) => unknown }): RuleObject => ({
      validator: async () => {
        const failure = slotFailure((getFieldValue(['days', day]) as SlotRow[] | undefined) ?? [], index);
        if (failure) throw new Error(ruleMessage(t, failure));
      },
    });
  return (
    <Form.List name={['days', day]}>
      {(fields, { add, remove }) => (
        <Flex vertical gap={4} data-testid={`slots-${day}`}>
          <Flex align="center" justify="space-between">
            <Typography.Text strong>{dayName}</Typography.Text>
            <Button
              size="small"
              type="link"
              icon={<PlusOutlined />}
              disabled={fields.length >= SLOTS_PER_DAY_MAX}
              onClick={() => add({ from: '', to: '' })}
              aria-label={`${t('passRules.schedule.addSlot')} (${dayName})`}
              data-testid={`slot-add-${day}`}
            >
              {t('passRules.schedule.addSlot')}
            </Button>
          </Flex>
          {fields.length === 0 ? <Typography.Text type="secondary">{t('passRules.schedule.noSlots')}</Typography.Text> : null}
          {fields.map((f, i) => (
            <Flex key={f.key} gap={4} align="start">
              <Form.Item name={[f.name, 'from']} style={{ marginBottom: 4, width: 90 }}>
                <Input
                  placeholder="08:00"
                  maxLength={5}
                  aria-label={t('passRules.schedule.slotStart', { day: dayName, n: i + 1 })}
                  onChange={() => void form.validateFields([['days', day, f.name, 'to']])}
                  data-testid={`slot-${day}-${i}-from`}
                />
              </Form.Item>
              <Typography.Text style={{ lineHeight: '32px' }}>–</Typography.Text>
              <Form.Item name={[f.name, 'to']} rules={[rule(f.name)]} style={{ marginBottom: 4, flex: 1 }}>
                <Input
                  placeholder="12:00"
                  maxLength={5}
                  style={{ width: 90 }}
                  aria-label={t('passRules.schedule.slotEnd', { day: dayName, n: i + 1 })}
                  data-testid={`slot-${day}-${i}-to`}
                />
              </Form.Item>
              <Button
                type="text"
                danger
                icon={<DeleteOutlined />}
                aria-label={t('passRules.schedule.removeSlot', { slot: `${dayName} ${i + 1}` })}
                onClick={() => remove(f.name)}
              />
            </Flex>
          ))}
        </Flex>
      )}
    </Form.List>
  );
}
