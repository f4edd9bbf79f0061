import { appointmentWindowFailure, VISIT_DAYS_WINDOW, visitTypeText } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Input, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { useLang } from '../../../platform/i18n';
import { useInviteRuleText } from '../rules';

/** The form values the fields below own. */
export interface InviteCommonValues {
  at?: Dayjs;
  tid?: number;
  gid?: number;
  visitReason?: string;
}

/**
 * What the visitors of one invitation share, inside the caller's Form: the time within the visit-days window (checked
 * as typed with the contract's rule), the visitor type, the gate (when the company has gates) and the purpose. Used
 * by the single and the batch invite.
 */
export function InviteCommonFields({ timeLabel }: { timeLabel?: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useInviteRuleText();
  const types = useQuery({ queryKey: ['invitations', 'types'], queryFn: () => api.getVisitorType({}) });
  const gates = useQuery({ queryKey: ['invitations', 'gates'], queryFn: () => api.getGate({}) });
  return (
    <Space wrap align="start">
      <Form.Item
        name="at"
        label={timeLabel ?? t('invitations.invite.time')}
        rules={[
          { required: true, message: t('validation.required') },
          {
            validator: async (_r, v: Dayjs | undefined) => {
              const rule = v ? appointmentWindowFailure(v.valueOf(), Date.now()) : null;
              if (rule) throw new Error(text(rule, 'appointmentDate'));
            },
          },
        ]}
      >
        <DatePicker
          showTime={{ format: 'HH:mm', minuteStep: 5 }}
          disabledDate={(d) => d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(VISIT_DAYS_WINDOW, 'day').endOf('day'))}
        />
      </Form.Item>
      <Form.Item name="tid" label={t('invitations.invite.type')}>
        <Select
          style={{ width: 180 }}
          allowClear
          loading={types.isPending}
          options={(types.data ?? []).map((x) => ({ value: x.tid, label: visitTypeText(x.vType, lang) }))}
        />
      </Form.Item>
      {gates.data?.length ? (
        <Form.Item name="gid" label={t('invitations.invite.gate')}>
          <Select style={{ width: 160 }} allowClear options={gates.data.map((g) => ({ value: g.gid, label: g.gname }))} />
        </Form.Item>
      ) : null}
      <Form.Item name="visitReason" label={t('invitations.invite.reason')}>
        <Input style={{ width: 240 }} maxLength={200} />
      </Form.Item>
    </Space>
  );
}
