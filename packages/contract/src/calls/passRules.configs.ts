import { z } from 'zod';
import { defineCall, ok } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { DEVICE_MANAGERS } from './devices.js';
import { ALLOWED_PASS_WAYS, ENTRY_MODES, EXPLAIN_MAX, PASS_MAX_DAYS, PASS_MAX_USES, PASS_NAME_MAX, PASS_RULE_MANAGERS } from './passRules.js';

/**
 * Pass configs (通行策略, qcv_pass_config): who (employees, visitors of some or every visitor type, residents) may
 * pass which device groups, by which traffic schedule, with per-visitor limits (spec section 9); and the ways (face,
 * QR) each gate accepts.
 */
const userid = z.int32().optional();
const id = z.int32().positive();
const passWay = z.enum(ALLOWED_PASS_WAYS);
const entryMode = z.enum(ENTRY_MODES);

const configFields = z
  .object({
    cname: z
      .string()
      .trim()
      .superRefine((v, ctx) => {
        if (v === '') ctx.addIssue({ code: 'custom', message: 'required' });
        else if ([...v].length > PASS_NAME_MAX) ctx.addIssue({ code: 'custom', message: 'tooLong' });
        else if (/\p{Cc}/u.test(v)) ctx.addIssue({ code: 'custom', message: 'illegalChars' });
      }),
    forEmployees: z.boolean().default(false),
    forVisitors: z.boolean().default(false),
    /** The visitor types it is for; empty: every visitor type. */
    tids: z.array(id).max(200).default([]),
    forResidents: z.boolean().default(false),
    /** The device groups it opens; empty: every group of the company. */
    egids: z.array(id).max(500).default([]),
    rid: id,
    /** Days a pass stays valid from its first use (0: no limit of its own). */
    maxDays: z.int32().min(0).max(PASS_MAX_DAYS).default(0),
    /** Uses of a pass in all (0: no limit of its own). */
    maxUses: z.int32().min(0).max(PASS_MAX_USES).default(0),
    entryMode: entryMode.default('multiple'),
    passWay: passWay.default('both'),
    explain: z.string().trim().max(EXPLAIN_MAX).default(''),
  })
  .superRefine((v, ctx) => {
    if (!v.forEmployees && !v.forVisitors && !v.forResidents) ctx.addIssue({ code: 'custom', message: 'required', path: ['forEmployees'] });
  });

export const passConfig = z.object({
  cid: z.int32(),
  cname: z.string(),
  forEmployees: z.boolean(),
  forVisitors: z.boolean(),
  tids: z.array(z.int32()),
  forResidents: z.boolean(),
  egids: z.array(z.int32()),
  rid: z.int32(),
  rname: z.string(),
  maxDays: z.int32(),
  maxUses: z.int32(),
  entryMode,
  passWay,
  explain: z.string(),
});
export type PassConfig = z.infer<typeof passConfig>;

export const getPassConfigList = defineCall({
  name: 'getPassConfigList',
  area: 'pass-rules',
  module: 'passRules',
  summary: "The company's pass strategies by name",
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  input: z.object({ userid, cname: z.string().trim().max(PASS_NAME_MAX).optional() }),
  output: z.array(passConfig),
});

export const addPassConfig = defineCall({
  name: 'addPassConfig',
  area: 'pass-rules',
  module: 'passRules',
  summary:
    "Add a pass strategy; 3 when the name is taken; a schedule, group or visitor type not the company's, or a limit above the company's qrMaxCount / qrMaxDuration, is a field error",
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'cname' },
  log: { module: LogModule.ACCESS_CONTROL, event: 'add' },
  input: configFields.safeExtend({ userid }),
  output: passConfig,
});

export const updatePassConfig = defineCall({
  name: 'updatePassConfig',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Replace a pass strategy; 602 when there is no such strategy; otherwise as addPassConfig',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.ALREADY_EXISTS]: 'cname' },
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: configFields.safeExtend({ userid, cid: id }),
  output: passConfig,
});

export const delPassConfig = defineCall({
  name: 'delPassConfig',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Delete a pass strategy; 602 when there is no such strategy',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  statuses: [Status.NO_SUCH_RECORD],
  log: { module: LogModule.ACCESS_CONTROL, event: 'delete' },
  input: z.object({ userid, cid: id }),
  output: z.null(),
});

export const getPassConfigOptions = defineCall({
  name: 'getPassConfigOptions',
  area: 'pass-rules',
  module: 'passRules',
  summary: "What a strategy can bind: the company's device groups, traffic schedules and visitor types, by name",
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  input: z.object({ userid }),
  output: z.object({
    groups: z.array(z.object({ egid: z.int32(), name: z.string() })),
    rules: z.array(z.object({ rid: z.int32(), rname: z.string() })),
    visitorTypes: z.array(z.object({ tid: z.int32(), vType: z.string() })),
    /** The company's upper limits (0: none): uses, and hours a pass is valid. */
    qrMaxCount: z.int32(),
    qrMaxDuration: z.int32(),
  }),
});

export const gatePassWay = z.object({ gid: z.int32(), gname: z.string(), passWay });
export type GatePassWay = z.infer<typeof gatePassWay>;

export const getGatePassWay = defineCall({
  name: 'getGatePassWay',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Every gate with the ways its doors accept (face, QR or both; both until set)',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  input: z.object({ userid }),
  output: z.array(gatePassWay),
});

export const updateGatePassWay = defineCall({
  name: 'updateGatePassWay',
  area: 'pass-rules',
  module: 'passRules',
  summary: 'Set the ways a gate accepts; 125 when there is no such gate',
  access: PASS_RULE_MANAGERS,
  feature: 'strategic',
  statuses: [Status.GATE_NOT_FOUND],
  log: { module: LogModule.ACCESS_CONTROL, event: 'update' },
  input: z.object({ userid, gid: id, passWay }),
  output: gatePassWay,
});

/** Deleting a device group is here: pass strategies build on groups, so the count of those binding it is this module's. */
export const delEquipmentGroup = defineCall({
  area: 'devices',
  module: 'passRules',
  feature: 'accessControl',
  name: 'delEquipmentGroup',
  summary:
    'Delete a device group (its devices stay); 58 with the counts while employees, visitor types or residents are granted it or pass strategies bind it',
  access: DEVICE_MANAGERS,
  statuses: [Status.NO_SUCH_RECORD],
  fieldStatuses: { [Status.UPDATE_NOT_ALLOWED]: null },
  log: { module: LogModule.ACCESS_CONTROL, event: 'delete' },
  input: z.object({ userid, egid: z.int32().positive() }),
  output: ok,
});

export const passConfigCalls = [
  delEquipmentGroup,
  getPassConfigList,
  addPassConfig,
  updatePassConfig,
  delPassConfig,
  getPassConfigOptions,
  getGatePassWay,
  updateGatePassWay,
] as const;
