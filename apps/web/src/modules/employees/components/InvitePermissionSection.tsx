import type { CallOutput, getInvitePersonList } from '@openvisit/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Flex, Input, Segmented, Space, Switch, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUserInfo } from '../../../core/company/public';
import { deptOptions, useDepartments } from '../../../core/people/public';
import { api } from '../../../platform/api';
import { useLabel } from '../../../platform/i18n';
import { ListTable, useListPage, usePaging } from '../../../platform/list';
import { peopleKeys } from '../api';
import { CompanyInviteSwitch } from './CompanyInviteSwitch';

type Person = CallOutput<typeof getInvitePersonList>['list'][number];
type Show = 'all' | 'allowed' | 'forbidden';

const PAGE_SIZE = 20;
const keys = {
  list: (input: object) => [...peopleKeys.employees, 'invitePower', input] as const,
};

/**
 * Who may invite visitors (spec section 6): employees with their "may invite" switch, found by name and department,
 * changed one by one or for the selected ones (`getInvitePersonList`, `updateInviteStatus`). The company switch that
 * opens invitations to employees at all is shown above it, read from the company's settings.
 */
export function InvitePermissionSection() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const label = useLabel();
  const qc = useQueryClient();
  const info = useUserInfo();
  const depts = useDepartments();
  const paging = usePaging(PAGE_SIZE);
  const [name, setName] = useState('');
  const [deptid, setDeptid] = useState<number | undefined>();
  const [show, setShow] = useState<Show>('all');
  const input = {
    startIndex: paging.startIndex,
    requestedCount: paging.requestedCount,
    name: name || undefined,
    deptid,
    forbidInvite: show === 'all' ? undefined : show === 'forbidden',
  };
  const list = useQuery({ queryKey: keys.list(input), queryFn: () => api.getInvitePersonList(input), placeholderData: keepPreviousData });
  const table = useListPage(paging, list, { selectable: true, background: true });
  const { selection: selected, setSelection: setSelected } = table;
  const update = useMutation({
    mutationFn: (v: { empids: number[]; forbidInvite: boolean }) => api.updateInviteStatus(v),
    onSuccess: (r, v) => {
      void message.success(t(v.forbidInvite ? 'employees.invitePower.forbidden' : 'employees.invitePower.allowed', { count: r.updated }));
      setSelected([]);
      return qc.invalidateQueries({ queryKey: peopleKeys.employees });
    },
  });
  const filter = (patch: () => void) => {
    patch();
    paging.set({ page: 1 });
    setSelected([]);
  };
  const open = info.data?.permissionSwitch === 1;
  const filtered = !!name || deptid !== undefined || show !== 'all';

  return (
    <Card title={t('employees.invitePower.title')} data-testid="invite-power">
      <Flex vertical gap={12}>
        {info.data ? <Alert type={open ? 'info' : 'warning'} title={<CompanyInviteSwitch />} data-testid="invite-power-company" /> : null}
        <Flex gap={8} wrap align="center">
          <Input.Search
            style={{ width: 220 }}
            allowClear
            placeholder={t('employees.invitePower.search')}
            aria-label={t('employees.invitePower.search')}
            onSearch={(v) => filter(() => setName(v.trim()))}
          />
          <TreeSelect
            style={{ width: 220 }}
            allowClear
            treeDefaultExpandAll
            placeholder={t('employees.invitePower.department')}
            aria-label={t('employees.invitePower.department')}
            loading={depts.isPending}
            treeData={deptOptions(depts.data ?? [])}
            value={deptid}
            onChange={(v: number | undefined) => filter(() => setDeptid(v))}
          />
          <Segmented<Show>
            value={show}
            onChange={(v) => filter(() => setShow(v))}
            options={[
              { value: 'all', label: t('employees.invitePower.show.all') },
              { value: 'allowed', label: t('employees.invitePower.show.allowed') },
              { value: 'forbidden', label: t('employees.invitePower.show.forbidden') },
            ]}
          />
        </Flex>
        <Space>
          <Typography.Text type="secondary">{t('employees.invitePower.selected', { count: selected.length })}</Typography.Text>
          <Button
            size="small"
            disabled={!selected.length}
            loading={update.isPending}
            onClick={() => update.mutate({ empids: selected, forbidInvite: false })}
          >
            {t('employees.invitePower.allowSelected')}
          </Button>
          <Button
            size="small"
            danger
            disabled={!selected.length}
            loading={update.isPending}
            onClick={() => update.mutate({ empids: selected, forbidInvite: true })}
          >
            {t('employees.invitePower.forbidSelected')}
          </Button>
        </Space>
        <ListTable<Person>
          rowKey="empid"
          {...table.props}
          pending={false}
          empty={filtered ? t('employees.invitePower.emptyFiltered') : t('employees.invitePower.empty')}
          columns={[
            { title: t('employees.invitePower.cols.name'), dataIndex: 'empName', kind: 'name' },
            { title: t('employees.invitePower.cols.empNo'), dataIndex: 'empNo', kind: 'code' },
            { title: t('employees.invitePower.cols.phone'), dataIndex: 'empPhone', kind: 'phone' },
            { title: t('employees.invitePower.cols.departments'), key: 'd', kind: 'text', render: (_v, p) => p.deptNames.join(', ') },
            {
              title: t('employees.invitePower.cols.status'),
              key: 's',
              kind: 'tag',
              render: (_v, p) => (p.status === 0 ? null : <Tag>{label('employeeStatus', p.status)}</Tag>),
            },
            {
              title: t('employees.invitePower.cols.mayInvite'),
              key: 'invite',
              kind: 'actions',
              width: 120,
              render: (_v, p) => (
                <Switch
                  size="small"
                  checked={!p.forbidInvite}
                  aria-label={t('employees.invitePower.switchFor', { name: p.empName })}
                  loading={update.isPending && update.variables?.empids.includes(p.empid)}
                  onChange={(on) => update.mutate({ empids: [p.empid], forbidInvite: !on })}
                />
              ),
            },
          ]}
        />
      </Flex>
    </Card>
  );
}
