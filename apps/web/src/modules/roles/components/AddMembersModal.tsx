import type { RoleNode } from '@openvisit/contract';
import { App, Form, Modal, Select, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEmployeeSearch, useGrantRole } from '../api';

/** The search term settles this long after the last key stroke. */
const DEBOUNCE_MS = 300;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Gives a role to employees picked by name, work number or phone (`getEmpByName`, then `addEmpRole`). */
export function AddMembersModal({ role, onClose }: { role: RoleNode; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const grant = useGrantRole();
  const [term, setTerm] = useState('');
  const settled = useDebounced(term, DEBOUNCE_MS);
  const found = useEmployeeSearch(settled);
  const [picked, setPicked] = useState<number[]>([]);
  // Labels of everyone picked so far, so a choice keeps its name when the search moves on.
  const [names, setNames] = useState<ReadonlyMap<number, string>>(new Map());
  const [error, setError] = useState(false);

  const options = (found.data ?? []).map((e) => ({
    value: e.empid,
    label: [e.empName, e.empNo, e.empPhone].filter(Boolean).join(' · '),
  }));
  const known = new Set(options.map((o) => o.value));
  const pickedOptions = picked.filter((id) => !known.has(id)).map((id) => ({ value: id, label: names.get(id) ?? String(id) }));

  const submit = async () => {
    if (!picked.length) {
      setError(true);
      return;
    }
    try {
      const { changed } = await grant.mutateAsync({ rid: role.rid, empids: picked });
      void message.success(t('roles.members.added', { count: changed, role: role.rgName }));
      onClose();
    } catch {
      // shown by the error policy
    }
  };

  return (
    <Modal
      open
      title={t('roles.members.addTitle', { role: role.rgName })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('roles.members.addSubmit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: grant.isPending }}
      destroyOnHidden
    >
      <Form layout="vertical">
        <Form.Item
          label={t('roles.members.pick')}
          htmlFor="role-member-picker"
          validateStatus={error ? 'error' : undefined}
          help={error ? t('roles.members.pickRequired') : t('roles.members.pickHelp')}
        >
          <Select<number[]>
            id="role-member-picker"
            mode="multiple"
            showSearch={{ filterOption: false, onSearch: setTerm, searchValue: term }}
            value={picked}
            onChange={(ids, opts) => {
              setError(false);
              setPicked(ids);
              const list = (Array.isArray(opts) ? opts : [opts]) as { value?: number; label?: string }[];
              setNames((prev) => {
                const next = new Map(prev);
                for (const o of list) if (o?.value !== undefined && typeof o.label === 'string') next.set(o.value, o.label);
                return next;
              });
            }}
            options={[...pickedOptions, ...options]}
            placeholder={t('roles.members.searchPlaceholder')}
            notFoundContent={
              found.isFetching ? (
                <Spin size="small" />
              ) : (
                <Typography.Text type="secondary">{settled.trim() ? t('roles.members.noMatch') : t('roles.members.typeToSearch')}</Typography.Text>
              )
            }
            style={{ width: '100%' }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
