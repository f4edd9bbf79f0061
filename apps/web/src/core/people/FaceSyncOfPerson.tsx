import { FACE_NOT_CONFIRMED, getFaceSyncOfPerson } from '@openvisit/contract';
import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../platform/access';
import { useFaceSyncOfPerson } from './api';
import { CarriesTags, CredentialStateTag } from './CredentialTags';

/**
 * A person's credential on each door device that keeps people (for a visit's or a person's detail): the change, its
 * state (pending / live / failed / revoking / revoked), what the device was given, and the device's reason of a
 * failure. Nothing when the person is on no such device, or the session may not read it.
 */
export function FaceSyncOfPerson({ personKind, personId }: { personKind: 'employee' | 'visitor' | 'resident'; personId: number }) {
  const { t } = useTranslation();
  const allowed = useCanCall(getFaceSyncOfPerson);
  const rows = useFaceSyncOfPerson(personKind, personId, allowed).data ?? [];
  if (!rows.length) return null;
  return (
    <div data-testid="face-sync-of-person">
      <Typography.Title level={5}>{t('faceSync.ofPerson')}</Typography.Title>
      <Flex vertical gap={4}>
        {rows.map((r) => (
          <Space key={r.id} wrap>
            <Typography.Text>{r.deviceName}</Typography.Text>
            <Tag>{t(`faceSync.actions.${r.action}`)}</Tag>
            <CredentialStateTag state={r.state} />
            {r.state !== 'revoked' && r.state !== 'revoking' ? (
              <CarriesTags hasFace={r.hasFace} hasCard={r.hasCard} hasQr={r.hasQr} hasPlate={r.hasPlate} />
            ) : null}
            {r.lastError ? (
              <Typography.Text type={r.state === 'failed' ? 'danger' : 'secondary'}>
                {r.lastError === FACE_NOT_CONFIRMED ? t('faceSync.notConfirmed') : r.lastError}
              </Typography.Text>
            ) : null}
          </Space>
        ))}
      </Flex>
    </div>
  );
}
