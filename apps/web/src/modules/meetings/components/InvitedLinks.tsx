import type { Visit } from '@openvisit/contract';
import { Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * The invitations just sent, each with its link to copy: the link is shown only now (the server keeps its hash), so a
 * visitor without an email can still be sent theirs another way.
 */
export function InvitedLinks({ invited, onClose }: { invited: (Visit & { inviteLink: string })[] | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={invited !== null}
      title={t('meetings.invited.title', { count: invited?.length ?? 0 })}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('common.ok')}
        </Button>
      }
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('meetings.invited.help')}</Typography.Paragraph>
      <Flex vertical gap={12} data-testid="invite-links">
        {(invited ?? []).map((v) => (
          <Flex key={v.vid} vertical>
            <Typography.Text strong>
              {v.vname} · {v.vphone || v.vemail}
            </Typography.Text>
            <Typography.Paragraph copyable={{ text: v.inviteLink }} style={{ margin: 0 }} ellipsis>
              {v.inviteLink}
            </Typography.Paragraph>
          </Flex>
        ))}
      </Flex>
    </Modal>
  );
}
