import { IdcardOutlined, LoginOutlined, PrinterOutlined } from '@ant-design/icons';
import { type residentSignIn, Status } from '@openvisit/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Flex, Form, Input, Modal, Result } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { visitKeys } from '../../../core/visits/public';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';

type SignedIn = z.output<(typeof residentSignIn)['output']>;

/** Phones are digits with an optional leading + and separators; anything else is taken for a certificate number. */
const PHONE = /^\+?[\d\s-]{3,32}$/;
const ID_CARD = /^(\d{15}|\d{17}[\dXx])$/;

/** A QR pass as scanned: ours (OVR3…, OVR1-… issued before), or the original product's shape (v, 15 hex, 468…) where the company gives those. */
const PASS = /^(OVR1-|OVR3\d{10}[A-Za-z0-9]{16}$|v[0-9a-f]{15}468\d)/i;

/** The box's text as the call's input: a worker's QR pass (scanned), an ID card number or a phone by its shape, else a certificate number. */
export function residentIdentity(text: string): { phone?: string; cardid?: string; qrcode?: string } {
  const v = text.trim();
  if (!v) return {};
  if (PASS.test(v)) return { qrcode: v };
  if (ID_CARD.test(v)) return { cardid: v.toUpperCase() };
  return PHONE.test(v) ? { phone: v.replace(/[\s-]/g, '') } : { cardid: v.toUpperCase() };
}

/** The refusals the dialog words itself (the rest go to the error policy). */
const REFUSALS: Readonly<Record<number, 'unknown' | 'unauthorized' | 'outside' | 'refused'>> = {
  [Status.INVALID_VISITOR]: 'unknown',
  [Status.VISITOR_UNAUTHORIZED]: 'unauthorized',
  [Status.OUTSIDE_VALIDITY]: 'outside',
  [Status.BLACKLISTED]: 'refused',
};

function useResidentSignIn() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => api.ResidentVisitorSignIn(residentIdentity(text), { silent: 'form' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: visitKeys.all }),
  });
}

/**
 * The desk signs a resident visitor in by phone or certificate number (ResidentVisitorSignIn); refusals are worded
 * here (a blacklisted person neutrally, as at the kiosk), and the badge is printed through the reception's badge dialog.
 */
export function ResidentSignIn({ onBadge }: { onBadge: (vid: number) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<SignedIn | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const signIn = useResidentSignIn();
  const [form] = Form.useForm<{ identity: string }>();

  const close = () => {
    setOpen(false);
    setDone(null);
    setRefusal(null);
    form.resetFields();
  };
  const again = () => {
    setDone(null);
    setRefusal(null);
    form.resetFields();
  };
  const submit = async ({ identity }: { identity: string }) => {
    setRefusal(null);
    try {
      setDone(await signIn.mutateAsync(identity));
    } catch (err) {
      const key = err instanceof ApiError ? REFUSALS[err.status] : undefined;
      if (key) setRefusal(t(`residents.signIn.${key}`));
      else if (err instanceof ApiError && err.status === Status.BAD_PARAMS) form.setFields([{ name: 'identity', errors: [t('validation.format')] }]);
    }
  };

  return (
    <>
      <Button icon={<IdcardOutlined />} onClick={() => setOpen(true)}>
        {t('residents.signIn.open')}
      </Button>
      <Modal title={t('residents.signIn.title')} open={open} onCancel={close} footer={null} destroyOnHidden>
        {done ? (
          <Result
            status={done.repeated ? 'info' : 'success'}
            title={t(done.repeated ? 'residents.signIn.repeated' : 'residents.signIn.done', { name: done.vname })}
            subTitle={[done.vcompany, done.visitReason].filter(Boolean).join(' · ')}
            extra={[
              <Button
                key="badge"
                type="primary"
                icon={<PrinterOutlined />}
                onClick={() => {
                  onBadge(done.vid);
                  close();
                }}
              >
                {t('residents.signIn.printBadge')}
              </Button>,
              <Button key="again" onClick={again}>
                {t('residents.signIn.another')}
              </Button>,
            ]}
          />
        ) : (
          <Form form={form} layout="vertical" name="resident-sign-in" onFinish={submit} autoComplete="off">
            {refusal ? <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={refusal} data-testid="resident-refusal" /> : null}
            <Form.Item
              name="identity"
              label={t('residents.signIn.label')}
              extra={t('residents.signIn.intro')}
              rules={[
                { required: true, whitespace: true, message: t('validation.required') },
                { max: 32, message: t('validation.tooLong', { max: 32 }) },
              ]}
            >
              <Input autoFocus onChange={() => setRefusal(null)} />
            </Form.Item>
            <Flex justify="flex-end">
              <Button type="primary" htmlType="submit" icon={<LoginOutlined />} loading={signIn.isPending}>
                {t('residents.signIn.submit')}
              </Button>
            </Flex>
          </Form>
        )}
      </Modal>
    </>
  );
}
