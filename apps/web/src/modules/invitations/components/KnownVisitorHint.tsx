import { checkPhone, type KnownVisitor, normalizePhone } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Form, type FormInstance, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { formatDateTime } from '../../../platform/format';

interface Row {
  name?: string;
  phone?: string;
  email?: string;
  company?: string;
  lang?: 'zh' | 'en';
}

/** Whether the row already says what this earlier visit says. */
function filledWith(row: Row | undefined, k: KnownVisitor): boolean {
  return (row?.name ?? '').trim() === k.vname && (row?.email ?? '').trim() === k.vemail && (row?.company ?? '').trim() === k.vcompany;
}

/**
 * Under a visitor row of the invite form: once the phone is a whole valid number, who came before with it
 * (`SearchRecordsByPhone`: the employee's own visitors, or the company's for administrators) and a button that fills
 * the name, email, company and language from that visit.
 */
export function KnownVisitorHint({ form, index }: { form: FormInstance; index: number }) {
  const { t } = useTranslation();
  const row = Form.useWatch(['visitors', index], form) as Row | undefined;
  const phone = (row?.phone ?? '').trim();
  const valid = phone !== '' && checkPhone(phone) === null;
  const normalised = valid ? (normalizePhone(phone) ?? phone) : '';
  const known = useQuery({
    queryKey: ['invitations', 'known', normalised],
    queryFn: () => api.SearchRecordsByPhone({ phone: normalised }, { silent: true }),
    enabled: valid,
    staleTime: 60_000,
    retry: false,
  });
  const found = valid ? known.data?.find((k) => !filledWith(row, k)) : undefined;
  if (!found || known.data?.some((k) => filledWith(row, k))) return null;

  const fill = () =>
    form.setFieldValue(['visitors', index], { ...row, name: found.vname, email: found.vemail, company: found.vcompany, lang: found.lang });
  const who = [found.vname, found.vcompany, found.vemail].filter(Boolean).join(' · ');
  return (
    <Flex gap={8} align="center" wrap style={{ marginTop: -16, marginBottom: 8 }} data-testid={`known-visitor-${index}`}>
      <Typography.Text type="secondary">{t('invitations.invite.known', { who, time: formatDateTime(found.lastVisit) })}</Typography.Text>
      <Button size="small" type="link" onClick={fill}>
        {t('invitations.invite.fill')}
      </Button>
    </Flex>
  );
}
