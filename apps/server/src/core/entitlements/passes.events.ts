import { type DoorEventData, PERSON_TYPES, statusInfo } from '@openvisit/contract';
import type { OutgoingEvent } from '../../platform/jobs/eventOutbox.js';
import type { PassRecordInsert } from './passes.repository.js';

/**
 * The catalogue's door events (packages/contract/src/events.ts) a pass record makes: `door.passed` when it opened,
 * `door.refused` when it did not; a device's record of unknown outcome (2) makes none. Written with the record.
 */
export function eventOfPass(id: number, r: PassRecordInsert): OutgoingEvent | null {
  if (r.result !== 0 && r.result !== 1) return null;
  const code = r.result === 1 ? 0 : (r.code ?? 0);
  const info = code ? statusInfo(code) : undefined;
  const personType = r.personType ?? -1;
  const data: DoorEventData = {
    recordId: id,
    at: r.at.toISOString(),
    way: r.way === 'face' || r.way === 'card' ? r.way : 'qr',
    direction: r.direction === 2 ? 'out' : 'in',
    device: { id: r.deviceId ?? null, name: r.deviceName ?? '', code: r.deviceCode ?? '' },
    group: r.groupId ? { id: r.groupId, name: r.groupName ?? '' } : null,
    gate: r.gid ? { id: r.gid, name: r.gateName ?? '' } : null,
    person: {
      type: personType >= 1 && personType <= 3 ? (PERSON_TYPES[personType - 1] ?? 'unknown') : 'unknown',
      id: r.personId ?? null,
      name: r.name ?? '',
      company: r.company ?? '',
    },
    vid: r.visitId ?? null,
    code,
    reason: info ? { zh: info.zh, en: info.en } : null,
    schedule: r.scheduleName ?? '',
  };
  return r.result === 1 ? { type: 'door.passed', data } : { type: 'door.refused', data };
}
