import type { ListedLevel, ListedPerson } from '@openvisit/contract';
import dayjs, { type Dayjs } from 'dayjs';
import { DAY_FORMAT } from '../../platform/format';
import type { ListedEntry } from './api';
import { expiryOf } from './rules';

/** The entry dialog's fields: the first phone and number apart (the original's entry had one), the others as rows. */
export interface EntryValues {
  name: string;
  aliases: string[];
  phone: string;
  phones: string[];
  credentialNo: string;
  credentialNos: string[];
  birthDate: Dayjs | null;
  remark: string;
  level: ListedLevel;
  expireTime: Dayjs | null;
}

/** The rest of `all` after `first` (an entry's `phones` and `credentialNos` start with `phone` and `credentialNo`). */
function after(first: string, all: readonly string[]): string[] {
  return first !== '' && all[0] === first ? all.slice(1) : [...all];
}

/** A new entry's fields, or those of `p` to edit (its numbers masked, as the list shows them). */
export function entryValues(p: ListedPerson | null): EntryValues {
  if (!p)
    return {
      name: '',
      aliases: [],
      phone: '',
      phones: [],
      credentialNo: '',
      credentialNos: [],
      birthDate: null,
      remark: '',
      level: 'refuse',
      expireTime: null,
    };
  return {
    name: p.name,
    aliases: [...p.aliases],
    phone: p.phone,
    phones: after(p.phone, p.phones),
    credentialNo: p.credentialNo,
    credentialNos: after(p.credentialNo, p.credentialNos),
    birthDate: p.birthDate ? dayjs(p.birthDate, DAY_FORMAT) : null,
    remark: p.remark,
    level: p.level,
    expireTime: p.expireTime === null ? null : dayjs(p.expireTime),
  };
}

const trimmed = (list: readonly string[] | undefined): string[] => (list ?? []).map((s) => s.trim()).filter(Boolean);

/**
 * What the dialog sends: trimmed, empty rows left out, the date of birth as YYYY-MM-DD and the expiry as the end of its
 * day, unless it is the day the entry already had (then its moment is kept as it was).
 */
export function entryInput(v: EntryValues, editing: ListedPerson | null): ListedEntry {
  const kept = editing?.expireTime ?? null;
  const expireTime = !v.expireTime ? null : kept !== null && v.expireTime.isSame(dayjs(kept), 'day') ? kept : expiryOf(v.expireTime);
  return {
    name: v.name.trim(),
    aliases: trimmed(v.aliases),
    phone: (v.phone ?? '').trim(),
    phones: trimmed(v.phones),
    credentialNo: (v.credentialNo ?? '').trim(),
    credentialNos: trimmed(v.credentialNos),
    birthDate: v.birthDate ? v.birthDate.format(DAY_FORMAT) : '',
    remark: (v.remark ?? '').trim(),
    level: v.level,
    expireTime,
  };
}
