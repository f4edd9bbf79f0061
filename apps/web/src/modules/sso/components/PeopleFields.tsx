import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Flex, Form, Input, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { deptOptions, useDepartments } from '../../../core/people/public';
import { useRoleTree } from '../../roles/public';

/** Who the provider may sign in: people created at first sign-in (and where), roles by group, passwords or not. */
export function PeopleFields() {
  const { t } = useTranslation();
  const departments = useDepartments();
  const roles = useRoleTree();
  const roleOptions = (roles.data ?? []).map((g) => ({
    label: g.rgName,
    title: g.rgName,
    options: g.children.map((r) => ({ value: r.rid, label: r.rgName })),
  }));
  return (
    <>
      <Form.Item name="jit" label={t('sso.form.jit')} extra={t('sso.form.jitHelp')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item noStyle dependencies={['jit']}>
        {({ getFieldValue }) =>
          getFieldValue('jit') && (
            <Form.Item name="jitDepartmentId" label={t('sso.form.department')} extra={t('sso.form.departmentHelp')}>
              <TreeSelect
                allowClear
                treeDefaultExpandAll
                showSearch={{ treeNodeFilterProp: 'title' }}
                treeData={deptOptions(departments.data ?? [])}
                loading={departments.isPending}
              />
            </Form.Item>
          )
        }
      </Form.Item>
      <Form.Item label={t('sso.form.roleMap')} extra={t('sso.form.roleMapHelp')}>
        <Form.List name="roleMap">
          {(rows, { add, remove }) => (
            <Flex vertical gap={8}>
              {rows.map((row) => (
                <Flex key={row.key} gap={8} align="baseline">
                  <Form.Item name={[row.name, 'group']} noStyle rules={[{ required: true, whitespace: true, message: t('validation.required') }]}>
                    <Input placeholder={t('sso.form.group')} aria-label={t('sso.form.group')} maxLength={200} style={{ flex: 1 }} />
                  </Form.Item>
                  <Form.Item name={[row.name, 'roleId']} noStyle rules={[{ required: true, message: t('validation.required') }]}>
                    <Select
                      placeholder={t('sso.form.role')}
                      aria-label={t('sso.form.role')}
                      options={roleOptions}
                      loading={roles.isPending}
                      showSearch={{ optionFilterProp: 'label' }}
                      style={{ flex: 1 }}
                    />
                  </Form.Item>
                  <MinusCircleOutlined aria-label={t('sso.form.removeRow')} role="button" onClick={() => remove(row.name)} />
                </Flex>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ group: '', roleId: undefined })}>
                {t('sso.form.addRow')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Form.Item>
      <Form.Item name="required" label={t('sso.form.required')} extra={t('sso.form.requiredHelp')} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="enabled" label={t('sso.form.enabled')} valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
