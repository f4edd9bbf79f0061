import { FilePdfOutlined, UserOutlined } from '@ant-design/icons';
import {
  allowedEvents,
  changeVisit,
  type FaceConsentState,
  type PrivacyNoticeGiven,
  type ProtocolAcceptance,
  type Visit,
  type VisitEvent,
  visitPdf,
  visitPhoto,
  visitTypeText,
} from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Avatar, Button, Descriptions, Drawer, Flex, Image, Popconfirm, Skeleton, Space, Timeline, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FaceSyncOfPerson, IdNumberText } from '../../../core/people/public';
import { VisitStatusTag } from '../../../core/visits/public';
import { canCall } from '../../../platform/access';
import { fetchFile } from '../../../platform/api';
import { useFeature } from '../../../platform/config';
import { formatDateTime } from '../../../platform/format';
import { useLabel, useLang } from '../../../platform/i18n';
import { ApprovalHistory } from '../../approvals/public';
import { useVisitScreening, VisitScreening } from '../../blacklist/public';
import { useMoveVisit, useVisit } from '../api';

/** Moves offered in the console; check-in happens at the kiosk or the desk, with the visitor there. */
const CONSOLE_EVENTS: readonly VisitEvent[] = ['approve', 'reject', 'signOut', 'cancel', 'expire', 'accept', 'decline', 'view', 'await'];
const CONFIRMED: readonly VisitEvent[] = ['signOut', 'reject', 'cancel', 'expire', 'decline'];

