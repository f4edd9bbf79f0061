import type { DepartmentNode } from '@openvisit/contract';
import { App, Form, Modal, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptOptions, deptPathLabel, receiverTargets } from '../../../core/people/public';
import { ApiError } from '../../../platform/apiError';
import { displayError } from '../../../platform/notify';
import { membersLeft, useDeleteDepartment } from '../api';

/**
 * A department still has members (58): ask which department receives them, then delete it with
 * `moveTo`.
 */
export function MoveMembersModal({
  dept,
  members,
  tree,
  onClose,
}: {
  dept: DepartmentNode;
  members: number;
  tree: readonly DepartmentNode[];
  onClose: (deleted: boolean) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const remove = useDeleteDepartment();
  const [form] = Form.useForm<{ moveTo: number }>();
  const [count, setCount] = useState(members);
  const targets = receiverTargets(tree, dept.deptid);

  const submit = async ({ moveTo }: { moveTo: number }) => {
    try {
      await remove.mutateAsync({ deptid: dept.deptid, moveTo });
      void message.success(t('employees.dept.deletedMoved', { name: dept.deptName, count, target: deptPathLabel(tree, moveTo) ?? '' }));
      onClose(true);
    } catch (err) {
      const again = membersLeft(err);
      if (again !== null) setCount(again);
      else if (err instanceof ApiError) displayError(err);
    }
  };

  return (
    <Modal
      open
      title={t('employees.dept.moveMembers.title', { name: dept.deptName })}
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText={t('employees.dept.moveMembers.submit')}
      okButtonProps={{ danger: true, disabled: targets.length === 0 }}
      cancelText={t('common.cancel')}
      confirmLoading={remove.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph data-testid="move-members-text">
        {t('employees.dept.moveMembers.text', { name: dept.deptName, count })}
      </Typography.Paragraph>
      {targets.length === 0 ? (
        <Typography.Paragraph type="warning">{t('employees.dept.moveMembers.noTarget')}</Typography.Paragraph>
      ) : (
        <Form form={form} name="moveMembers" layout="vertical" onFinish={submit}>
          <Form.Item label={t('employees.dept.moveMembers.receiver')} name="moveTo" rules={[{ required: true, message: t('validation.required') }]}>
            <TreeSelect treeDefaultExpandAll showSearch={{ treeNodeFilterProp: 'title' }} treeData={deptOptions(targets)} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
