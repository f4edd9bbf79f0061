import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type ApprovalPolicy, type PolicyDraft, REQUEST_KINDS, type RequestKind } from '@openvisit/contract';
import { Alert, Button, Drawer, Flex, Form, Input, InputNumber, Segmented, Select, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmployeeSelect } from '../../../core/people/public';
import { DateTimeInput } from '../../../platform/components/DateTimeInput';
import { useDryRun } from '../api';
import { DryRunResult } from './DryRunResult';
import { problemsOf } from './policyDraft';
import type { PolicyLookups } from './policyText';

interface Facts {
  kind: RequestKind;
  tid?: number;
  gid?: number;
  hostId?: number;
  start: Dayjs | null;
  end: Dayjs | null;
  companions: number;
  idType: string;
  visitorName: string;
  fields: { name: string; value: string }[];
}

const NO_FACTS: Facts = { kind: 'invitation', start: null, end: null, companions: 0, idType: '', visitorName: '', fields: [] };

function factsInput(f: Facts) {
  return {
    kind: f.kind,
    tid: f.tid ?? null,
    gid: f.gid ?? null,
    hostId: f.hostId ?? null,
    start: f.start?.valueOf() ?? null,
    end: f.end?.valueOf() ?? null,
    companions: f.companions,
    idType: f.idType.trim(),
    visitorName: f.visitorName.trim(),
    fields: Object.fromEntries(f.fields.filter((x) => x.name.trim()).map((x) => [x.name.trim(), x.value])),
  };
}

/** The custom fields of a described request: name and value pairs. */
function CustomFacts({ fields, onChange }: { fields: Facts['fields']; onChange: (f: Facts['fields']) => void }) {
  const { t } = useTranslation();
  const set = (i: number, patch: Partial<Facts['fields'][number]>) => onChange(fields.map((x, j) => (j === i ? { ...x, ...patch } : x)));
  return (
    <Form.Item label={t('approvals.dry.customFields')}>
      <Flex vertical gap={4}>
        {fields.map((f, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: pairs are edited in place by position
          <Flex key={i} gap={8}>
            <Input
              aria-label={t('approvals.dry.customName', { n: i + 1 })}
              placeholder={t('approvals.dry.customName', { n: i + 1 })}
              value={f.name}
              onChange={(e) => set(i, { name: e.target.value })}
            />
            <Input
              aria-label={t('approvals.dry.customValue', { n: i + 1 })}
              placeholder={t('approvals.dry.customValue', { n: i + 1 })}
              value={f.value}
              onChange={(e) => set(i, { value: e.target.value })}
            />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('approvals.dry.removeCustom', { n: i + 1 })}
              onClick={() => onChange(fields.filter((_, j) => j !== i))}
            />
          </Flex>
        ))}
        <Button
          size="small"
          type="dashed"
          icon={<PlusOutlined />}
          style={{ alignSelf: 'flex-start' }}
          onClick={() => onChange([...fields, { name: '', value: '' }])}
        >
          {t('approvals.dry.addCustom')}
        </Button>
      </Flex>
    </Form.Item>
  );
}

