import { PASS_NAME_MAX, type PassRule, SLOTS_PER_DAY_MAX, Status, WEEKDAYS } from '@openvisit/contract';
import { App, Button, Card, Col, DatePicker, Flex, Form, Input, Radio, Row, Skeleton, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { TFunction } from 'i18next';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../../platform/apiError';
import { PageHeader } from '../../../platform/components/PageHeader';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRules } from '../../../platform/formRules';
import { ruleMessage } from '../../../platform/validationText';
import { usePassRules, useSavePassRule } from '../api';
import { DaySlots, type DaysForm, fromSlot, type SlotRow, toSlot } from '../components/DaySlots';
import { type DayKey, WeekView } from '../components/WeekView';

const DAY_KEYS: DayKey[] = [...WEEKDAYS, 'hol', 'daysOff'];

interface ScheduleForm {
  rname: string;
  startDate: Dayjs | null;
  endDate: Dayjs | null;
  holMode: 0 | 1 | 2;
  daysOffMode: 0 | 1;
  days: DaysForm;
}

function toForm(r: PassRule | undefined): ScheduleForm {
  const days = Object.fromEntries(DAY_KEYS.map((d) => [d, (r?.[d] ?? []).map(fromSlot)])) as DaysForm;
  if (!r) for (const d of WEEKDAYS.slice(0, 5)) days[d] = [{ from: '09:00', to: '18:00' }];
  return {
    rname: r?.rname ?? '',
    startDate: r?.startDate ? dayjs(r.startDate) : null,
    endDate: r?.endDate ? dayjs(r.endDate) : null,
    holMode: r?.holMode ?? 0,
    daysOffMode: r?.daysOffMode ?? 0,
    days,
  };
}

const slotsOf = (rows: SlotRow[] | undefined) => (rows ?? []).filter((r) => r.from || r.to).map(toSlot);

/** The schedule's own fields beside the week: name, date range, what holidays and make-up days do. */
function ScheduleFields() {
  const { t } = useTranslation();
  const rules = useRules();
  const holMode = Form.useWatch('holMode') as number | undefined;
  const daysOffMode = Form.useWatch('daysOffMode') as number | undefined;
  return (
    <>
      <Form.Item label={t('passRules.schedule.name')} name="rname" rules={rules.required()}>
        <Input maxLength={PASS_NAME_MAX} data-testid="rule-name" />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item label={t('passRules.schedule.startDate')} name="startDate">
          <DatePicker data-testid="rule-start" />
        </Form.Item>
        <Form.Item
          label={t('passRules.schedule.endDate')}
          name="endDate"
          dependencies={['startDate']}
          rules={[
            ({ getFieldValue }) => ({
              validator: async (_r, v: Dayjs | null) => {
                const start = getFieldValue('startDate') as Dayjs | null;
                if (v && start && v.isBefore(start, 'day')) throw new Error(t('validation.beforeStart'));
              },
            }),
          ]}
        >
          <DatePicker data-testid="rule-end" />
        </Form.Item>
      </Flex>
      <Form.Item label={t('passRules.schedule.holMode')} name="holMode">
        <Radio.Group
          options={[
            { value: 0, label: t('passRules.schedule.holModes.closed') },
            { value: 1, label: t('passRules.schedule.holModes.slots') },
            { value: 2, label: t('passRules.schedule.holModes.weekday') },
          ]}
        />
      </Form.Item>
      <Form.Item label={t('passRules.schedule.daysOffMode')} name="daysOffMode">
        <Radio.Group
          options={[
            { value: 0, label: t('passRules.schedule.daysOffModes.weekday') },
            { value: 1, label: t('passRules.schedule.daysOffModes.slots') },
          ]}
        />
      </Form.Item>
      <Flex gap={24} wrap>
        {holMode === 1 ? <SlotsCard day="hol" /> : null}
        {daysOffMode === 1 ? <SlotsCard day="daysOff" /> : null}
      </Flex>
    </>
  );
}

function SlotsCard({ day }: { day: DayKey }) {
  const form = Form.useFormInstance();
  return (
    <Card size="small" style={{ minWidth: 260 }}>
      <DaySlots day={day} form={form} />
    </Card>
  );
}

