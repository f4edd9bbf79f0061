import { z } from 'zod';
import { defineCall, empty, epochMs, ok } from '../call.js';
import { Status } from '../errors.js';
import { LogModule, Role } from '../lookups.js';

/**
 * What an administrator sees of another account's sign-in (the staff, employee and sub-company answers carry it) and
 * may reset there: the account's passkeys and its two steps, for a person who lost them after their identity was checked.
 */
export const signInSecurity = {
  twoStep: z.boolean().describe('two-step sign-in on (a passkey or a recovery code after the password)'),
  passkeys: z.int32().describe('how many passkeys the account has'),
};
/** The same where an answer tells it only on the administrator's list and form (absent elsewhere: not told). */
export const signInSecurityTold = { twoStep: signInSecurity.twoStep.optional(), passkeys: signInSecurity.passkeys.optional() };
export const zResetTwoStep = z
  .literal(true)
  .optional()
  .describe("remove the account's passkeys and recovery codes, turn its two-step sign-in off and end its sessions");

/**
 * Passkeys (WebAuthn, docs/modules/passkeys.md): a console account adds passkeys, signs in with one instead of its
 * password, or asks for one after the password (two-step sign-in, with recovery codes). Every person's account may;
 * machines' accounts (front desk, visitor machine) sign in unattended with their password and may not.
 */
export const PASSKEY_ROLES = [
  Role.HSE,
  Role.SERVER_COMPANY,
  Role.LOGISTICS,
  Role.SUBADMIN,
  Role.ADMIN,
  Role.EMPLOYEE,
  Role.SUB_COMPANY,
  Role.LOGISTICS_SPECIALIST,
  Role.SUPER,
] as const;
export const PASSKEYS_MAX = 10;
export const PASSKEY_NAME_MAX = 64;
export const RECOVERY_CODES = 10;

const b64url = (max: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]*={0,2}$/, 'base64url')
    .max(max);

/** The options for navigator.credentials.create/get, in WebAuthn's JSON form (as PublicKeyCredential.parse…FromJSON reads). */
export const webauthnOptions = z.record(z.string(), z.unknown()).describe("WebAuthn's PublicKeyCredentialCreationOptionsJSON or …RequestOptionsJSON");

const clientExtensionResults = z.record(z.string(), z.unknown()).optional().default({});
/** A new credential as the browser answers navigator.credentials.create (RegistrationResponseJSON). */
export const registrationResponse = z.object({
  id: b64url(1024).min(1),
  rawId: b64url(1024).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192).min(1),
    attestationObject: b64url(65536).min(1),
    transports: z.array(z.string().max(32)).max(10).optional(),
    authenticatorData: b64url(65536).optional(),
    publicKey: b64url(8192).optional(),
    publicKeyAlgorithm: z.int32().optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults,
});
/** A signed challenge as the browser answers navigator.credentials.get (AuthenticationResponseJSON). */
export const authenticationResponse = z.object({
  id: b64url(1024).min(1),
  rawId: b64url(1024).min(1),
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: b64url(8192).min(1),
    authenticatorData: b64url(65536).min(1),
    signature: b64url(8192).min(1),
    userHandle: b64url(1024).optional(),
  }),
  authenticatorAttachment: z.string().max(32).optional(),
  clientExtensionResults,
});

export const zCeremony = z
  .string()
  .regex(/^[A-Za-z0-9_-]{20,100}$/)
  .describe('the token of the ceremony its start answered (5 minutes, one answer)');
const zPasskeyName = z.string().trim().min(1).max(PASSKEY_NAME_MAX);

export const passkey = z.object({
  id: z.int32(),
  name: z.string(),
  /** Synced across the person's devices (a password manager's or platform's passkey), else bound to one authenticator. */
  synced: z.boolean(),
  createdAt: epochMs,
  lastUsedAt: epochMs.nullable(),
});

export const getPasskeys = defineCall({
  name: 'getPasskeys',
  area: 'auth',
  module: 'passkeys',
  summary: "The signed-in account's passkeys, whether it asks for one after the password, and its unspent recovery codes",
  access: PASSKEY_ROLES,
  input: empty,
  output: z.object({ passkeys: z.array(passkey), twoStep: z.boolean(), recoveryCodesLeft: z.int32() }),
});

export const addPasskeyStart = defineCall({
  name: 'addPasskeyStart',
  area: 'auth',
  module: 'passkeys',
  summary: 'Begin adding a passkey: the options for navigator.credentials.create (a discoverable credential, user verification required)',
  access: PASSKEY_ROLES,
  statuses: [Status.PASSKEY_LIMIT],
  input: empty,
  output: z.object({ ceremony: zCeremony, options: webauthnOptions }),
});

export const addPasskey = defineCall({
  name: 'addPasskey',
  area: 'auth',
  module: 'passkeys',
  summary: "Finish adding a passkey: the browser's answer to the options, checked against their challenge, this origin and its relying party",
  access: PASSKEY_ROLES,
  statuses: [Status.PASSKEY_FAILED, Status.PASSKEY_LIMIT],
  log: { module: LogModule.ACCOUNT, event: 'add' },
  input: z.object({ ceremony: zCeremony, name: zPasskeyName, response: registrationResponse }),
  output: passkey,
});

export const renamePasskey = defineCall({
  name: 'renamePasskey',
  area: 'auth',
  module: 'passkeys',
  summary: "Rename one of the signed-in account's passkeys",
  access: PASSKEY_ROLES,
  statuses: [Status.PASSKEY_UNKNOWN],
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({ id: z.int32().positive(), name: zPasskeyName }),
  output: ok,
});

export const removePasskey = defineCall({
  name: 'removePasskey',
  area: 'auth',
  module: 'passkeys',
  summary: "Remove one of the signed-in account's passkeys (not the last one while two-step sign-in is on)",
  access: PASSKEY_ROLES,
  statuses: [Status.PASSKEY_UNKNOWN, Status.PASSKEY_LAST],
  log: { module: LogModule.ACCOUNT, event: 'delete' },
  input: z.object({ id: z.int32().positive() }),
  output: ok,
});

export const setTwoStep = defineCall({
  name: 'setTwoStep',
  area: 'auth',
  module: 'passkeys',
  summary:
    'Ask for a passkey after the password (on: needs a passkey; answers new recovery codes, shown once) or stop asking (off: the recovery codes are spent)',
  access: PASSKEY_ROLES,
  statuses: [Status.PASSKEY_LAST],
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: z.object({ on: z.boolean() }),
  output: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const newRecoveryCodes = defineCall({
  name: 'newRecoveryCodes',
  area: 'auth',
  module: 'passkeys',
  summary: 'New recovery codes for two-step sign-in (shown once); the earlier ones are spent',
  access: PASSKEY_ROLES,
  statuses: [Status.PASSKEY_LAST],
  log: { module: LogModule.ACCOUNT, event: 'update' },
  input: empty,
  output: z.object({ recoveryCodes: z.array(z.string()) }),
});

export const passkeyCalls = [getPasskeys, addPasskeyStart, addPasskey, renamePasskey, removePasskey, setTwoStep, newRecoveryCodes] as const;
