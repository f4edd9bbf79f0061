import { ROLE_NAME_MAX, type RoleNode } from '@openvisit/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { handleFormError } from '../../../platform/fieldErrors';
import { isNameTaken, useAddRole, useRenameRole } from '../api';

/** addGroup: a top-level group; addRole: a role in `node` (a group); rename: `node` itself. */
export type RoleAction = 'addGroup' | 'addRole' | 'rename';

interface Values {
  rgName: string;
}

/** One small form for adding a role group or role (`addRARG`) and renaming either (`updateRARG`). */
export function RoleModal({ action, node, onClose }: { action: RoleAction; node: RoleNode | undefined; onClose: (created?: number) => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const add = useAddRole();
  const rename = useRenameRole();
  const [form] = Form.useForm<Values>();
  const isGroup = action === 'addGroup' || (action === 'rename' && node?.parentId === 0);

  const title =
    action === 'addGroup'
      ? t('roles.modal.addGroupTitle')
      : action === 'addRole'
        ? t('roles.modal.addRoleTitle', { group: node?.rgName ?? '' })
        : t(isGroup ? 'roles.modal.renameGroupTitle' : 'roles.modal.renameRoleTitle', { name: node?.rgName ?? '' });

  const submit = async (v: Values) => {
    const rgName = v.rgName.trim();
    try {
      if (action === 'rename') {
        if (!node) return;
        await rename.mutateAsync({ rid: node.rid, rgName });
        void message.success(t('roles.renamed', { name: rgName }));
        onClose();
        return;
      }
      const { rid } = await add.mutateAsync({ rgName, parentId: action === 'addRole' ? (node?.rid ?? 0) : 0 });
      void message.success(t(isGroup ? 'roles.groupAdded' : 'roles.roleAdded', { name: rgName }));
      onClose(rid);
    } catch (err) {
      if (isNameTaken(err)) form.setFields([{ name: 'rgName', errors: [t(isGroup ? 'roles.groupNameTaken' : 'roles.roleNameTaken')] }]);
      else handleFormError(form, err);
    }
  };

  return (
    <Modal
      open
      title={title}
      onCancel={() => onClose()}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: add.isPending || rename.isPending }}
      destroyOnHidden
    >
      <Form
        form={form}
        name="role"
        layout="vertical"
        initialValues={{ rgName: action === 'rename' ? (node?.rgName ?? '') : '' }}
        onFinish={submit}
        autoComplete="off"
      >
        <Form.Item
          label={t(isGroup ? 'roles.fields.groupName' : 'roles.fields.roleName')}
          name="rgName"
          rules={[
            { required: true, whitespace: true, message: t('validation.required') },
            {
              max: ROLE_NAME_MAX,
              transform: (v: unknown) => (typeof v === 'string' ? v.trim() : v),
              message: t('validation.tooLong', { max: ROLE_NAME_MAX }),
            },
          ]}
        >
          <Input autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}