/** The PDF's name: the day of sign-in (else registration), local time, and the visit id. */
export function pdfFileName(v: Pick<Visit, 'vid' | 'visitdate' | 'createTime'>): string {
  const d = new Date(v.visitdate ?? v.createTime);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}_${v.vid}.pdf`;
}

function VisitorPhoto({ vid, has }: { vid: number; has: boolean }) {
  const photo = useQuery({
    queryKey: ['visits', 'photo', vid],
    queryFn: async () => URL.createObjectURL(await fetchFile(visitPhoto, { vid }, { silent: true })),
    enabled: has,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => () => (photo.data ? URL.revokeObjectURL(photo.data) : undefined), [photo.data]);
  if (has && photo.data) return <Image src={photo.data} width={120} height={160} style={{ objectFit: 'cover', borderRadius: 8 }} />;
  return <Avatar shape="square" size={120} icon={<UserOutlined />} />;
}

/** The visitor's consent to face recognition: not given, given (when, where, which text), or withdrawn. */
function FaceConsentText({ consent }: { consent: FaceConsentState | null }) {
  const { t } = useTranslation();
  if (!consent) return <span data-testid="face-consent">{t('visits.detail.faceConsentNone')}</span>;
  const words = { version: consent.version, language: t(`visits.detail.faceConsentLang.${consent.lang}`), given: formatDateTime(consent.at) };
  return (
    <span data-testid="face-consent">
      {consent.withdrawnAt === null
        ? t('visits.detail.faceConsentGiven', { ...words, at: words.given, via: t(`visits.detail.faceConsentVia.${consent.via}`) })
        : t('visits.detail.faceConsentWithdrawn', { ...words, at: formatDateTime(consent.withdrawnAt) })}
    </span>
  );
}

/** The safety terms the visitor accepted: which version, in which language, when and where (none: nothing to show). */
function TermsText({ terms }: { terms: ProtocolAcceptance }) {
  const { t } = useTranslation();
  const words = { version: terms.version, language: t(`visits.detail.faceConsentLang.${terms.lang}`), at: formatDateTime(terms.at) };
  return <span data-testid="terms-accepted">{t(`visits.detail.termsAccepted.${terms.via}`, words)}</span>;
}

function NoticeText({ notice }: { notice: PrivacyNoticeGiven }) {
  const { t } = useTranslation();
  const words = { version: notice.version, language: t(`visits.detail.faceConsentLang.${notice.lang}`), at: formatDateTime(notice.at) };
  return <span data-testid="notice-given">{t(`visits.detail.noticeGiven.${notice.via}`, words)}</span>;
}

/** A visit: photo, every field, the signed PDF, why screening held it, the status history, and the moves its status allows. */
export function VisitDrawer({ vid, onClose }: { vid: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const lang = useLang();
  const visit = useVisit(vid);
  const move = useMoveVisit();
  const v = visit.data;
  const approvalOn = useFeature('approval') !== false;

  const openPdf = async () => {
    if (!v) return;
    try {
      const blob = await fetchFile(visitPdf, { file: pdfFileName(v) });
      const url = URL.createObjectURL(blob);
      window.open(url, '_blank', 'noopener');
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      message.error(t('visits.detail.pdfFailed'));
    }
  };

  const act = async (event: VisitEvent) => {
    if (!v) return;
    await move.mutateAsync({ vid: v.vid, event });
    message.success(t('visits.moved', { name: v.vname }));
  };

  // A sub-company reads its visits; moving them is the company's and the desks' (updateVisitStatus's access).
  // A visit screening holds is let go from the review queue, not approved here (the server refuses it too).
  const held = useVisitScreening(v?.vid, v?.status).data?.review?.status === 'waiting';
  const actions = v && canCall(changeVisit) ? CONSOLE_EVENTS.filter((e) => allowedEvents(v.status).includes(e) && !(held && e === 'approve')) : [];

  return (
    <Drawer open={vid !== null} onClose={onClose} width={560} title={v ? t('visits.detail.title', { name: v.vname }) : ' '} destroyOnHidden>
      {!v ? (
        <Skeleton active avatar />
      ) : (
        <Flex vertical gap={20} data-testid="visit-detail">
          <Flex gap={16} align="start">
            <VisitorPhoto vid={v.vid} has={v.vphoto} />
            <Flex vertical gap={6}>
              <Typography.Title level={4} style={{ margin: 0 }}>
                {v.vname}
              </Typography.Title>
              <Space wrap>
                <VisitStatusTag status={v.status} />
                <Typography.Text type="secondary">{t(`visits.kinds.${v.kind}`)}</Typography.Text>
              </Space>
              <Typography.Text>{v.vcompany}</Typography.Text>
              {v.signPdf || v.visitdate ? (
                <Button icon={<FilePdfOutlined />} onClick={() => void openPdf()} data-testid="visit-pdf">
                  {t('visits.detail.pdf')}
                </Button>
              ) : null}
            </Flex>
          </Flex>
          {actions.length > 0 && (
            <Space wrap>
              {actions.map((e) =>
                CONFIRMED.includes(e) ? (
                  <Popconfirm
                    key={e}
                    title={t(`visits.confirm.${e as 'signOut'}`, { name: v.vname })}
                    onConfirm={() => act(e)}
                    okButtonProps={{ danger: e !== 'signOut' }}
                  >
                    <Button danger={e !== 'signOut'} loading={move.isPending && move.variables?.event === e}>
                      {t(`visits.events.${e}`)}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    key={e}
                    type={e === 'approve' ? 'primary' : 'default'}
                    onClick={() => void act(e)}
                    loading={move.isPending && move.variables?.event === e}
                  >
                    {t(`visits.events.${e}`)}
                  </Button>
                ),
              )}
            </Space>
          )}
          {/* Why screening held the visit comes before its details: it is what the reader must act on. */}
          <VisitScreening vid={v.vid} status={v.status} />
          <Descriptions
            column={1}
            size="small"
            bordered
            items={[
              { key: 'phone', label: t('visits.columns.phone'), children: v.vphone || '—' },
              { key: 'email', label: t('visits.detail.email'), children: v.vemail || '—' },
              {
                key: 'id',
                label: t('visits.detail.identity'),
                children: <IdNumberText of="visit" id={v.vid} masked={v.cardId} prefix={label('certificateType', v.certificateType)} />,
              },
              { key: 'host', label: t('visits.columns.host'), children: `${v.empName}${v.empPhone ? ` · ${v.empPhone}` : ''}` || '—' },
              { key: 'type', label: t('visits.columns.type'), children: visitTypeText(v.visitType, lang) || '—' },
              { key: 'reason', label: t('visits.detail.reason'), children: v.visitReason || '—' },
              { key: 'followers', label: t('visits.detail.followers'), children: v.followers.map((f) => f.name).join(', ') || '—' },
              { key: 'plate', label: t('visits.detail.plate'), children: v.plateNum || '—' },
              { key: 'belongings', label: t('visits.detail.belongings'), children: v.belongings || '—' },
              {
                key: 'temp',
                label: t('visits.detail.temperature'),
                children: v.temperature === null ? '—' : t('visits.celsius', { value: v.temperature }),
              },
              { key: 'expected', label: t('visits.columns.expected'), children: formatDateTime(v.appointmentDate) },
              { key: 'in', label: t('visits.columns.signedIn'), children: formatDateTime(v.visitdate) },
              { key: 'out', label: t('visits.columns.signedOut'), children: formatDateTime(v.signOutDate) },
              { key: 'leave', label: t('visits.detail.leaveBy'), children: formatDateTime(v.leaveTime) },
              // The code printed on the badge and its QR (check-in, sign-out), then the physical card handed out, if any.
              { key: 'code', label: t('visits.detail.code'), children: v.code || '—' },
              { key: 'badge', label: t('visits.detail.badge'), children: v.cardNo || '—' },
              { key: 'desk', label: t('visits.detail.operators'), children: [v.signInOpName, v.signOutOpName].filter(Boolean).join(' / ') || '—' },
              ...(v.protocol ? [{ key: 'terms', label: t('visits.detail.terms'), children: <TermsText terms={v.protocol} /> }] : []),
              ...(v.privacyNotice ? [{ key: 'notice', label: t('visits.detail.notice'), children: <NoticeText notice={v.privacyNotice} /> }] : []),
              { key: 'face', label: t('visits.detail.faceConsent'), children: <FaceConsentText consent={v.faceConsent} /> },
              ...Object.entries(v.extendCol).map(([k, value]) => ({ key: `x-${k}`, label: k, children: value || '—' })),
            ]}
          />
          {approvalOn ? <ApprovalHistory vid={v.vid} canResubmit /> : null}
          <FaceSyncOfPerson personKind="visitor" personId={v.vid} />
          <div>
            <Typography.Title level={5}>{t('visits.detail.history')}</Typography.Title>
            <Timeline
              items={v.history.map((h, i) => ({
                key: `${h.at}-${i}`,
                children: (
                  <Flex vertical>
                    <Space>
                      <Typography.Text strong>
                        {h.event === 'create' ? t('visits.detail.created') : t(`visits.happened.${h.event as VisitEvent}`)}
                      </Typography.Text>
                      <VisitStatusTag status={h.toStatus} />
                    </Space>
                    <Typography.Text type="secondary">
                      {formatDateTime(h.at)} · {t('visits.detail.by', { actor: h.actor || '—' })}
                    </Typography.Text>
                    {h.note ? <Typography.Text>{h.note}</Typography.Text> : null}
                  </Flex>
                ),
              }))}
            />
          </div>
        </Flex>
      )}
    </Drawer>
  );
}
