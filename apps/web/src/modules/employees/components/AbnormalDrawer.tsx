import { EditOutlined, WarningOutlined } from '@ant-design/icons';
import { ABNORMAL_KINDS, type AbnormalKind, type Employee } from '@openvisit/contract';
import { Button, Drawer, Flex, Radio, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FACE_PROBLEM_KINDS, FaceStatusTag, FaceThumb, useAbnormal } from '../../../core/faces/public';
import { ListTable, useListPage, usePaging } from '../../../platform/list';

const PAGE_SIZE = 10;

type Counts = Partial<Record<AbnormalKind, number>>;

/** Employees with a face photo the devices cannot use (the not-synced ones are waiting, not a problem). */
export function photoProblems(counts: Counts | undefined): number {
  return FACE_PROBLEM_KINDS.reduce((n, k) => n + (counts?.[k] ?? 0), 0);
}

/** The kind shown first: the first one with employees, else the first. */
function firstKind(counts: Counts | undefined): AbnormalKind {
  return ABNORMAL_KINDS.find((k) => (counts?.[k] ?? 0) > 0) ?? ABNORMAL_KINDS[0];
}

/** Employee exceptions (spec section 8): the count of each kind, and the employees of the chosen kind, paged. */
export function AbnormalDrawer({
  open,
  counts,
  onClose,
  onEdit,
}: {
  open: boolean;
  counts: Counts | undefined;
  onClose: () => void;
  onEdit?: (employee: Employee) => void;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<AbnormalKind>(() => firstKind(counts));
  const paging = usePaging(PAGE_SIZE);
  const list = useAbnormal(kind, paging.startIndex, paging.requestedCount, open);
  const table = useListPage(paging, list);
  const shown = list.data?.counts ?? counts;
  return (
    <Drawer title={t('employees.faces.abnormal.title')} open={open} onClose={onClose} size={760} destroyOnHidden>
      <Flex vertical gap={16} data-testid="abnormal-drawer">
        <Typography.Text type="secondary">{t('employees.faces.abnormal.intro')}</Typography.Text>
        <Radio.Group
          aria-label={t('employees.faces.abnormal.kindLabel')}
          optionType="button"
          value={kind}
          onChange={(e) => {
            setKind(e.target.value as AbnormalKind);
            paging.set({ page: 1 });
          }}
          style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
          options={ABNORMAL_KINDS.map((k) => ({
            value: k,
            label: (
              <span data-testid={`abnormal-kind-${k}`}>
                {t(`employees.faces.abnormal.kinds.${k}`)}{' '}
                <Typography.Text type={(shown?.[k] ?? 0) > 0 ? 'warning' : 'secondary'} strong>
                  {shown?.[k] ?? 0}
                </Typography.Text>
              </span>
            ),
          }))}
        />
        <ListTable<Employee>
          rowKey="empid"
          size="small"
          {...table.props}
          data-testid="abnormal-table"
          empty={t('employees.faces.abnormal.empty')}
          hideOnSinglePage
          totalText={(n) => t('employees.total', { count: n })}
          columns={[
            {
              key: 'photo',
              title: t('employees.faces.column'),
              kind: 'tag',
              width: 64,
              render: (_: unknown, e) => <FaceThumb employee={e} size={36} />,
            },
            { key: 'name', title: t('employees.columns.name'), dataIndex: 'empName', kind: 'name' },
            { key: 'empNo', title: t('employees.columns.empNo'), dataIndex: 'empNo', kind: 'code', width: 96 },
            {
              key: 'face',
              title: t('employees.columns.status'),
              kind: 'tag',
              width: 136,
              render: (_: unknown, e) =>
                e.face !== null ? (
                  <FaceStatusTag code={e.face} />
                ) : (
                  <Typography.Text type="secondary">{t('employees.faces.noPhoto')}</Typography.Text>
                ),
            },
            {
              key: 'actions',
              title: t('employees.columns.actions'),
              kind: 'actions',
              width: 120,
              render: (_: unknown, e) =>
                onEdit ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<EditOutlined />}
                    onClick={() => onEdit(e)}
                    aria-label={t('employees.faces.abnormal.openOf', { name: e.empName })}
                  >
                    {t('employees.faces.abnormal.open')}
                  </Button>
                ) : null,
            },
          ]}
        />
      </Flex>
    </Drawer>
  );
}

/**
 * Near the list header: "N with photo problems" (or "Employee exceptions" when there are none), opening the
 * exceptions drawer. `onEdit` opens an employee from the drawer (e.g. to replace the photo).
 */
export function AbnormalLink({ onEdit }: { onEdit?: (employee: Employee) => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [key, setKey] = useState(0);
  // One row is enough: every answer carries the counts of all kinds.
  const summary = useAbnormal(undefined, 0, 1);
  const counts = summary.data?.counts;
  const problems = photoProblems(counts);
  return (
    <>
      <Button
        type="link"
        size="small"
        icon={problems > 0 ? <WarningOutlined /> : undefined}
        danger={problems > 0}
        style={{ paddingInline: 0 }}
        onClick={() => {
          setKey((k) => k + 1);
          setOpen(true);
        }}
        data-testid="abnormal-link"
      >
        {problems > 0 ? t('employees.faces.abnormal.link', { count: problems }) : t('employees.faces.abnormal.linkNone')}
      </Button>
      <AbnormalDrawer key={key} open={open} counts={counts} onClose={() => setOpen(false)} onEdit={onEdit} />
    </>
  );
}
