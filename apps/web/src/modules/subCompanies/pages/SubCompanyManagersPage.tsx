import { App, Button, Card, Descriptions, Empty, Form, Modal, Result, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../platform/components/PageHeader';
import { FitTable, type ListColumn } from '../../../platform/list';
import { useSubCompanyEmployees } from '../../employees/public';
import { useOwnManagers, useSetOwnManagers } from '../api';

interface Manager {
  empid: number;
  empName: string;
  empPhone: string;
  empNo: string;
}

/**
 * The sub-company portal's accountsub (spec section 2: /subcom/account/accountsub, linked to subdetail): the employees
 * who manage the sub-company, chosen among its own (UpdateSubAccountManager refuses anyone else's with 55).
 */
export function SubCompanyManagersPage() {
  const { t } = useTranslation();
  const managers = useOwnManagers();
  const [editing, setEditing] = useState(false);
  const columns: ListColumn<Manager>[] = [
    {
      key: 'name',
      kind: 'name',
      title: t('subCompanies.managers.name'),
      dataIndex: 'empName',
      render: (name: string, m) => <Link to={`subdetail/${m.empid}`}>{name}</Link>,
    },
    { key: 'phone', kind: 'phone', title: t('subCompanies.managers.phone'), dataIndex: 'empPhone' },
    { key: 'number', kind: 'code', title: t('subCompanies.managers.number'), dataIndex: 'empNo' },
  ];
  return (
    <>
      <PageHeader
        title={t('menu.accountSub')}
        actions={
          <Button type="primary" onClick={() => setEditing(true)} disabled={!managers.data} data-testid="managers-edit">
            {t('subCompanies.managers.edit')}
          </Button>
        }
      />
      <Card>
        <Typography.Paragraph type="secondary">{t('subCompanies.managers.intro')}</Typography.Paragraph>
        <FitTable<Manager>
          rowKey="empid"
          columns={columns}
          dataSource={managers.data ?? []}
          loading={managers.isPending}
          pagination={false}
          locale={{ emptyText: <Empty description={t('subCompanies.managers.empty')} /> }}
          data-testid="managers-table"
        />
      </Card>
      {editing && managers.data ? <ManagersModal current={managers.data} onClose={() => setEditing(false)} /> : null}
    </>
  );
}

function ManagersModal({ current, onClose }: { current: readonly Manager[]; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const employees = useSubCompanyEmployees();
  const save = useSetOwnManagers();
  const [chosen, setChosen] = useState<number[]>(current.map((m) => m.empid));
  const submit = () =>
    save
      .mutateAsync(chosen)
      .then(() => {
        message.success(t('subCompanies.managers.saved'));
        onClose();
      })
      .catch(() => undefined);
  return (
    <Modal open title={t('subCompanies.managers.edit')} onCancel={onClose} onOk={submit} confirmLoading={save.isPending} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={t('subCompanies.managers.pick')} extra={t('subCompanies.managers.pickHint')} htmlFor="sub-managers">
          <Select
            id="sub-managers"
            mode="multiple"
            value={chosen}
            onChange={setChosen}
            loading={employees.isPending}
            optionFilterProp="label"
            options={(employees.data ?? []).map((e) => ({ value: e.empid, label: e.empNo ? `${e.empName} (${e.empNo})` : e.empName }))}
            data-testid="managers-select"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** subdetail: one manager's details, from the same list (an id that is not a manager says so). */
export function SubCompanyManagerDetailPage() {
  const { t } = useTranslation();
  const { empid } = useParams();
  const managers = useOwnManagers();
  const m = managers.data?.find((x) => String(x.empid) === empid);
  const back = <Link to="../..">{t('subCompanies.managers.back')}</Link>;
  return (
    <>
      <PageHeader title={m?.empName ?? t('menu.accountSub')} actions={back} />
      <Card>
        {managers.isPending ? (
          <Skeleton active paragraph={{ rows: 3 }} />
        ) : m ? (
          <Descriptions
            column={1}
            items={[
              { key: 'name', label: t('subCompanies.managers.name'), children: m.empName },
              { key: 'phone', label: t('subCompanies.managers.phone'), children: m.empPhone || '—' },
              { key: 'number', label: t('subCompanies.managers.number'), children: m.empNo || '—' },
            ]}
          />
        ) : (
          <Result status="404" subTitle={t('subCompanies.managers.unknown')} />
        )}
      </Card>
    </>
  );
}
