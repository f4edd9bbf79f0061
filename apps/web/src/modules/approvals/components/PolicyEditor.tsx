import { PlusOutlined } from '@ant-design/icons';
import {
  type ApprovalPolicy,
  MATERIAL_FIELDS,
  POLICY_MODES,
  POLICY_NAME_MAX,
  POLICY_STEPS_MAX,
  type PolicyDraft,
  type PolicyStep,
} from '@openvisit/contract';
import { Alert, App, Button, Checkbox, Drawer, Flex, Form, Input, Radio, Switch, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/apiError';
import { i18n } from '../../../platform/i18n';
import { displayError } from '../../../platform/notify';
import { ruleMessage } from '../../../platform/validationText';
import { useSavePolicy } from '../api';
import { ConditionsSection } from './ConditionRow';
import { DryRunPanel } from './DryRunPanel';
import { draftOf, emptyDraft, newStep, type Problems, problemsOf, serverProblems } from './policyDraft';
import { type PolicyLookups, usePolicyText } from './policyText';
import { StepCard } from './StepCard';

const PROBLEMS = [
  'required',
  'chooseOne',
  'moreThanApprovers',
  'duplicate',
  'noNextStep',
  'defaultHasNone',
  'nameTaken',
  'notFound',
  'noMembers',
  'disabled',
  'defaultOn',
  'everyOnce',
  'cycle',
  'notForSubCompany',
] as const;

/** Server field paths the form shows on a field; any other goes to the alert above the form. */
const PLACED =
  /^(name|conditions|steps|conditions\.\d+(\..*)?|steps\.\d+\.(approvers|quorum)(\..*)?|steps\.\d+\.name|steps\.\d+\.fields\.\d+\.name|steps\.\d+\.deadline\.(minutes|to|roleId))$/;

/** A field path as the user knows it: "Step 2 · name" for `steps.1.name`. */
function pathLabel(path: string): string {
  return path
    .replace(/^steps\.(\d+)/, (_, i: string) => i18n.t('approvals.editor.step', { n: Number(i) + 1 }))
    .replace(/^conditions\.(\d+)/, (_, i: string) => i18n.t('approvals.editor.condition', { n: Number(i) + 1 }))
    .replaceAll('.', ' · ');
}

/** The text of a problem code: the editor's own, else the platform's validation text. */
export function problemText(code: string): string {
  const own = PROBLEMS.find((p) => p === code);
  return own ? i18n.t(`approvals.problems.${own}`) : ruleMessage(i18n.t, code);
}

/** The draft, its problems as typed (shown once a section was touched, all after a save attempt) and the server's. */
function useDraftState(policy: ApprovalPolicy | null, own: boolean) {
  const isDefault = policy?.isDefault ?? false;
  const [draft, setDraft] = useState<PolicyDraft>(() => (policy ? draftOf(policy) : emptyDraft()));
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [showAll, setShowAll] = useState(false);
  const [server, setServer] = useState<Problems>(new Map());
  const problems = useMemo(() => problemsOf(draft, isDefault, own), [draft, isDefault, own]);
  const change = (next: PolicyDraft, touch: string) => {
    setDraft(next);
    setTouched((s) => new Set(s).add(touch));
    setServer(new Map());
  };
  /** The problem at `path` (with `under`, the first at or below it), once its section was touched or a save tried. */
  const errorAt = (path: string, under = false): string | undefined => {
    const at = (k: string) => k === path || (under && k.startsWith(`${path}.`));
    const s = [...server].find(([k]) => at(k));
    if (s) return problemText(s[1]);
    const seen = showAll || [...touched].some((p) => path === p || path.startsWith(`${p}.`));
    const c = seen ? [...problems].find(([k]) => at(k)) : undefined;
    return c ? problemText(c[1]) : undefined;
  };
  return { draft, isDefault, problems, server, change, errorAt, setShowAll, setServer };
}

/** The steps of a policy: added, moved, removed; each a StepCard. */
function StepsSection({ s, lookups }: { s: ReturnType<typeof useDraftState>; lookups: PolicyLookups }) {
  const { t } = useTranslation();
  const text = usePolicyText(lookups);
  const steps = s.draft.steps;
  const setSteps = (next: PolicyStep[], touch: string) => s.change({ ...s.draft, steps: next }, touch);
  const move = (i: number, by: -1 | 1) => {
    const next = [...steps];
    const [step] = next.splice(i, 1);
    if (step) next.splice(i + by, 0, step);
    setSteps(next, 'steps');
  };
  return (
    <Flex vertical gap={12}>
      {steps.map((step, i) => (
        <StepCard
          // biome-ignore lint/suspicious/noArrayIndexKey: steps have no id; their position is their identity in the draft
          key={i}
          step={step}
          i={i}
          count={steps.length}
          lookups={lookups}
          text={text}
          errorAt={s.errorAt}
          onChange={(next) =>
            setSteps(
              steps.map((x, j) => (j === i ? next : x)),
              `steps.${i}`,
            )
          }
          onMove={(by) => move(i, by)}
          onRemove={() =>
            setSteps(
              steps.filter((_, j) => j !== i),
              'steps',
            )
          }
        />
      ))}
      {s.errorAt('steps') ? <Typography.Text type="danger">{s.errorAt('steps')}</Typography.Text> : null}
      {steps.length < POLICY_STEPS_MAX ? (
        <Button type="dashed" icon={<PlusOutlined />} onClick={() => setSteps([...steps, newStep()], `steps.${steps.length}`)}>
          {t('approvals.editor.addStep')}
        </Button>
      ) : null}
    </Flex>
  );
}

/** The policy's own fields: name, in use, mode, conditions, steps and what counts as a material edit. */
function PolicyForm({ s, lookups }: { s: ReturnType<typeof useDraftState>; lookups: PolicyLookups }) {
  const { t } = useTranslation();
  const d = s.draft;
  const nameError = s.errorAt('name');
  return (
    <Form layout="vertical" component="div">
      <Form.Item label={t('approvals.editor.name')} htmlFor="policy-name" validateStatus={nameError ? 'error' : undefined} help={nameError}>
        <Input id="policy-name" maxLength={POLICY_NAME_MAX} value={d.name} onChange={(e) => s.change({ ...d, name: e.target.value }, 'name')} />
      </Form.Item>
      {s.isDefault ? null : (
        <Form.Item label={t('approvals.editor.enabled')}>
          <Switch aria-label={t('approvals.editor.enabled')} checked={d.enabled} onChange={(enabled) => s.change({ ...d, enabled }, 'enabled')} />
        </Form.Item>
      )}
      <Form.Item label={t('approvals.editor.mode')} extra={t(`approvals.modeHelp.${d.mode}`)}>
        <Radio.Group
          aria-label={t('approvals.editor.mode')}
          value={d.mode}
          onChange={(e) => s.change({ ...d, mode: e.target.value }, 'mode')}
          options={POLICY_MODES.map((m) => ({ value: m, label: t(`approvals.mode.${m}`) }))}
        />
      </Form.Item>
      <Typography.Title level={5}>{t('approvals.editor.conditions')}</Typography.Title>
      <ConditionsSection
        conditions={d.conditions}
        isDefault={s.isDefault}
        lookups={lookups}
        errorAt={s.errorAt}
        onChange={(conditions, touch) => s.change({ ...d, conditions }, touch)}
      />
      {d.mode === 'steps' ? (
        <>
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {t('approvals.editor.steps')}
          </Typography.Title>
          <StepsSection s={s} lookups={lookups} />
        </>
      ) : null}
      <Form.Item label={t('approvals.editor.material')} extra={t('approvals.editor.materialHelp')} style={{ marginTop: 24 }}>
        <Checkbox.Group
          value={d.material}
          onChange={(material) => s.change({ ...d, material }, 'material')}
          options={MATERIAL_FIELDS.map((m) => ({ value: m, label: t(`approvals.material.${m}`) }))}
        />
      </Form.Item>
    </Form>
  );
}

/** Adds or edits a policy in a drawer, validated as typed with the server's own checks; the dry run tries the draft. */
export function PolicyEditor({
  open,
  policy,
  policies,
  lookups,
  onClose,
}: {
  open: boolean;
  policy: ApprovalPolicy | null;
  policies: readonly ApprovalPolicy[];
  lookups: PolicyLookups;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  // A sub-company's own policy (being written by it, or opened by the head office) names only what it can see.
  const s = useDraftState(policy, lookups.own || (policy?.subCompanyId ?? null) !== null);
  const save = useSavePolicy();
  const submit = async () => {
    s.setShowAll(true);
    if (s.problems.size) {
      void message.error(t('approvals.editor.fixErrors'));
      return;
    }
    try {
      await save.mutateAsync({ pid: policy?.pid ?? null, isDefault: s.isDefault, draft: s.draft });
      void message.success(t('approvals.policies.saved'));
      onClose();
    } catch (err) {
      const found = serverProblems(err);
      if (found) s.setServer(found);
      else if (err instanceof ApiError) displayError(err);
    }
  };
  const unplaced = [...s.server].filter(([k]) => !PLACED.test(k));
  return (
    <Drawer
      open={open}
      size={880}
      title={policy ? t('approvals.editor.editTitle', { name: policy.name }) : t('approvals.editor.addTitle')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Flex gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit}>
            {t('approvals.editor.save')}
          </Button>
        </Flex>
      }
    >
      {unplaced.length ? (
        <Alert type="error" showIcon style={{ marginBottom: 16 }} title={unplaced.map(([k, v]) => `${pathLabel(k)}: ${problemText(v)}`).join('; ')} />
      ) : null}
      <Tabs
        items={[
          { key: 'policy', label: t('approvals.editor.policyTab'), children: <PolicyForm s={s} lookups={lookups} /> },
          {
            key: 'dry',
            label: t('approvals.dry.title'),
            children: <DryRunPanel draft={s.draft} pid={policy?.pid ?? null} policies={policies} lookups={lookups} />,
          },
        ]}
      />
    </Drawer>
  );
}
