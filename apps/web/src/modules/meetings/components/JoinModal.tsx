import type { Visit } from '@openvisit/contract';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { useLang } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { InviteeFields, type InviteeRow, inviteesOf } from '../../invitations/public';
import { useJoinMeeting } from '../api';
import { showFieldErrors, useMeetingRuleText } from './MeetingDrawer';

/** Invites more visitors to a meeting that has not started (`syncJoinMeeting`); someone already invited is refused on the row. */
export function JoinModal({
  mid,
  open,
  onClose,
  onInvited,
}: {
  mid: number;
  open: boolean;
  onClose: () => void;
  onInvited: (invited: (Visit & { inviteLink: string })[]) => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const text = useMeetingRuleText();
  const [form] = Form.useForm<{ visitors: InviteeRow[] }>();
  const join = useJoinMeeting();

  const submit = async (v: { visitors: InviteeRow[] }) => {
    try {
      onInvited(await join.mutateAsync({ mid, visitors: inviteesOf(v.visitors, lang) }));
    } catch (err) {
      if (!(err instanceof ApiError) || err.http !== undefined) return;
      if (!showFieldErrors(form, err, text)) displayError(err);
    }
  };

  return (
    <Modal
      open={open}
      title={t('meetings.join.title')}
      width={920}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('meetings.join.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: join.isPending }}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="meeting-join"
        initialValues={{ visitors: [{ lang }] }}
        onFinish={(v) => void submit(v)}
        preserve={false}
      >
        <InviteeFields
          rules={[
            {
              validator: async (_r, rows: InviteeRow[] | undefined) => {
                if (!rows?.length) throw new Error(text('atLeastOne'));
              },
            },
          ]}
        />
      </Form>
    </Modal>
  );
}
