import { z } from 'zod';
import { defineCall, ok } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { REGISTRATION_MANAGERS, REGISTRATION_READERS } from './registration.js';

/** Gates (门岗, qcv_gate): the reception posts a front desk or visitor machine signs in at. */
export const GATE_NAME_MAX = 50;
export const GATES_MAX = 200;

export type GateNameFailure = 'required' | 'tooLong' | 'illegalChars';

/** Not blank, at most GATE_NAME_MAX code points, no control characters and no commas (gate lists are comma-joined). */
export function checkGateName(s: string): GateNameFailure | null {
  const v = s.trim();
  if (v === '') return 'required';
  if ([...v].length > GATE_NAME_MAX) return 'tooLong';
  if (/[\p{Cc},，]/u.test(v)) return 'illegalChars';
  return null;
}

const zGateName = z
  .string()
  .trim()
  .superRefine((v, ctx) => {
    const key = checkGateName(v);
    if (key) ctx.addIssue({ code: 'custom', message: key });
  });

export const gate = z.object({
  gid: z.int32(),
  gname: z.string(),
  /** Staff accounts (front desks, visitor machines…) of this gate. */
  accounts: z.int32(),
  /** Visitor types offered only at some gates, this one among them. */
  visitTypes: z.int32(),
});
export type Gate = z.infer<typeof gate>;

const userid = z.int32().optional();

export const getGate = defineCall({
  name: 'getGate',
  area: 'registration',
  module: 'registration',
  summary: "The company's gates by name; a front desk or visitor machine tied to gates sees only those",
  access: REGISTRATION_READERS,
  input: z.object({ userid }),
  output: z.array(gate),
});

export const addGate = defineCall({
  name: 'addGate',
  area: 'registration',
  module: 'registration',
  summary: 'Add a gate; 3 when the name is taken',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.GATE_LIMIT],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'gname' },
  log: { module: LogModule.VISITOR, event: 'add' },
  input: z.object({ userid, gname: zGateName }),
  output: gate,
});

export const updateGate = defineCall({
  name: 'updateGate',
  area: 'registration',
  module: 'registration',
  summary: 'Rename a gate; 125 when there is no such gate, 3 when the name is taken',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.GATE_NOT_FOUND],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'gname' },
  log: { module: LogModule.VISITOR, event: 'update' },
  input: z.object({ userid, gid: z.int32().positive(), gname: zGateName }),
  output: gate,
});

export const delGate = defineCall({
  name: 'delGate',
  area: 'registration',
  module: 'registration',
  summary: 'Delete a gate; 125 when there is no such gate, 58 (with the counts) while staff accounts or visitor types name it',
  access: REGISTRATION_MANAGERS,
  statuses: [Status.GATE_NOT_FOUND],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.VISITOR, event: 'delete' },
  input: z.object({ userid, gid: z.int32().positive() }),
  output: ok,
});

export const gateCalls = [getGate, addGate, updateGate, delGate] as const;
