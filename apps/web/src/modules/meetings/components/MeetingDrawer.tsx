import {
  MEETING_ADDRESS_MAX,
  MEETING_REMARK_MAX,
  MEETING_SUBJECT_MAX,
  type Meeting,
  MeetingStatus,
  meetingTimeFailures,
  Status,
  VISIT_DAYS_WINDOW,
  type Visit,
  visitTypeText,
} from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Drawer, Flex, Form, type FormInstance, Grid, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeSelect } from '../../../core/people/public';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { FIELD_MAX, ruleMessage } from '../../../platform/validationText';
import { InviteeFields, type InviteeRow, inviteesOf, namePath, refusedVisitors } from '../../invitations/public';
import { useAddMeeting, useUpdateMeeting } from '../api';
import { type MeetingRange, MeetingTimeInput } from './MeetingTimeInput';

interface Values {
  subject: string;
  empid?: number;
  range?: MeetingRange;
  address: string;
  gid?: number;
  tid?: number;
  remark: string;
  visitors: InviteeRow[];
}

/** The meetings' own rules, with texts of their own; the visitors' rows keep the invitation's texts. */
const MEETING_RULES = ['past', 'tooFar', 'beforeStart', 'taken', 'invited', 'atLeastOne'] as const;
const INVITE_RULES = ['phoneOrEmail', 'duplicate', 'screened'] as const;
/** Server fields shown on another form field. */
const FIELD_MAP: Readonly<Record<string, string>> = { startTime: 'range', endTime: 'range', appointmentDate: 'range' };

export function useMeetingRuleText() {
  const { t } = useTranslation();
  return (rule: string, field = '') => {
    if ((MEETING_RULES as readonly string[]).includes(rule))
      return t(`meetings.form.rules.${rule as (typeof MEETING_RULES)[number]}`, { days: VISIT_DAYS_WINDOW });
    if ((INVITE_RULES as readonly string[]).includes(rule)) return t(`invitations.invite.rules.${rule as (typeof INVITE_RULES)[number]}`);
    return ruleMessage(t, rule, { max: FIELD_MAX[field], field });
  };
}

/**
 * Puts the answer's field failures on the form's fields (visitor rows by their path; the visitors screening refused,
 * 66, on their names); answers whether any landed.
 */
export function showFieldErrors<T>(form: FormInstance<T>, err: ApiError, text: (rule: string, field: string) => string): boolean {
  const errors = err.status === Status.BLACKLISTED ? refusedVisitors(err.result) : err.fieldErrors;
  if (!errors.length) return false;
  form.setFields(
    errors.map((f) => ({
      name: (FIELD_MAP[f.field] ?? namePath(f.field)) as never,
      errors: [text(f.rule, f.field.split('.').at(-1) ?? '')],
    })),
  );
  return true;
}

function initial(m: Meeting | null, lang: 'zh' | 'en'): Values {
  return {
    subject: m?.subject ?? '',
    range: m ? [dayjs(m.startTime), dayjs(m.endTime)] : null,
    address: m?.address ?? '',
    gid: m?.gid ?? undefined,
    remark: m?.remark ?? '',
    visitors: [{ lang }],
  };
}

/**
 * Creates a meeting with its visitors, or edits one (`meeting` given): every field checked as typed with the contract's
 * rules (times as the server checks them, at least one visitor, a phone or an email each). An employee organises as
 * themselves; an administrator picks the organiser. Once the meeting is in progress its time and gate are locked.
 */
