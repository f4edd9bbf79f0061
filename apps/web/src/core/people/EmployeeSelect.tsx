import { useQuery } from '@tanstack/react-query';
import { Select, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../platform/api';

/**
 * Finds an enabled employee as the user types (`getEmpByName`: name, work number or phone), showing names, departments
 * and phones: for staff picking a host or an organiser. A form control (value, onChange, id).
 */
export function EmployeeSelect({
  value,
  onChange,
  id,
  placeholder,
  notFound,
  subaccountId,
}: {
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
  placeholder: string;
  notFound: string;
  /** Only this company's employees: a sub-company, or 0 the head office's own (a walk-in's picked company). */
  subaccountId?: number;
}) {
  const [query, setQuery] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(query.trim()), 250);
    return () => clearTimeout(timer);
  }, [query]);
  const found = useQuery({
    queryKey: ['employees', 'byName', debounced, subaccountId],
    queryFn: () => api.getEmpByName({ name: debounced, subaccountId }),
    enabled: debounced !== '',
  });
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setQuery }}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={placeholder}
      notFoundContent={found.isFetching ? <Spin size="small" /> : debounced ? notFound : null}
      options={(found.data ?? []).map((h) => ({
        value: h.empid,
        label: [h.empName, h.deptNames.join(' / '), h.empPhone].filter(Boolean).join(' · '),
      }))}
    />
  );
}
