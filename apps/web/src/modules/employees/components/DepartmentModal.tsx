import { type DepartmentNode, Status } from '@openvisit/contract';
import { App, Form, Input, Modal, TreeSelect, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { deptOptions, deptPathLabel, moveTargets, TOP_LEVEL } from '../../../core/people/public';
import { ApiError } from '../../../platform/apiError';
import { handleFormError } from '../../../platform/fieldErrors';
import { useAddDepartment, useUpdateDepartment } from '../api';
import { usePeopleRules } from '../rules';

/** add: a department under `dept` (top level without one); the others change `dept`. */
export type DeptAction = 'add' | 'rename' | 'renumber' | 'move';

interface Values {
  deptName?: string;
  deptNo?: string;
  parentId?: number;
}

/** The tree of the parent picker: "Top level" holding every department the moved one may go under. */
export function parentPickerData(tree: readonly DepartmentNode[], deptid: number, topLabel: string) {
  return [{ value: TOP_LEVEL, title: topLabel, children: deptOptions(moveTargets(tree, deptid)) }];
}

/** One small form per toolbar action of the department tree (`addDepartment` / `updateDepartment`). */
export function DepartmentModal({
  action,
  dept,
  tree,
  onClose,
}: {
  action: DeptAction;
  dept: DepartmentNode | null;
  tree: readonly DepartmentNode[];
  onClose: (created?: number) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const rules = usePeopleRules();
  const add = useAddDepartment();
  const update = useUpdateDepartment();
  const [form] = Form.useForm<Values>();
  const name = dept?.deptName ?? '';

  const title =
    action === 'add'
      ? dept
        ? t('employees.dept.modal.addSubTitle', { parent: name })
        : t('employees.dept.modal.addTitle')
      : action === 'rename'
        ? t('employees.dept.modal.renameTitle', { name })
        : action === 'renumber'
          ? t('employees.dept.modal.renumberTitle', { name })
          : t('employees.dept.modal.moveTitle', { name });

  const submit = async (v: Values) => {
    try {
      if (action === 'add') {
        const { deptid } = await add.mutateAsync({ deptName: v.deptName ?? '', deptNo: v.deptNo?.trim() ?? '', parentId: dept?.deptid ?? TOP_LEVEL });
        void message.success(t('employees.dept.added', { name: v.deptName?.trim() ?? '' }));
        onClose(deptid);
        return;
      }
      if (!dept) return;
      if (action === 'rename') await update.mutateAsync({ deptid: dept.deptid, deptName: v.deptName ?? '' });
      else if (action === 'renumber') await update.mutateAsync({ deptid: dept.deptid, deptNo: v.deptNo?.trim() ?? '' });
      else await update.mutateAsync({ deptid: dept.deptid, parentId: v.parentId ?? TOP_LEVEL });
      void message.success(t('employees.dept.updated', { name: action === 'rename' ? (v.deptName?.trim() ?? '') : name }));
      onClose();
    } catch (err) {
      if (err instanceof ApiError && !err.isTransport && err.status === Status.DEPARTMENT_EXISTS) {
        // Moving can collide with a sibling of the same name under the new parent.
        form.setFields([
          action === 'move'
            ? { name: 'parentId', errors: [t('employees.dept.nameTakenThere', { name })] }
            : { name: 'deptName', errors: [t('employees.dept.nameTaken')] },
        ]);
      } else if (err instanceof ApiError && !err.isTransport && err.status === Status.DEPARTMENT_NUMBER_EXISTS) {
        form.setFields([{ name: 'deptNo', errors: [t('employees.dept.numberTaken')] }]);
      } else handleFormError(form, err);
    }
  };

  const initial: Values = {
    deptName: action === 'rename' ? name : '',
    deptNo: action === 'renumber' ? (dept?.deptNo ?? '') : '',
    parentId: dept?.parentId ?? TOP_LEVEL,
  };
  return (
    <Modal
      open
      title={title}
      onCancel={() => onClose()}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending || update.isPending}
      destroyOnHidden
    >
      <Form form={form} name="department" layout="vertical" initialValues={initial} onFinish={submit} autoComplete="off">
        {action === 'add' ? (
          <Typography.Paragraph type="secondary">
            {t('employees.dept.fields.parent')}: {dept ? deptPathLabel(tree, dept.deptid) : t('employees.dept.topLevel')}
          </Typography.Paragraph>
        ) : null}
        {action === 'add' || action === 'rename' ? (
          <Form.Item label={t('employees.dept.fields.name')} name="deptName" rules={rules.deptName()}>
            <Input autoFocus maxLength={80} />
          </Form.Item>
        ) : null}
        {action === 'add' || action === 'renumber' ? (
          <Form.Item label={t('employees.dept.fields.number')} name="deptNo" rules={rules.deptNumber()} extra={t('employees.dept.numberHelp')}>
            <Input autoFocus={action === 'renumber'} />
          </Form.Item>
        ) : null}
        {action === 'move' && dept ? (
          <Form.Item
            label={t('employees.dept.fields.parent')}
            name="parentId"
            rules={[{ required: true, message: t('validation.required') }]}
            extra={t('employees.dept.moveHelp')}
          >
            <TreeSelect
              treeDefaultExpandAll
              showSearch={{ treeNodeFilterProp: 'title' }}
              treeData={parentPickerData(tree, dept.deptid, t('employees.dept.topLevel'))}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}
