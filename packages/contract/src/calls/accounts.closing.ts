import { z } from 'zod';
import { defineCall, epochMs } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';
import { zCardText } from './registration.pad.js';

/** Days between asking to close an account and the deletion of its data; sign-in still works meanwhile. */
export const UNSUBSCRIBE_GRACE_DAYS = 30;
/** Closing asks for an export of everything downloaded at most this long before (ExportAccountData). */
export const UNSUBSCRIBE_EXPORT_FRESH_MS = 24 * 60 * 60_000;

export const updateCardText = defineCall({
  name: 'UpdateCardText',
  area: 'accounts',
  module: 'accounts',
  summary:
    "The badge's card text: one line printed at the foot of every visitor badge (kiosk and desk), e.g. VISITOR; empty for the default. The same setting the card style edits",
  access: [Role.ADMIN, Role.SUBADMIN],
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({ userid: z.int32().optional(), cardText: zCardText }),
  output: z.object({ cardText: z.string() }),
});

/** Where the closing of the account stands (also in GetUserInfo: unsubscribe, closingDue, dataExportedAt). */
export const accountClosing = z.object({
  /** 1 while the account is closing (the grace period), else 0. */
  unsubscribe: z.int32(),
  /** When the company's data is deleted; null when not closing. */
  closingDue: epochMs.nullable(),
  dataExportedAt: epochMs.nullable(),
});
export type AccountClosing = z.infer<typeof accountClosing>;

export const updateUnSubscribe = defineCall({
  name: 'updateUnSubscribe',
  area: 'accounts',
  module: 'accounts',
  summary: `The company administrator closes the account (unsubscribe 1, with its password, after downloading ExportAccountData within a day): its data is deleted ${UNSUBSCRIBE_GRACE_DAYS} days later; unsubscribe 0 cancels the closing meanwhile`,
  access: [Role.ADMIN],
  // The password is checked as a sign-in is (confirmPassword): failures count toward the same lockout.
  statuses: [Status.ACCOUNT_LOCKED, Status.FORBIDDEN_ACTION, Status.INVALID_USER],
  fieldStatuses: { [Status.WRONG_CREDENTIALS]: 'password', [Status.LOGIN_TRIES_LEFT]: 'password' },
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z
    .object({
      userid: z.int32().optional(),
      unsubscribe: z.union([z.literal(0), z.literal(1)]),
      password: z.string().max(128).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.unsubscribe === 1 && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'required' });
    }),
  output: accountClosing,
});

export const accountClosingCalls = [updateCardText, updateUnSubscribe] as const;
