import { type FaceSyncStatus, getFaceSyncOfPerson } from '@openvisit/contract';
import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCanCall } from '../../platform/access';
import { useFaceSyncOfPerson } from './api';

const STATUS_COLOR: Record<FaceSyncStatus, string> = { pending: 'processing', synced: 'success', failed: 'error' };

/**
 * A person's face on each face terminal (for a visit's or a person's detail): the change, pending / synced / failed
 * with the terminal's reason. Nothing when the person is on no terminal, or the session may not read it.
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
            <Tag color={STATUS_COLOR[r.status]}>{t(`faceSync.statuses.${r.status}`)}</Tag>
            {r.lastError ? <Typography.Text type="secondary">{r.lastError}</Typography.Text> : null}
          </Space>
        ))}
      </Flex>
    </div>
  );
}
