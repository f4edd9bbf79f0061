import { CERT_STATUSES, type CertStatus, type ResidentStatus, type ResidentVisitor } from '@openvisit/contract';
import { App, Button, Flex, Select, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../platform/format';
import { type ListColumn, ListSearch } from '../../../platform/list';
import { useDecideResidents } from '../api';
import { useSuppliers } from '../api.suppliers';
import type { WorkerFilters } from '../query.suppliers';
import { WorkerFaceThumb } from './WorkerFace';

export const CERT_COLORS: Record<CertStatus, string> = { none: 'default', valid: 'green', expiring: 'orange', expired: 'red' };
const APPROVAL = ['pending', 'approved', 'refused'] as const;

/** What a row's buttons open; absent ones are not offered. */
export interface WorkerActions {
  canDecide: boolean;
  onEdit?: (w: ResidentVisitor) => void;
  onFace?: (w: ResidentVisitor) => void;
  onFiles?: (w: ResidentVisitor) => void;
  onPass?: (w: ResidentVisitor) => void;
  onRefuse: (w: ResidentVisitor) => void;
}

/** The certificate state as a coloured tag with the earliest expiry (the approvers' warning). */
export function CertificateTag({ worker }: { worker: Pick<ResidentVisitor, 'certStatus' | 'certExpiry'> }) {
  const { t } = useTranslation();
  return (
    <Tag color={CERT_COLORS[worker.certStatus]}>
      {t(`suppliers.workers.cert.${worker.certStatus}`)}
      {worker.certExpiry ? ` · ${worker.certExpiry}` : ''}
    </Tag>
  );
}

function ActionsCell({ w, a }: { w: ResidentVisitor; a: WorkerActions }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const decide = useDecideResidents();
  const link = { type: 'link', style: { padding: 0 } } as const;
  return (
    <Flex gap={8} wrap>
      {a.canDecide && w.rstatus !== 1 && (
        <Button
          {...link}
          aria-label={t('suppliers.workers.approveOne', { name: w.name })}
          loading={decide.isPending}
          onClick={() =>
            decide.mutate({ rids: [w.rid], rstatus: 1 }, { onSuccess: () => void message.success(t('suppliers.workers.approved', { name: w.name })) })
          }
        >
          {t('suppliers.workers.approve')}
        </Button>
      )}
      {a.canDecide && w.rstatus === 0 && (
        <Button {...link} danger aria-label={t('suppliers.workers.refuseOne', { name: w.name })} onClick={() => a.onRefuse(w)}>
          {t('suppliers.workers.refuse')}
        </Button>
      )}
      {a.onEdit && (
        <Button {...link} aria-label={t('suppliers.workers.editOne', { name: w.name })} onClick={() => a.onEdit?.(w)}>
          {t('common.edit')}
        </Button>
      )}
      {a.onFace && (
        <Button {...link} aria-label={t('suppliers.faces.action', { name: w.name })} onClick={() => a.onFace?.(w)}>
          {t('suppliers.faces.column')}
        </Button>
      )}
      {a.onFiles && (
        <Button {...link} onClick={() => a.onFiles?.(w)}>
          {t('suppliers.workers.files')}
        </Button>
      )}
      {a.onPass && (
        <Button {...link} onClick={() => a.onPass?.(w)}>
          {t('suppliers.workers.pass')}
        </Button>
      )}
    </Flex>
  );
}

/** The workers' columns: photo, person, supplier company, window, certificate warning, approval, actions. */
export function useWorkerColumns(a: WorkerActions): ListColumn<ResidentVisitor>[] {
  const { t } = useTranslation();
  return [
    { key: 'face', title: t('suppliers.faces.column'), width: 72, render: (_: unknown, w) => <WorkerFaceThumb worker={w} /> },
    { key: 'name', title: t('suppliers.workers.name'), dataIndex: 'name', kind: 'name' },
    { key: 'company', title: t('suppliers.workers.company'), dataIndex: 'company', kind: 'text' },
    { key: 'phone', title: t('suppliers.workers.phone'), dataIndex: 'phone', kind: 'phone' },
    { key: 'project', title: t('suppliers.workers.project'), dataIndex: 'pName', kind: 'text' },
    {
      key: 'validity',
      title: t('suppliers.workers.validity'),
      kind: 'date',
      width: 216,
      render: (_: unknown, w) => `${formatDate(w.startDate)} – ${formatDate(w.endDate)}`,
    },
    { key: 'cert', title: t('suppliers.workers.certificate'), kind: 'tag', width: 220, render: (_: unknown, w) => <CertificateTag worker={w} /> },
    {
      key: 'status',
      title: t('suppliers.workers.approval'),
      kind: 'tag',
      width: 160,
      render: (_: unknown, w) => {
        const text = t(`suppliers.workers.status.${APPROVAL[w.rstatus] ?? 'pending'}`);
        return w.rstatus === 2 && w.refuseCause ? (
          <Tooltip title={w.refuseCause}>
            <span>{text}</span>
          </Tooltip>
        ) : (
          text
        );
      },
    },
    { key: 'actions', title: t('suppliers.companies.actions'), width: 280, render: (_: unknown, w) => <ActionsCell w={w} a={a} /> },
  ];
}

/**
 * The workers' filters, applied to the URL at once: name, supplier company (for those who see every supplier's),
 * certificate state and, unless the screen fixes it, approval state.
 */
export function WorkerFilterBar({
  values,
  set,
  suppliers,
  approval = true,
}: {
  values: Omit<WorkerFilters, 'rstatus'> & { rstatus?: ResidentStatus };
  set: (patch: Partial<WorkerFilters>) => void;
  suppliers: boolean;
  approval?: boolean;
}) {
  const { t } = useTranslation();
  const list = useSuppliers();
  return (
    <Flex gap={8} wrap style={{ marginBottom: 16 }}>
      <ListSearch value={values.name} label={t('suppliers.workers.search')} onSearch={(name) => set({ name })} width={220} />
      {suppliers && (
        <Select<number>
          aria-label={t('suppliers.workers.company')}
          placeholder={t('suppliers.workers.company')}
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          value={values.supplierId}
          loading={list.isPending}
          options={(list.data ?? []).map((s) => ({ value: s.supplierId, label: s.name }))}
          onChange={(supplierId?: number) => set({ supplierId })}
        />
      )}
      <Select<CertStatus>
        aria-label={t('suppliers.workers.certificate')}
        placeholder={t('suppliers.workers.certificate')}
        allowClear
        style={{ width: 200 }}
        value={values.certStatus}
        options={CERT_STATUSES.map((s) => ({ value: s, label: t(`suppliers.workers.cert.${s}`) }))}
        onChange={(certStatus?: CertStatus) => set({ certStatus })}
      />
      {approval && (
        <Select<ResidentStatus>
          aria-label={t('suppliers.workers.approval')}
          placeholder={t('suppliers.workers.approval')}
          allowClear
          style={{ width: 200 }}
          value={values.rstatus}
          options={([0, 1, 2] as const).map((s) => ({ value: s, label: t(`suppliers.workers.status.${APPROVAL[s]}`) }))}
          onChange={(rstatus?: ResidentStatus) => set({ rstatus })}
        />
      )}
    </Flex>
  );
}