export function MeetingDrawer({
  open,
  meeting,
  pickOrganiser,
  onClose,
  onCreated,
}: {
  open: boolean;
  meeting: Meeting | null;
  pickOrganiser: boolean;
  onClose: () => void;
  onCreated?: (m: Meeting & { visitors: (Visit & { inviteLink: string })[] }) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const lang = useLang();
  const text = useMeetingRuleText();
  const [form] = Form.useForm<Values>();
  const add = useAddMeeting();
  const update = useUpdateMeeting();
  const [closed, setClosed] = useState<string | null>(null);
  const editing = meeting !== null;
  const phone = Grid.useBreakpoint().md === false;
  const locked = meeting?.meetingStatus === MeetingStatus.IN_PROGRESS;
  const gates = useQuery({ queryKey: ['meetings', 'gates'], queryFn: () => api.getGate({}), enabled: open });
  const types = useQuery({ queryKey: ['meetings', 'types'], queryFn: () => api.getVisitorType({}), enabled: open && !editing });

  const submit = async (v: Values) => {
    setClosed(null);
    const startTime = v.range?.[0]?.valueOf() ?? 0;
    const endTime = v.range?.[1]?.valueOf() ?? 0;
    const common = {
      subject: v.subject.trim(),
      startTime,
      endTime,
      address: v.address?.trim() ?? '',
      gid: v.gid ?? null,
      remark: v.remark?.trim() ?? '',
    };
    try {
      if (meeting) {
        await update.mutateAsync({ mid: meeting.mid, ...common });
        void message.success(t('meetings.form.saved'));
        onClose();
      } else {
        const created = await add.mutateAsync({
          ...common,
          ...(pickOrganiser && { empid: v.empid }),
          tid: v.tid ?? null,
          visitors: inviteesOf(v.visitors, lang),
        });
        onCreated?.(created);
      }
    } catch (err) {
      if (!(err instanceof ApiError) || err.http !== undefined) return;
      if (err.status === Status.INVITE_FEATURE_OFF) setClosed(err.reason);
      else if (!showFieldErrors(form, err, text)) displayError(err);
    }
  };

  const actions = (
    <Space>
      <Button onClick={onClose}>{t('common.cancel')}</Button>
      <Button type="primary" loading={add.isPending || update.isPending} onClick={() => form.submit()}>
        {editing ? t('meetings.form.submitEdit') : t('meetings.form.submitAdd')}
      </Button>
    </Space>
  );

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={editing ? 560 : 980}
      title={editing ? t('meetings.form.editTitle') : t('meetings.form.addTitle')}
      destroyOnHidden
      // On a phone the buttons below the form, under the thumb: beside the title they squeeze it to a letter a line.
      extra={phone ? null : actions}
      footer={phone ? <Flex justify="end">{actions}</Flex> : null}
    >
      {closed ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('meetings.form.closed')} description={closed} /> : null}
      {locked ? <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('meetings.form.timeLocked')} /> : null}
      <Form<Values> form={form} layout="vertical" name="meeting" initialValues={initial(meeting, lang)} onFinish={(v) => void submit(v)} requiredMark>
        <Form.Item
          name="subject"
          label={t('meetings.form.subject')}
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            { max: MEETING_SUBJECT_MAX, message: t('validation.tooLong', { max: MEETING_SUBJECT_MAX }) },
          ]}
        >
          <Input maxLength={MEETING_SUBJECT_MAX} />
        </Form.Item>
        {pickOrganiser && !editing ? (
          <Form.Item name="empid" label={t('meetings.form.organiser')} rules={[{ required: true, message: t('validation.required') }]}>
            <EmployeeSelect placeholder={t('meetings.form.organiserSearch')} notFound={t('meetings.form.noOrganiser')} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="range"
          label={t('meetings.form.time')}
          rules={[
            {
              required: true,
              validator: async (_r, v: Values['range']) => {
                if (!v?.[0] || !v[1]) throw new Error(t('validation.required'));
                if (locked) return;
                const [failure] = meetingTimeFailures(v[0].valueOf(), v[1].valueOf(), Date.now());
                if (failure) throw new Error(text(failure.rule, failure.field));
              },
            },
          ]}
        >
          <MeetingTimeInput
            disabled={locked}
            disabledDate={(d) => d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(VISIT_DAYS_WINDOW, 'day').endOf('day'))}
          />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item
            name="address"
            label={t('meetings.form.address')}
            extra={t('meetings.form.addressHelp')}
            rules={[{ max: MEETING_ADDRESS_MAX, message: t('validation.tooLong', { max: MEETING_ADDRESS_MAX }) }]}
          >
            <Input style={{ width: 260 }} maxLength={MEETING_ADDRESS_MAX} />
          </Form.Item>
          {gates.data?.length ? (
            <Form.Item name="gid" label={t('meetings.form.gate')}>
              <Select style={{ width: 180 }} allowClear disabled={locked} options={gates.data.map((g) => ({ value: g.gid, label: g.gname }))} />
            </Form.Item>
          ) : null}
          {!editing && types.data?.length ? (
            <Form.Item name="tid" label={t('meetings.form.type')}>
              <Select style={{ width: 180 }} allowClear options={types.data.map((x) => ({ value: x.tid, label: visitTypeText(x.vType, lang) }))} />
            </Form.Item>
          ) : null}
        </Space>
        <Form.Item
          name="remark"
          label={t('meetings.form.remark')}
          rules={[{ max: MEETING_REMARK_MAX, message: t('validation.tooLong', { max: MEETING_REMARK_MAX }) }]}
        >
          <Input.TextArea rows={3} maxLength={MEETING_REMARK_MAX} showCount />
        </Form.Item>
        {editing ? null : (
          <Flex vertical gap={8}>
            <Typography.Text strong>{t('meetings.form.visitors')}</Typography.Text>
            <InviteeFields
              rules={[
                {
                  validator: async (_r, rows: InviteeRow[] | undefined) => {
                    if (!rows?.length) throw new Error(text('atLeastOne'));
                  },
                },
              ]}
            />
          </Flex>
        )}
      </Form>
    </Drawer>
  );
}
