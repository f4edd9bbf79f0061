import { appointmentWindowFailure, Status, VISIT_DAYS_WINDOW, VISIT_MOVES, type Visit, type VisitorStatus } from '@openvisit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Modal, Result, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { DateTimeInput } from '../../../platform/components/DateTimeInput';
import { displayError } from '../../../platform/notify';
import { useInviteRuleText } from '../rules';

/** Still to come: re-sending gives the same invitation a new link. */
const OPEN: readonly VisitorStatus[] = VISIT_MOVES.cancel.from;

/**
 * Sends an invitation again (`resendInvitation`), asked first. One still to come gets a new link (the earlier one stops
 * working); a called-off, declined or expired one is invited afresh, at a time chosen here. The new link is shown to
 * copy, for visitors without an email.
 */
export function ResendDialog({ visit, onClose }: { visit: Visit; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useInviteRuleText();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ at?: Dayjs }>();
  const [closed, setClosed] = useState<string | null>(null);
  const open = OPEN.includes(visit.status) && (visit.appointmentDate === null || visit.appointmentDate > Date.now());
  const oldTime =
    visit.appointmentDate !== null && !appointmentWindowFailure(visit.appointmentDate, Date.now()) ? dayjs(visit.appointmentDate) : undefined;
  const resend = useMutation({
    mutationFn: (appointmentDate?: number) => api.resendInvitation({ vid: visit.vid, appointmentDate }, { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['invitations', 'list'] }),
    onError: (err) => {
      if (!(err instanceof ApiError) || err.http !== undefined) return;
      if (err.status === Status.INVITE_FEATURE_OFF) setClosed(err.reason);
      else if (err.fieldErrors.some((f) => f.field === 'appointmentDate'))
        form.setFields(
          err.fieldErrors.filter((f) => f.field === 'appointmentDate').map((f) => ({ name: 'at', errors: [text(f.rule, 'appointmentDate')] })),
        );
      else displayError(err);
    },
  });

  const submit = async () => {
    if (open) return resend.mutate(undefined);
    // The form shows what is missing; nothing is sent until it is right.
    const v = await form.validateFields().catch(() => null);
    if (v) resend.mutate(v.at?.valueOf());
  };

  const done = resend.data;
  return (
    <Modal
      open
      title={t('invitations.resend.title', { name: visit.vname })}
      okText={done ? t('common.ok') : t('invitations.resend.submit')}
      onOk={done ? onClose : () => void submit()}
      confirmLoading={resend.isPending}
      cancelButtonProps={{ style: done ? { display: 'none' } : undefined }}
      onCancel={onClose}
      destroyOnHidden
    >
      {done ? (
        <Result
          status="success"
          title={done.renewed ? t('invitations.resend.renewed') : t('invitations.resend.sent')}
          subTitle={
            <Typography.Paragraph copyable={{ text: done.inviteLink }} ellipsis style={{ margin: 0 }} data-testid="resend-link">
              {done.inviteLink}
            </Typography.Paragraph>
          }
        />
      ) : (
        <>
          {closed ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('invitations.invite.closed')} description={closed} /> : null}
          <Typography.Paragraph>{open ? t('invitations.resend.openHelp') : t('invitations.resend.renewHelp')}</Typography.Paragraph>
          {open ? null : (
            <Form form={form} layout="vertical" initialValues={{ at: oldTime }}>
              <Form.Item
                name="at"
                label={t('invitations.invite.time')}
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
                <DateTimeInput
                  label={t('invitations.invite.time')}
                  disabledDate={(d) => d.isBefore(dayjs().startOf('day')) || d.isAfter(dayjs().add(VISIT_DAYS_WINDOW, 'day').endOf('day'))}
                />
              </Form.Item>
            </Form>
          )}
        </>
      )}
    </Modal>
  );
}
