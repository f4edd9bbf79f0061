import type { CallOutput, importDepartment, importEmpList } from '@openvisit/contract';
import { Flex, Radio, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

type Update = CallOutput<typeof importEmpList>['updates'][number];
type DepartmentUpdate = CallOutput<typeof importDepartment>['updates'][number];

/**
 * The check step's rows that would change an existing employee (issue 35): who the employee is now, each field
 * before → after, and the choice to add new rows only (sent as `updateExisting`, which the server honours).
 */
export function ImportUpdates({
  updating,
  updates,
  columnName,
  newOnly,
  onNewOnly,
}: {
  updating: number;
  updates: Update[];
  columnName: (field: string) => string;
  newOnly: boolean;
  onNewOnly: (v: boolean) => void;
}) {
  const { t } = useTranslation();
  const shown = (v: string) => v || t('employees.import.check.updates.empty');
  return (
    <Flex vertical gap={8} data-testid="import-updates">
      <Typography.Text strong>{t('employees.import.check.updates.title', { count: updating })}</Typography.Text>
      {updates.length > 0 && (
        <Table<Update>
          size="small"
          rowKey="row"
          pagination={false}
          dataSource={updates}
          footer={updates.length < updating ? () => t('employees.import.check.updates.more', { shown: updates.length }) : undefined}
          columns={[
            { title: t('spreadsheet.cols.row'), dataIndex: 'row', width: 64 },
            {
              title: t('employees.import.check.updates.who'),
              key: 'who',
              render: (_, u) => [u.empName, u.empNo, u.phone].filter(Boolean).join(' · '),
            },
            {
              title: t('employees.import.check.updates.changes'),
              key: 'changes',
              render: (_, u) => (
                <Flex vertical>
                  {u.changes.map((c) => (
                    <span key={c.field}>
                      {columnName(c.field)}: <Typography.Text delete>{shown(c.before)}</Typography.Text> → {shown(c.after)}
                    </span>
                  ))}
                </Flex>
              ),
            },
          ]}
        />
      )}
      <Radio.Group value={newOnly} onChange={(e) => onNewOnly(e.target.value as boolean)} data-testid="import-update-choice">
        <Flex vertical>
          <Radio value={false}>{t('employees.import.check.updates.all')}</Radio>
          <Radio value={true}>{t('employees.import.check.updates.newOnly', { count: updating })}</Radio>
        </Flex>
      </Radio.Group>
    </Flex>
  );
}

/**
 * The check step's rows that change an existing department (issue 35): which one, and its number and manager's work
 * number before → after. Every valid row applies (there is no leaving updates out here): this says what they will do.
 */
export function DepartmentUpdates({
  updating,
  updates,
  columnName,
}: {
  updating: number;
  updates: DepartmentUpdate[];
  columnName: (field: string) => string;
}) {
  const { t } = useTranslation();
  const shown = (v: string) => v || t('employees.import.check.updates.empty');
  return (
    <Flex vertical gap={8} data-testid="import-updates">
      <Typography.Text strong>{t('employees.import.check.deptUpdates.title', { count: updates.length, rows: updating })}</Typography.Text>
      <Table<DepartmentUpdate>
        size="small"
        rowKey="row"
        pagination={false}
        dataSource={updates}
        columns={[
          { title: t('spreadsheet.cols.row'), dataIndex: 'row', width: 64 },
          { title: t('employees.import.check.deptUpdates.which'), dataIndex: 'path' },
          {
            title: t('employees.import.check.updates.changes'),
            key: 'changes',
            render: (_, u) => (
              <Flex vertical>
                {u.changes.map((c) => (
                  <span key={c.field}>
                    {columnName(c.field)}: <Typography.Text delete>{shown(c.before)}</Typography.Text> → {shown(c.after)}
                  </span>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </Flex>
  );
}
