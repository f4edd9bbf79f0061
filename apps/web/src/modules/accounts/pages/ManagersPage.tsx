import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { isMachineAccount, MANAGED_STAFF_TYPES, type Manager, STAFF_TYPES, type StaffType } from '@openvisit/contract';
import { App, Button, Card, Empty, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ConfirmDelete } from '../../../platform/components/ConfirmDelete';
import { PageHeader } from '../../../platform/components/PageHeader';
import { formatDate } from '../../../platform/format';
import { useLabel } from '../../../platform/i18n';
import { CellText, FitTable } from '../../../platform/list';
import { getSession } from '../../../platform/session';
import { useDeleteManager, useManagers } from '../api';
import { ManagerDrawer } from '../components/ManagerDrawer';
import { useModulesText } from '../components/ModuleGrantsField';
import { useRoleLabel } from '../roleLabels';
import { useStaffDrawer } from '../stageLink';

function typeFromQuery(v: string | null, types: readonly StaffType[]): StaffType | undefined {
  const n = Number(v);
  return v !== null && v !== '' && (types as readonly number[]).includes(n) ? (n as StaffType) : undefined;
}

/** The staff kinds this session may manage, from the contract (HSE: server-company accounts only). */
function managedTypes(role = getSession().project?.role): readonly StaffType[] {
  return (role === undefined ? undefined : MANAGED_STAFF_TYPES[role]) ?? STAFF_TYPES;
}

/** The account's kind, and a module-driven account's modules under it: a column of their own would not fit 1280 px. */
function KindCell({ manager }: { manager: Manager }) {
  const { t } = useTranslation();
  const roleLabel = useRoleLabel();
  const modulesText = useModulesText();
  const modules = manager.modules?.length ? modulesText(manager.modules) : '';
  return (
    <>
      <CellText>{roleLabel(manager.sType)}</CellText>
      <CellText secondary>{t(isMachineAccount(manager.sType) ? 'accounts.managers.machineAccount' : 'accounts.managers.personAccount')}</CellText>
      {modules ? <CellText secondary>{modules}</CellText> : null}
    </>
  );
}

/** The admin's account settings › verification accounts (setting/account/stage, and its hidden stage/sdetail/:id). */
export function StagePage() {
  return <ManagersPage deepLinks />;
}

/**
 * Staff accounts (`GetManagerByUser`), filtered by type (kept in the URL): the admin's account settings › staff
 * accounts, and HSE's verification accounts (/hsehome/account/stage: the server-company accounts it hands out).
 */
export function ManagersPage({ deepLinks = false }: { deepLinks?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const roleLabel = useRoleLabel();
  const [params, setParams] = useSearchParams();
  const types = managedTypes();
  const type = typeFromQuery(params.get('type'), types);
  const managers = useManagers(type);
  const remove = useDeleteManager();
  // The admin's stage screen gives each account's drawer an address (stage/sdetail/:id).
  const drawer = useStaffDrawer(deepLinks, managers.data, managers.isSuccess);

  const setType = (v: StaffType | undefined) => {
    const next = new URLSearchParams(params);
    if (v === undefined) next.delete('type');
    else next.set('type', String(v));
    setParams(next, { replace: true });
  };

  const validity = (m: Manager) => {
    if (!m.startDate && !m.endDate) return t('accounts.managers.always');
    if (m.startDate && m.endDate) return `${formatDate(m.startDate)} – ${formatDate(m.endDate)}`;
    return m.startDate
      ? t('accounts.managers.from', { date: formatDate(m.startDate) })
      : t('accounts.managers.until', { date: formatDate(m.endDate) });
  };

  const doDelete = async (m: Manager) => {
    try {
      await remove.mutateAsync(m);
      void message.success(t('common.deleted'));
    } catch {
      // shown by the error policy
    }
  };

  return (
    <>
      <PageHeader
        // A role managing one kind only (HSE) hands out that kind's accounts: its verification accounts.
        title={types.length > 1 ? t('accounts.managers.title') : t('accounts.managers.verificationTitle')}
        extra={
          types.length > 1 ? null : (
            <Typography.Text type="secondary">{t('accounts.managers.verificationIntro', { kind: roleLabel(types[0] ?? 1) })}</Typography.Text>
          )
        }
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={drawer.add}>
            {t('accounts.managers.add')}
          </Button>
        }
      />
      <Card>
        {types.length > 1 ? (
          <Space style={{ marginBottom: 16 }}>
            <Select<StaffType | 'all'>
              aria-label={t('accounts.managers.filterType')}
              style={{ minWidth: 200 }}
              value={type ?? 'all'}
              onChange={(v) => setType(v === 'all' ? undefined : v)}
              options={[{ value: 'all', label: t('accounts.managers.allTypes') }, ...types.map((s) => ({ value: s, label: roleLabel(s) }))]}
            />
          </Space>
        ) : null}
        <FitTable<Manager>
          rowKey="id"
          loading={managers.isPending}
          dataSource={managers.data ?? []}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Empty description={t('accounts.managers.empty')} /> }}
          columns={[
            { key: 'account', title: t('accounts.managers.columns.account'), dataIndex: 'account', kind: 'name' },
            { key: 'name', title: t('accounts.managers.columns.name'), dataIndex: 'sName', kind: 'name' },
            { key: 'phone', title: t('accounts.managers.columns.phone'), dataIndex: 'phone', kind: 'phone' },
            { key: 'type', title: t('accounts.managers.columns.type'), render: (_: unknown, m) => <KindCell manager={m} /> },
            { key: 'validity', title: t('accounts.managers.columns.validity'), kind: 'date', width: 216, render: (_: unknown, m) => validity(m) },
            {
              key: 'status',
              title: t('accounts.managers.columns.status'),
              kind: 'tag',
              width: 120,
              render: (_: unknown, m) => (
                <Space size={4}>
                  <Tag color={m.status === 0 ? 'success' : 'default'}>{label('accountStatus', m.status)}</Tag>
                  {m.locked ? <Tag color="error">{t('accounts.managers.locked')}</Tag> : null}
                </Space>
              ),
            },
            {
              key: 'actions',
              title: t('accounts.managers.columns.actions'),
              kind: 'actions',
              width: 200,
              render: (_: unknown, m) => (
                <Space size={0}>
                  <Button type="link" icon={<EditOutlined />} onClick={() => drawer.edit(m)} aria-label={`${t('common.edit')} ${m.account}`}>
                    {t('common.edit')}
                  </Button>
                  <ConfirmDelete title={t('accounts.managers.deleteConfirm', { account: m.account })} onConfirm={() => doDelete(m)}>
                    <Button type="link" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${m.account}`}>
                      {t('common.delete')}
                    </Button>
                  </ConfirmDelete>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <ManagerDrawer
        // A fresh form on every opening: antd keeps the previous record's values otherwise.
        key={drawer.shown.open ? (drawer.shown.manager?.account ?? 'new') : 'closed'}
        open={drawer.shown.open}
        types={types}
        manager={drawer.shown.manager ? (managers.data?.find((m) => m.id === drawer.shown.manager?.id) ?? drawer.shown.manager) : null}
        onClose={drawer.close}
      />
    </>
  );
}
