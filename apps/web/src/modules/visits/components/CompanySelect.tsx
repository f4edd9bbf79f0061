import type { PadCompany } from '@openvisit/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { companyLabel, floorLabel, roomsLabel } from '../../../core/walkIn/public';

interface Option {
  value: number;
  label: string;
  /** What the receptionist's typing is matched against: names, floor and rooms. */
  search: string;
}

/**
 * The company a walk-in visits in an office building (multi-company mode): the sub-companies grouped by floor, in the
 * server's order (2 before 10), found by name, short name, floor or room, and the head office (0) for the building's
 * own staff. Empty: any company. A form control (value, onChange, id).
 */
export function CompanySelect({
  companies,
  headOffice,
  value,
  onChange,
  id,
}: {
  companies: readonly PadCompany[];
  headOffice: string;
  value?: number;
  onChange?: (v: number | undefined) => void;
  id?: string;
}) {
  const { t, i18n } = useTranslation();
  const floorText = (floor: string) => (floor ? floorLabel(floor, (f) => t('reception.walkin.floor', { floor: f })) : t('reception.walkin.noFloor'));
  const groups = new Map<string, Option[]>();
  for (const c of companies) {
    const rooms = roomsLabel(c.roomNumbers, i18n.language);
    const name = companyLabel(c);
    const option = { value: c.id, label: rooms ? `${name} · ${rooms}` : name, search: [name, c.floor, floorText(c.floor), rooms].join(' ') };
    groups.set(c.floor, [...(groups.get(c.floor) ?? []), option]);
  }
  const own = t('reception.walkin.headOffice', { company: headOffice });
  return (
    <Select<number>
      id={id}
      allowClear
      value={value}
      onChange={(v) => onChange?.(v)}
      placeholder={t('reception.walkin.companyPlaceholder')}
      showSearch={{
        filterOption: (input, option) => !!option && 'search' in option && String(option.search).toLowerCase().includes(input.trim().toLowerCase()),
      }}
      options={[
        ...[...groups].map(([floor, options]) => ({ label: floorText(floor), title: floorText(floor), options })),
        { value: 0, label: own, search: own },
      ]}
    />
  );
}