/** A request described by hand: kind, visitor type, gate, host, times, companions, ID type, name and custom fields. */
function FactsForm({ f, set, lookups }: { f: Facts; set: (patch: Partial<Facts>) => void; lookups: PolicyLookups }) {
  const { t } = useTranslation();
  return (
    <Flex vertical>
      <Flex gap={12} wrap>
        <Form.Item label={t('approvals.dry.kind')} htmlFor="dry-kind" style={{ minWidth: 200 }}>
          <Select
            id="dry-kind"
            value={f.kind}
            onChange={(kind) => set({ kind })}
            options={REQUEST_KINDS.map((k) => ({ value: k, label: t(`approvals.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item label={t('approvals.dry.visitType')} htmlFor="dry-type" style={{ minWidth: 200 }}>
          <Select id="dry-type" allowClear value={f.tid} onChange={(tid?: number) => set({ tid })} options={lookups.options.visitType} />
        </Form.Item>
        <Form.Item label={t('approvals.dry.gate')} htmlFor="dry-gate" style={{ minWidth: 200 }}>
          <Select id="dry-gate" allowClear value={f.gid} onChange={(gid?: number) => set({ gid })} options={lookups.options.gate} />
        </Form.Item>
      </Flex>
      <Form.Item label={t('approvals.dry.host')} htmlFor="dry-host">
        <EmployeeSelect
          id="dry-host"
          value={f.hostId}
          onChange={(hostId) => set({ hostId })}
          placeholder={t('approvals.dry.hostPlaceholder')}
          notFound={t('approvals.dry.notFound')}
        />
      </Form.Item>
      <Flex gap={12} wrap>
        <Form.Item label={t('approvals.dry.start')} htmlFor="dry-start">
          <DateTimeInput id="dry-start" label={t('approvals.dry.start')} value={f.start} onChange={(start) => set({ start })} />
        </Form.Item>
        <Form.Item label={t('approvals.dry.end')} htmlFor="dry-end">
          <DateTimeInput id="dry-end" label={t('approvals.dry.end')} value={f.end} onChange={(end) => set({ end })} />
        </Form.Item>
        <Form.Item label={t('approvals.dry.companions')} htmlFor="dry-companions">
          <InputNumber id="dry-companions" min={0} max={1000} precision={0} value={f.companions} onChange={(v) => set({ companions: v ?? 0 })} />
        </Form.Item>
      </Flex>
      <Flex gap={12} wrap>
        <Form.Item label={t('approvals.dry.idType')} htmlFor="dry-idtype">
          <Input id="dry-idtype" maxLength={30} value={f.idType} onChange={(e) => set({ idType: e.target.value })} />
        </Form.Item>
        <Form.Item label={t('approvals.dry.visitorName')} htmlFor="dry-vname">
          <Input id="dry-vname" maxLength={50} value={f.visitorName} onChange={(e) => set({ visitorName: e.target.value })} />
        </Form.Item>
      </Flex>
      <CustomFacts fields={f.fields} onChange={(fields) => set({ fields })} />
    </Flex>
  );
}

/**
 * The dry run: a request described (or a past visit) run through the policies, trying `draft` first when given (the
 * policy being edited) or else the policy `pid`. Nothing is sent to anyone.
 */
export function DryRunPanel({
  draft,
  pid,
  policies,
  lookups,
}: {
  draft: PolicyDraft | null;
  pid: number | null;
  policies: readonly ApprovalPolicy[];
  lookups: PolicyLookups;
}) {
  const { t } = useTranslation();
  const [source, setSource] = useState<'describe' | 'visit'>('describe');
  const [facts, setFacts] = useState<Facts>(NO_FACTS);
  const [vid, setVid] = useState<number | null>(null);
  const run = useDryRun();
  const broken = draft !== null && problemsOf(draft, policies.find((p) => p.pid === pid)?.isDefault ?? false).size > 0;
  const go = () => run.mutate({ facts: source === 'describe' ? factsInput(facts) : null, vid: source === 'visit' ? vid : null, draft, pid });
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary">{t('approvals.dry.help')}</Typography.Text>
      <Segmented
        value={source}
        onChange={(v) => setSource(v as 'describe' | 'visit')}
        options={[
          { value: 'describe', label: t('approvals.dry.describe') },
          { value: 'visit', label: t('approvals.dry.pastVisit') },
        ]}
      />
      <Form layout="vertical" component="div">
        {source === 'describe' ? (
          <FactsForm f={facts} set={(patch) => setFacts((f) => ({ ...f, ...patch }))} lookups={lookups} />
        ) : (
          <Form.Item label={t('approvals.dry.vid')} htmlFor="dry-vid">
            <InputNumber id="dry-vid" min={1} precision={0} value={vid} onChange={(v) => setVid(v ?? null)} />
          </Form.Item>
        )}
      </Form>
      {broken ? <Alert type="warning" showIcon title={t('approvals.editor.fixErrors')} /> : null}
      <Button
        type="primary"
        style={{ alignSelf: 'flex-start' }}
        loading={run.isPending}
        disabled={broken || (source === 'visit' && !vid)}
        onClick={go}
      >
        {t('approvals.dry.run')}
      </Button>
      {run.data ? <DryRunResult result={run.data} draft={draft} policies={policies} lookups={lookups} /> : null}
    </Flex>
  );
}

/** The dry run from the policy list: every policy as saved, or one policy tried first. */
export function DryRunDrawer({
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
  return (
    <Drawer
      open={open}
      size={760}
      title={policy ? `${t('approvals.dry.title')} · ${policy.name}` : t('approvals.dry.title')}
      onClose={onClose}
      destroyOnHidden
    >
      <DryRunPanel draft={null} pid={policy?.pid ?? null} policies={policies} lookups={lookups} />
    </Drawer>
  );
}
