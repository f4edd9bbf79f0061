import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DEADLINE_ACTIONS, POLICY_FIELDS_MAX, POLICY_NAME_MAX, type PolicyStep, QUORUM_MODES } from '@openvisit/contract';
import { Button, Card, Checkbox, Flex, Form, Input, InputNumber, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApproverChips } from './ApproverChips';
import { offered } from './policyDraft';
import type { PolicyLookups, usePolicyText } from './policyText';

type Deadline = NonNullable<PolicyStep['deadline']>;
type ErrorAt = (path: string, under?: boolean) => string | undefined;
interface StepProps {
  step: PolicyStep;
  i: number;
  count: number;
  onChange: (s: PolicyStep) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
  errorAt: ErrorAt;
  lookups: PolicyLookups;
  text: ReturnType<typeof usePolicyText>;
}

function Item({ label, error, children }: { label?: string; error?: string; children: React.ReactNode }) {
  return (
    <Form.Item label={label} style={{ marginBottom: 12 }} validateStatus={error ? 'error' : undefined} help={error}>
      {children}
    </Form.Item>
  );
}

/** The step's time limit, in minutes or hours, and what happens then (escalate where, approve, refuse). */
function StepDeadline({
  step,
  n,
  onChange,
  errorAt,
  roles,
  own,
}: {
  step: PolicyStep;
  n: number;
  onChange: (d: Deadline | null) => void;
  errorAt: ErrorAt;
  roles: PolicyLookups['options']['role'];
  own: boolean;
}) {
  const { t } = useTranslation();
  const d = step.deadline;
  const [unit, setUnit] = useState<'minutes' | 'hours'>(d && d.minutes % 60 === 0 ? 'hours' : 'minutes');
  const per = unit === 'hours' ? 60 : 1;
  const base = `steps.${n - 1}.deadline`;
  return (
    <Flex vertical gap={4}>
      <Checkbox
        checked={d !== null}
        onChange={(e) => {
          setUnit('hours');
          onChange(e.target.checked ? { minutes: 24 * 60, action: 'escalate', to: 'admin', roleId: null } : null);
        }}
      >
        {t('approvals.editor.deadline')}
      </Checkbox>
      {d ? (
        <Flex gap={8} wrap align="start">
          <Item error={errorAt(`${base}.minutes`) ? t('approvals.editor.deadlineRange') : undefined}>
            <InputNumber
              aria-label={t('approvals.editor.deadlineAfter', { n })}
              min={1}
              precision={0}
              value={d.minutes / per}
              onChange={(v) => onChange({ ...d, minutes: Math.round((v ?? 0) * per) })}
            />
          </Item>
          <Select
            aria-label={t('approvals.editor.unit', { n })}
            style={{ width: 110 }}
            value={unit}
            onChange={setUnit}
            options={(['minutes', 'hours'] as const).map((u) => ({ value: u, label: t(`approvals.editor.units.${u}`) }))}
          />
          <Select
            aria-label={t('approvals.editor.action', { n })}
            style={{ width: 130 }}
            value={d.action}
            onChange={(action) => onChange({ ...d, action })}
            options={DEADLINE_ACTIONS.map((a) => ({ value: a, label: t(`approvals.deadlineAction.${a}`) }))}
          />
          {d.action === 'escalate' ? (
            <Item error={errorAt(`${base}.to`)}>
              <Select
                aria-label={t('approvals.editor.escalateTo', { n })}
                style={{ width: 200 }}
                value={d.to}
                onChange={(to) => onChange({ ...d, to, roleId: to === 'role' ? d.roleId : null })}
                options={offered.escalations(own).map((a) => ({ value: a, label: t(`approvals.escalation.${a}`) }))}
              />
            </Item>
          ) : null}
          {d.action === 'escalate' && d.to === 'role' ? (
            <Item error={errorAt(`${base}.roleId`)}>
              <Select
                aria-label={t('approvals.editor.escalateRole', { n })}
                style={{ width: 220 }}
                showSearch={{ optionFilterProp: 'label' }}
                value={d.roleId ?? undefined}
                onChange={(roleId: number) => onChange({ ...d, roleId })}
                options={roles}
              />
            </Item>
          ) : null}
        </Flex>
      ) : null}
    </Flex>
  );
}

