import { type GRANT_AREAS, type SubAccount, type SubAccountTemplate, VaPerm } from '@openvisit/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT } from '../../../platform/format';

/** A sub-company's or a template's form values, read from and written to the calls (the drawer and its save-as-template). */
export interface SubValues {
  companyName: string;
  shortName: string;
  contactName?: string;
  email: string;
  phone?: string;
  password?: string;
  floor?: string;
  roomNumbers?: string[];
  gids?: number[];
  egids?: number[];
  vaPerm?: number[];
  validity?: [Dayjs | null, Dayjs | null] | null;
  adminType?: 0 | 1;
  modules?: string[];
  isUse?: boolean;
}

const BITS = [VaPerm.INVITATION, VaPerm.APPOINTMENT, VaPerm.AUTHORISATION] as const;
const bitsOf = (perm: number) => BITS.filter((b) => perm & b);
const day = (d: Dayjs | null | undefined) => (d ? d.format(DAY_FORMAT) : null);

/** The form's values of a sub-company or a template (the alike fields). */
export function valuesOf(s: SubAccount | SubAccountTemplate): Partial<SubValues> {
  return {
    floor: s.floor,
    gids: s.gids,
    egids: s.egids,
    vaPerm: bitsOf(s.vaPerm),
    validity: s.startDate || s.endDate ? [s.startDate ? dayjs(s.startDate) : null, s.endDate ? dayjs(s.endDate) : null] : null,
    adminType: s.adminType === 0 ? 0 : 1,
    modules: s.modules,
  };
}

/** The fields a template and a sub-company share, as the calls take them. */
export function alikeInput(v: SubValues) {
  const adminType = v.adminType ?? 0;
  return {
    floor: v.floor?.trim() ?? '',
    gids: v.gids ?? [],
    egids: v.egids ?? [],
    vaPerm: (v.vaPerm ?? []).reduce((a, b) => a | b, 0),
    startDate: day(v.validity?.[0]),
    endDate: day(v.validity?.[1]),
    adminType,
    // Only an administrator of chosen modules has a module list.
    modules: adminType === 0 ? [] : ((v.modules ?? []) as (typeof GRANT_AREAS)[number][]),
  };
}
