import type { RetentionKind } from '@openvisit/contract';
import type { TenantScope } from '../../platform/identity/tenancy.js';
import { keysOf, type PersonKeys, type PersonRecord } from '../../platform/personData.js';
import { visitsRetentionRepository } from './visits.retention.repository.js';

/**
 * What the retention sweep (modules/privacy) reads and writes of visits: the visits due for a kind, oldest first, and
 * the blanking of a kind (the visit record: all of them, the visit kept as an anonymous count).
 */
export function visitsDueForRetention(
  scope: TenantScope,
  kind: RetentionKind,
  cutoff: Date,
  types: { in?: number[]; notIn?: number[]; skip?: number[] },
  limit: number,
) {
  return visitsRetentionRepository(scope).due(kind, cutoff, types, limit);
}

export function blankVisits(scope: TenantScope, ids: readonly number[], kinds: readonly RetentionKind[]): Promise<void> {
  return visitsRetentionRepository(scope).blank(ids, kinds);
}

const text = (d: Date | null) => (d ? d.toISOString() : '');

/**
 * A person's visits and invitations (a privacy request's export and erasure): each with its personal fields, its files
 * and the keys it gives the person. Anonymised visits hold nothing of anyone and are not answered.
 */
export async function visitsOfPerson(scope: TenantScope, keys: PersonKeys): Promise<PersonRecord[]> {
  const rows = await visitsRetentionRepository(scope).ofPerson(keys);
  return rows.map((v) => ({
    id: v.id,
    at: v.visitAt ?? v.appointmentAt ?? v.createdAt,
    fields: {
      kind: v.kind,
      status: v.status,
      name: v.name,
      phone: v.phone,
      email: v.email,
      company: v.company,
      certificateType: v.idNumber ? v.certificateType : '',
      idNumber: v.idNumber,
      host: v.empName,
      visitType: v.visitType,
      visitReason: v.visitReason,
      plateNum: v.plateNum,
      belongings: v.belongings,
      cardNo: v.cardNo,
      companions: v.followers.map((f) => [f.name, f.phone].filter(Boolean).join(' ')).join(', '),
      temperature: v.temperature === null ? '' : String(v.temperature),
      appointmentAt: text(v.appointmentAt),
      visitAt: text(v.visitAt),
      signOutAt: text(v.signOutAt),
      signInGate: v.signInGate,
      signOutGate: v.signOutGate,
      protocolAccepted: v.protocolAccepted ? 'yes' : '',
      ...Object.fromEntries(Object.entries(v.extend).map(([k, val]) => [`extend.${k}`, String(val)])),
    },
    files: [v.photo, v.signature, v.pdf].filter((f) => f !== ''),
    names: [v.name].filter((n) => n !== ''),
    keys: keysOf([v.phone], [v.email], [v.idNumber]),
  }));
}