/** Server field errors: a slot's (`mon.1`) on its end field, the others on their fields. */
function showErrors(form: ReturnType<typeof Form.useForm<ScheduleForm>>[0], err: unknown, t: TFunction) {
  if (err instanceof ApiError && !err.isTransport && err.status === Status.ALREADY_EXISTS) {
    form.setFields([{ name: 'rname', errors: [t('passRules.taken')] }]);
    return;
  }
  if (err instanceof ApiError && err.status === Status.BAD_PARAMS) {
    const slotErrors = err.fieldErrors.flatMap(({ field, rule }) => {
      const m = /^(\w+)\.(\d+)$/.exec(field);
      return m && DAY_KEYS.includes(m[1] as DayKey) ? [{ name: ['days', m[1] as string, Number(m[2]), 'to'], errors: [ruleMessage(t, rule)] }] : [];
    });
    if (slotErrors.length) {
      form.setFields(slotErrors as Parameters<typeof form.setFields>[0]);
      return;
    }
  }
  handleFormError(form, err);
}

/** /strategic/tsdetail/:id?: a schedule's week of time slots, drawn as it is edited. */
export function ScheduleEditPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const rid = Number(useParams().id) || undefined;
  const rules = usePassRules();
  const save = useSavePassRule();
  const [form] = Form.useForm<ScheduleForm>();
  const existing = rules.data?.find((r) => r.rid === rid);
  const days = Form.useWatch('days', form) as DaysForm | undefined;
  useEffect(() => {
    if (existing || !rid) form.setFieldsValue(toForm(existing));
  }, [existing, rid, form]);

  const submit = async (v: ScheduleForm) => {
    try {
      const week = Object.fromEntries(DAY_KEYS.map((d) => [d, slotsOf(v.days[d])]));
      await save.mutateAsync({
        rid,
        rname: v.rname,
        startDate: v.startDate ? v.startDate.format('YYYY-MM-DD') : '',
        endDate: v.endDate ? v.endDate.format('YYYY-MM-DD') : '',
        holMode: v.holMode,
        daysOffMode: v.daysOffMode,
        ...week,
      });
      void message.success(t('passRules.schedule.saved'));
      navigate('/strategic/tschedule');
    } catch (err) {
      showErrors(form, err, t);
    }
  };
  const copyMonday = () => {
    const mon = form.getFieldValue(['days', 'mon']) as SlotRow[];
    for (const d of ['tue', 'wed', 'thu', 'fri'] as const)
      form.setFieldValue(
        ['days', d],
        mon.map((r) => ({ ...r })),
      );
  };
  // Another slot of the day may now overlap, or no longer: every end field of a changed day is checked again.
  const revalidate = (changed: Partial<ScheduleForm>) => {
    for (const d of Object.keys(changed.days ?? {}) as DayKey[]) {
      const n = ((form.getFieldValue(['days', d]) as SlotRow[] | undefined) ?? []).length;
      void form.validateFields(Array.from({ length: n }, (_, i) => ['days', d, i, 'to'])).catch(() => undefined);
    }
  };

  if (rid && rules.isPending) return <Skeleton active paragraph={{ rows: 10 }} />;
  return (
    <>
      <PageHeader title={t('passRules.schedule.editTitle')} />
      <Form form={form} layout="vertical" name="schedule" initialValues={toForm(existing)} onFinish={submit} onValuesChange={revalidate}>
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={14}>
            <Card size="small">
              <ScheduleFields />
            </Card>
            <Card
              size="small"
              title={t('passRules.schedule.slots')}
              style={{ marginTop: 16 }}
              extra={
                <Button size="small" onClick={copyMonday} data-testid="copy-monday">
                  {t('passRules.schedule.copyMon')}
                </Button>
              }
            >
              <Typography.Paragraph type="secondary">{t('passRules.schedule.slotHelp', { max: SLOTS_PER_DAY_MAX })}</Typography.Paragraph>
              <Row gutter={[16, 16]}>
                {WEEKDAYS.map((d) => (
                  <Col key={d} xs={24} md={12} xxl={8}>
                    <DaySlots day={d} form={form} />
                  </Col>
                ))}
              </Row>
            </Card>
          </Col>
          <Col xs={24} xl={10}>
            <Card size="small" title={t('passRules.schedule.preview')}>
              <WeekView days={DAY_KEYS.map((d) => ({ key: d, slots: slotsOf(days?.[d]) }))} />
            </Card>
          </Col>
        </Row>
        <Flex gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="rule-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate('/strategic/tschedule')}>{t('common.back')}</Button>
        </Flex>
      </Form>
    </>
  );
}
