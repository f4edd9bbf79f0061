import { type Invitation, Status } from '@openvisit/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Collapse, Descriptions, Flex, Popconfirm, Result, Space, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useQrCode } from '../../../core/badge/public';
import { VisitStatusTag } from '../../../core/visits/public';
import { api } from '../../../platform/api';
import { ApiError } from '../../../platform/apiError';
import { formatDateTime } from '../../../platform/format';
import { useAdoptedLanguage, useLang } from '../../../platform/i18n';
import { CompanionsForm } from '../components/CompanionsForm';
import { InductionSection } from '../components/InductionSection';
import { VisitorPhotoUpload } from '../components/VisitorPhotoUpload';

/** The template's map position on OpenStreetMap (coordinates as the administrator entered them, WGS84). */
function mapLink(lat: number, lon: number): string {
  return `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=17/${lat}/${lon}`;
}

/** A link that names no invitation (unknown, replaced or mistyped): the same words for each, nothing to guess from. */
const NOT_AN_INVITATION: readonly number[] = [Status.INVALID_VISITOR, Status.BAD_PARAMS];

function isInvalid(err: unknown): boolean {
  return err instanceof ApiError && err.http === undefined && NOT_AN_INVITATION.includes(err.status);
}

/**
 * /invite?token=…: the visitor's invitation. Opening it marks a sent invitation viewed; the visitor reads the visit's
 * details in their language (unless they chose one here before), accepts or declines while that is still possible,
 * once accepted lists who comes along and uploads a face photo, and shows the QR pass at the kiosk within its window.
 */
export function InvitationPage() {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const qc = useQueryClient();
  const key = ['invitation', token];
  const page = useQuery({
    queryKey: key,
    queryFn: () => api.updateAppPreview({ secid: token }, { silent: NOT_AN_INVITATION }),
    enabled: token !== '',
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
    // A rotating pass is good for one period: a fresh one is fetched before it lapses.
    refetchInterval: (q) => q.state.data?.passRefreshMs ?? false,
  });
  const reply = useMutation({
    mutationFn: (status: 3 | 4) => api.updateAppointmentReply({ id: token, status }),
    onSuccess: (next) => qc.setQueryData(key, next),
  });
  const data = page.data;
  const qr = useQrCode(data?.pass ?? null);

  // The page speaks the visitor's language, unless they picked one on this browser.
  useAdoptedLanguage(data?.lang);

  if (token && page.isPending) return <Result icon={<Spin size="large" />} title={t('invitations.page.loading')} />;
  if (!token || isInvalid(page.error))
    return <Result status="warning" title={t('invitations.page.invalidTitle')} subTitle={t('invitations.page.invalidText')} />;
  if (!data)
    return <Result status="error" title={t('http.linkError')} extra={<Button onClick={() => void page.refetch()}>{t('common.retry')}</Button>} />;

  return (
    <InvitationView
      data={data}
      busy={reply.isPending}
      onReply={(s) => reply.mutate(s)}
      qr={qr}
      extras={
        <>
          {data.induction ? <InductionSection token={token} status={data.status} induction={data.induction} onChanged={page.refetch} /> : null}
          <CompanionsForm token={token} data={data} onSaved={(next) => qc.setQueryData(key, next)} />
          <VisitorPhotoUpload token={token} data={data} onSaved={(next) => qc.setQueryData(key, next)} />
        </>
      }
    />
  );
}

