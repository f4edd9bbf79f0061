import { DeleteOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { PROCESS_APPROVERS_MAX, PROCESS_LEVELS_MAX, type ProcessArea, type RoleNode } from '@openvisit/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../../platform/api';
import { handleFormError } from '../../../platform/fieldErrors';
import { useRoleTree } from '../../roles/public';
import { useSaveLevels } from '../api';

type RType = 0 | 1 | 2 | 3;
/** Approver types (`rType`) by their locale keys. */
export const APPROVER_KEYS = ['role', 'employee', 'hse', 'admin'] as const;
interface Values {
  levels: { approvers: { rType: RType; id?: number }[] }[];
}

/** Roles (not groups) with their group's name, for the approver picker. */
function roleOptions(tree: readonly RoleNode[]): { value: number; label: string }[] {
  return tree.flatMap((g) => g.children.map((r) => ({ value: r.rid, label: `${g.rgName} / ${r.rgName}` })));
}

/**
 * An area's levels: each a list of approvers (a role, an employee, the HSE accounts, the administrator), checked as
 * you go with the server's rules (1 to 5 levels, one approver at least, no approver twice in a level).
 */
export function LevelsModal({ area, onClose }: { area: ProcessArea | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const roles = useRoleTree();
  const employees = useQuery({ queryKey: ['employees', 'picker'], queryFn: () => api.GetEmpList({}), enabled: area !== null });
  const save = useSaveLevels();

  const initial: Values = {
    levels: area?.levels.length
      ? area.levels.map((l) => ({ approvers: l.approvers.map((a) => ({ rType: a.rType as RType, id: a.rType < 2 ? a.id : undefined })) }))
      : [{ approvers: [{ rType: 1 }] }],
  };

  const submit = async () => {
    if (!area) return;
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      await save.mutateAsync({
        aid: area.aid,
        levels: v.levels.map((l, i) => ({
          level: i + 1,
          approvers: l.approvers.map((a) => ({ rType: a.rType, id: a.rType < 2 ? (a.id ?? 0) : 0 })),
        })),
      });
      void message.success(t('approvals.levels.saved'));
      onClose();
    } catch (err) {
      handleFormError(form, err);
    }
  };

  const typeOptions = APPROVER_KEYS.map((k, i) => ({ value: i as RType, label: t(`approvals.approverType.${k}`) }));
  const empOptions = (employees.data ?? []).map((e) => ({
    value: e.empid,
    label: [e.empName, e.deptNames.join(' / '), e.empNo].filter(Boolean).join(' · '),
  }));

  return (
    <Modal
      open={area !== null}
      width={720}
      title={t('approvals.levels.title', { name: area?.aName ?? '' })}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('approvals.levels.help')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" preserve={false} initialValues={initial}>
        <Form.List name="levels">
          {(levels, { add, remove }) => (
            <Flex vertical gap={12}>
              {levels.map((level, i) => (
                <Card
                  key={level.key}
                  size="small"
                  title={t('approvals.areas.level', { level: i + 1 })}
                  extra={
                    levels.length > 1 ? (
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        aria-label={t('approvals.levels.removeLevel', { level: i + 1 })}
                        onClick={() => remove(level.name)}
                      />
                    ) : null
                  }
                >
                  <Form.List
                    name={[level.name, 'approvers']}
                    rules={[
                      {
                        validator: async (_, list: unknown[]) => {
                          if (!list?.length) throw new Error(t('approvals.levels.needApprover'));
                        },
                      },
                    ]}
                  >
                    {(approvers, ops, { errors }) => (
                      <Flex vertical gap={8}>
                        {approvers.map((ap, j) => (
                          <Flex key={ap.key} gap={8} align="start">
                            <Form.Item name={[ap.name, 'rType']} noStyle>
                              <Select style={{ width: 150 }} aria-label={t('approvals.levels.type')} options={typeOptions} />
                            </Form.Item>
                            <Form.Item noStyle shouldUpdate>
                              {() => {
                                const rType = form.getFieldValue(['levels', level.name, 'approvers', ap.name, 'rType']) as RType;
                                if (rType !== 0 && rType !== 1) return <div style={{ flex: 1 }} />;
                                return (
                                  <Form.Item
                                    name={[ap.name, 'id']}
                                    style={{ flex: 1, marginBottom: 0 }}
                                    dependencies={[['levels', level.name, 'approvers']]}
                                    rules={[
                                      { required: true, message: t(rType === 0 ? 'approvals.levels.pickRole' : 'approvals.levels.pickEmployee') },
                                      {
                                        validator: async (_, id: number | undefined) => {
                                          const all = form.getFieldValue([
                                            'levels',
                                            level.name,
                                            'approvers',
                                          ]) as Values['levels'][number]['approvers'];
                                          const same = all.filter((x, k) => k !== j && x.rType === rType && x.id === id);
                                          if (id !== undefined && same.length) throw new Error(t('validation.duplicate'));
                                        },
                                      },
                                    ]}
                                  >
                                    <Select
                                      showSearch={{ optionFilterProp: 'label' }}
                                      placeholder={t(rType === 0 ? 'approvals.levels.pickRole' : 'approvals.levels.pickEmployee')}
                                      aria-label={t(rType === 0 ? 'approvals.levels.pickRole' : 'approvals.levels.pickEmployee')}
                                      loading={rType === 0 ? roles.isPending : employees.isPending}
                                      options={rType === 0 ? roleOptions(roles.data ?? []) : empOptions}
                                    />
                                  </Form.Item>
                                );
                              }}
                            </Form.Item>
                            {approvers.length > 1 ? (
                              <Button
                                type="text"
                                icon={<MinusCircleOutlined />}
                                aria-label={t('approvals.levels.removeApprover')}
                                onClick={() => ops.remove(ap.name)}
                              />
                            ) : null}
                          </Flex>
                        ))}
                        <Form.ErrorList errors={errors} />
                        {approvers.length < PROCESS_APPROVERS_MAX ? (
                          <Button
                            type="dashed"
                            size="small"
                            icon={<PlusOutlined />}
                            onClick={() => ops.add({ rType: 1 })}
                            style={{ alignSelf: 'flex-start' }}
                          >
                            {t('approvals.levels.addApprover')}
                          </Button>
                        ) : null}
                      </Flex>
                    )}
                  </Form.List>
                </Card>
              ))}
              {levels.length < PROCESS_LEVELS_MAX ? (
                <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ approvers: [{ rType: 1 }] })}>
                  {t('approvals.levels.addLevel')}
                </Button>
              ) : null}
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
