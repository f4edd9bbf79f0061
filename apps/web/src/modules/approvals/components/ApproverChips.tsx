import { CloseOutlined, PlusOutlined } from '@ant-design/icons';
import { type ApproverSpec, POLICY_APPROVERS_MAX } from '@openvisit/contract';
import { Button, Flex, Select, Tag, TreeSelect, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deptOptions } from '../../../core/people/public';
import { hasId, offered } from './policyDraft';
import type { PolicyLookups } from './policyText';

/**
 * A step's approvers as typed chips (each one seat), and an adder: the kind, then for a role, role group, employee or
 * department the one it names. Duplicates are flagged on their chip (the draft's problems say which).
 */
export function ApproverChips({
  n,
  approvers,
  onChange,
  errorAt,
  label,
  lookups,
}: {
  n: number;
  approvers: ApproverSpec[];
  onChange: (list: ApproverSpec[]) => void;
  errorAt: (j: number) => string | undefined;
  label: (a: ApproverSpec) => string;
  lookups: PolicyLookups;
}) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<ApproverSpec['kind']>('role');
  const [id, setId] = useState<number | undefined>(undefined);
  const full = approvers.length >= POLICY_APPROVERS_MAX;
  const add = () => {
    if (hasId(kind)) {
      if (id === undefined) return;
      onChange([...approvers, { kind, id }]);
    } else onChange([...approvers, { kind }]);
    setId(undefined);
  };
  const pickLabel = t('approvals.editor.pick', { n });
  const picker =
    kind === 'department' ? (
      <TreeSelect
        aria-label={pickLabel}
        placeholder={pickLabel}
        style={{ minWidth: 220 }}
        treeDefaultExpandAll
        value={id}
        treeData={deptOptions(lookups.departments)}
        onChange={(v: number) => setId(v)}
      />
    ) : hasId(kind) ? (
      <Select
        aria-label={pickLabel}
        placeholder={pickLabel}
        style={{ minWidth: 220 }}
        showSearch={{ optionFilterProp: 'label' }}
        loading={lookups.loading}
        value={id}
        options={lookups.options[kind as 'role' | 'roleGroup' | 'employee']}
        onChange={(v: number) => setId(v)}
      />
    ) : null;
  return (
    <Flex vertical gap={8}>
      <Flex gap={4} wrap>
        {approvers.map((a, j) => {
          const error = errorAt(j);
          const name = label(a);
          return (
            <Tag
              // biome-ignore lint/suspicious/noArrayIndexKey: the same approver may appear twice while being corrected
              key={j}
              color={error ? 'error' : 'processing'}
            >
              {name}
              {error ? ` · ${error}` : null}
              <Button
                type="text"
                size="small"
                icon={<CloseOutlined />}
                aria-label={t('approvals.editor.removeApprover', { name })}
                onClick={() => onChange(approvers.filter((_, k) => k !== j))}
                style={{ marginInlineStart: 4, height: 18, width: 18, minWidth: 18 }}
              />
            </Tag>
          );
        })}
        {approvers.length === 0 ? <Typography.Text type="secondary">—</Typography.Text> : null}
      </Flex>
      {full ? null : (
        <Flex gap={8} wrap>
          <Select<ApproverSpec['kind']>
            aria-label={t('approvals.editor.approverKind', { n })}
            style={{ width: 180 }}
            value={kind}
            options={offered.approvers(lookups.own).map((k) => ({ value: k, label: t(`approvals.approver.${k}`) }))}
            onChange={(k) => {
              setKind(k);
              setId(undefined);
            }}
          />
          {picker}
          <Button icon={<PlusOutlined />} onClick={add} disabled={hasId(kind) && id === undefined}>
            {t('approvals.editor.addApprover')}
          </Button>
        </Flex>
      )}
    </Flex>
  );
}