function InvitationView({
  data,
  busy,
  onReply,
  qr,
  extras,
}: {
  data: Invitation;
  busy: boolean;
  onReply: (s: 3 | 4) => void;
  qr: string | null;
  /** What the visitor adds once accepted (companions, photo). */
  extras: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Flex vertical gap={20} data-testid="invitation">
      <div>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('invitations.page.heading', { company: data.shortName || data.company })}
        </Typography.Title>
        <Typography.Text>{t('invitations.page.greeting', { name: data.vname })}</Typography.Text>
        {data.inviteContent ? (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 12, marginBottom: 0 }} data-testid="invitation-letter">
            {data.inviteContent}
          </Typography.Paragraph>
        ) : null}
      </div>
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('invitations.page.host')}>{data.empName}</Descriptions.Item>
        {data.meeting ? <Descriptions.Item label={t('invitations.page.meeting')}>{data.meeting.subject}</Descriptions.Item> : null}
        <Descriptions.Item label={t('invitations.page.time')}>
          {data.meeting
            ? `${formatDateTime(data.meeting.startTime)} – ${formatDateTime(data.meeting.endTime)}`
            : formatDateTime(data.appointmentDate)}
        </Descriptions.Item>
        {data.meeting?.address ? <Descriptions.Item label={t('invitations.page.place')}>{data.meeting.address}</Descriptions.Item> : null}
        {data.gate ? <Descriptions.Item label={t('invitations.page.gate')}>{data.gate}</Descriptions.Item> : null}
        {data.address || data.latitude !== null ? (
          <Descriptions.Item label={t('invitations.page.address')}>
            <Flex vertical>
              {data.address ? <span>{data.address}</span> : null}
              {data.latitude !== null && data.longitude !== null ? (
                <Typography.Link href={mapLink(data.latitude, data.longitude)} target="_blank" rel="noopener noreferrer">
                  {t('invitations.page.map')}
                </Typography.Link>
              ) : null}
            </Flex>
          </Descriptions.Item>
        ) : null}
        {data.traffic ? (
          <Descriptions.Item label={t('invitations.page.traffic')}>
            <span style={{ whiteSpace: 'pre-wrap' }}>{data.traffic}</span>
          </Descriptions.Item>
        ) : null}
        {/* In the page's language, which the visitor may have switched from the invitation's. */}
        {data.visitTypeNames[lang] ? <Descriptions.Item label={t('invitations.page.type')}>{data.visitTypeNames[lang]}</Descriptions.Item> : null}
        {data.visitReason && !data.meeting ? <Descriptions.Item label={t('invitations.page.reason')}>{data.visitReason}</Descriptions.Item> : null}
        <Descriptions.Item label={t('invitations.page.status')}>
          <VisitStatusTag status={data.status} />
        </Descriptions.Item>
      </Descriptions>
      {data.status === 'accepted' ? <Alert type="success" showIcon title={t('invitations.page.accepted')} /> : null}
      {data.status === 'refused' ? (
        <Alert type="info" showIcon title={t(data.permission === 2 ? 'invitations.page.notApproved' : 'invitations.page.declined')} />
      ) : null}
      {data.code && data.permission === 0 ? <Alert type="warning" showIcon title={t('invitations.page.awaitingApproval')} /> : null}
      {data.canReply ? (
        <Space>
          <Button type="primary" size="large" loading={busy} onClick={() => onReply(3)}>
            {t('invitations.page.accept')}
          </Button>
          <Popconfirm title={t('invitations.page.declineConfirm')} onConfirm={() => onReply(4)}>
            <Button size="large" disabled={busy}>
              {t('invitations.page.decline')}
            </Button>
          </Popconfirm>
        </Space>
      ) : null}
      {extras}
      {data.pass ? (
        <Flex vertical align="center" gap={8} data-testid="invitation-pass">
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('invitations.page.pass')}
          </Typography.Title>
          {qr ? <img src={qr} alt={t('invitations.page.pass')} width={220} height={220} data-testid="invitation-qr" /> : <Spin />}
          {data.code ? (
            <Typography.Text strong style={{ fontSize: 20, letterSpacing: 2 }} data-testid="invitation-code">
              {t('invitations.page.code', { code: data.code })}
            </Typography.Text>
          ) : (
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t('invitations.page.passAtDoors')}
            </Typography.Text>
          )}
          {data.code && data.opensAt !== null && data.closesAt !== null ? (
            <Typography.Text type="secondary" style={{ textAlign: 'center' }}>
              {t('invitations.page.passHelp', { opens: formatDateTime(data.opensAt), closes: formatDateTime(data.closesAt) })}
            </Typography.Text>
          ) : null}
        </Flex>
      ) : (
        <Alert type="warning" showIcon title={t('invitations.page.noPass')} />
      )}
      {data.companyProfile || data.terms.trim() ? (
        <Collapse
          items={[
            ...(data.companyProfile
              ? [
                  {
                    key: 'about',
                    label: t('invitations.page.about', { company: data.shortName || data.company }),
                    children: <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.companyProfile}</Typography.Paragraph>,
                  },
                ]
              : []),
            ...(data.terms.trim()
              ? [
                  {
                    key: 'terms',
                    label: t('invitations.page.terms'),
                    children: (
                      <>
                        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{data.terms}</Typography.Paragraph>
                        <Typography.Text type="secondary">{t('invitations.page.termsHelp')}</Typography.Text>
                      </>
                    ),
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      <Typography.Link href={data.privacyPage}>{t('invitations.page.privacy')}</Typography.Link>
    </Flex>
  );
}
