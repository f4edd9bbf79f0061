import { CarOutlined, CreditCardOutlined, QrcodeOutlined, SmileOutlined } from '@ant-design/icons';
import type { CredentialState, DeviceLink } from '@openvisit/contract';
import { Space, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../platform/format';

/** Colours of a credential's states (antd tag presets); the tag always carries the state's word too. */
export const CREDENTIAL_STATE_COLOR: Record<CredentialState, string> = {
  pending: 'processing',
  live: 'success',
  failed: 'error',
  revoking: 'warning',
  revoked: 'default',
};

/** A link's state: ok green, a device busy or away orange, a refusal or a broken answer red. */
export const LINK_COLOR: Record<DeviceLink['state'], string> = {
  ok: 'green',
  busy: 'orange',
  unreachable: 'orange',
  authRefused: 'red',
  locked: 'red',
  garbage: 'red',
  error: 'red',
};

export function CredentialStateTag({ state }: { state: CredentialState }) {
  const { t } = useTranslation();
  return <Tag color={CREDENTIAL_STATE_COLOR[state]}>{t(`faceSync.states.${state}`)}</Tag>;
}

/** What the device was given: face, card, QR, plate (an ANPR camera's allowlist), each an icon with its word (never an icon alone). */
export function CarriesTags({
  hasFace,
  hasCard,
  hasQr,
  hasPlate = false,
}: {
  hasFace: boolean;
  hasCard: boolean;
  hasQr: boolean;
  hasPlate?: boolean;
}) {
  const { t } = useTranslation();
  const items = [
    hasFace && { key: 'face', icon: <SmileOutlined />, text: t('faceSync.carries.face') },
    hasCard && { key: 'card', icon: <CreditCardOutlined />, text: t('faceSync.carries.card') },
    hasQr && { key: 'qr', icon: <QrcodeOutlined />, text: t('faceSync.carries.qr') },
    hasPlate && { key: 'plate', icon: <CarOutlined />, text: t('faceSync.carries.plate') },
  ].filter((i) => i !== false);
  if (!items.length) return <>{t('faceSync.carries.none')}</>;
  return (
    <Space size={2} wrap>
      {items.map((i) => (
        <Tag key={i.key} icon={i.icon} bordered={false} style={{ marginInlineEnd: 0 }}>
          {i.text}
        </Tag>
      ))}
    </Space>
  );
}

/**
 * The server's link to a pushed-to or polling device, with its reason in a tooltip (else its last contact); null: not
 * contacted yet.
 */
export function LinkTag({ link }: { link: DeviceLink | null }) {
  const { t } = useTranslation();
  if (!link) return <Tag>{t('faceSync.noLink')}</Tag>;
  const tip = link.reason || (link.lastContactAt ? `${t('faceSync.report.lastContact')}: ${formatDateTime(link.lastContactAt)}` : '');
  const tag = (
    <Tag color={LINK_COLOR[link.state]} data-testid={`link-${link.state}`}>
      {t(`faceSync.link.${link.state}`)}
    </Tag>
  );
  return tip ? <Tooltip title={tip}>{tag}</Tooltip> : tag;
}