/** Fields only this step's approvers see and fill: a name, and whether approving needs it. */
function StepFields({ step, n, onChange, errorAt }: { step: PolicyStep; n: number; onChange: (f: PolicyStep['fields']) => void; errorAt: ErrorAt }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={4}>
      <Typography.Text>{t('approvals.editor.fields')}</Typography.Text>
      {step.fields.map((f, j) => {
        const m = j + 1;
        const set = (next: Partial<typeof f>) => onChange(step.fields.map((x, k) => (k === j ? { ...x, ...next } : x)));
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: fields are edited in place by position
          <Item key={j} error={errorAt(`steps.${n - 1}.fields.${j}.name`)}>
            <Flex gap={8} align="center">
              <Input
                aria-label={t('approvals.editor.fieldName', { n, m })}
                maxLength={50}
                style={{ width: 220 }}
                value={f.name}
                onChange={(e) => set({ name: e.target.value })}
              />
              <Checkbox checked={f.required} onChange={(e) => set({ required: e.target.checked })}>
                {t('approvals.editor.fieldRequired')}
              </Checkbox>
              <Button
                type="text"
                icon={<DeleteOutlined />}
                aria-label={t('approvals.editor.removeField', { n, m })}
                onClick={() => onChange(step.fields.filter((_, k) => k !== j))}
              />
            </Flex>
          </Item>
        );
      })}
      {step.fields.length < POLICY_FIELDS_MAX ? (
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...step.fields, { name: '', required: false }])}
        >
          {t('approvals.editor.addField')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** One step: its name, whether it runs beside the one before, its approvers and quorum, reason, fields and time limit. */
export function StepCard({ step, i, count, onChange, onMove, onRemove, errorAt, lookups, text }: StepProps) {
  const { t } = useTranslation();
  const n = i + 1;
  const seats = step.approvers.length;
  const q = step.quorum;
  return (
    <Card
      size="small"
      title={t('approvals.editor.step', { n })}
      extra={
        <Flex gap={2}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('approvals.editor.moveUp', { n })}
            disabled={i === 0}
            onClick={() => onMove(-1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('approvals.editor.moveDown', { n })}
            disabled={i === count - 1}
            onClick={() => onMove(1)}
          />
          <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('approvals.editor.removeStep', { n })} onClick={onRemove} />
        </Flex>
      }
    >
      <Flex gap={16} wrap align="center" style={{ marginBottom: 12 }}>
        <Item error={errorAt(`steps.${i}.name`)}>
          <Input
            aria-label={t('approvals.editor.stepName', { n })}
            placeholder={t('approvals.editor.stepName', { n })}
            maxLength={POLICY_NAME_MAX}
            style={{ width: 240 }}
            value={step.name}
            onChange={(e) => onChange({ ...step, name: e.target.value })}
          />
        </Item>
        {i > 0 ? (
          <Checkbox checked={step.parallel} onChange={(e) => onChange({ ...step, parallel: e.target.checked })}>
            {t('approvals.editor.parallel')}
          </Checkbox>
        ) : null}
      </Flex>
      <Item label={t('approvals.editor.approvers')} error={errorAt(`steps.${i}.approvers`)}>
        <ApproverChips
          n={n}
          approvers={step.approvers}
          label={text.approver}
          lookups={lookups}
          errorAt={(j) => errorAt(`steps.${i}.approvers.${j}`, true)}
          onChange={(approvers) => onChange({ ...step, approvers, quorum: { ...q, count: Math.min(q.count, Math.max(approvers.length, 1)) } })}
        />
      </Item>
      <Item error={errorAt(`steps.${i}.quorum`, true)}>
        <Flex gap={8} align="center" wrap>
          <Select
            aria-label={t('approvals.editor.quorum', { n })}
            style={{ width: 200 }}
            value={q.mode}
            onChange={(mode) => onChange({ ...step, quorum: { mode, count: mode === 'count' ? Math.min(2, Math.max(seats, 1)) : 1 } })}
            options={QUORUM_MODES.map((m) => ({ value: m, label: t(`approvals.quorum.${m}`) }))}
          />
          {q.mode === 'count' ? (
            <>
              <InputNumber
                aria-label={t('approvals.editor.quorumCount', { n })}
                min={1}
                precision={0}
                value={q.count}
                onChange={(v) => onChange({ ...step, quorum: { ...q, count: v ?? 1 } })}
              />
              <Typography.Text>{t('approvals.editor.ofSeats', { seats })}</Typography.Text>
            </>
          ) : null}
        </Flex>
      </Item>
      <Flex vertical gap={12}>
        <Checkbox checked={step.reasonToApprove} onChange={(e) => onChange({ ...step, reasonToApprove: e.target.checked })}>
          {t('approvals.editor.reasonToApprove')}
        </Checkbox>
        <StepFields step={step} n={n} errorAt={errorAt} onChange={(fields) => onChange({ ...step, fields })} />
        <StepDeadline
          step={step}
          n={n}
          errorAt={errorAt}
          roles={lookups.options.role}
          own={lookups.own}
          onChange={(deadline) => onChange({ ...step, deadline })}
        />
      </Flex>
    </Card>
  );
}
