import { type In, PASSKEY_NAME_MAX, PASSKEYS_MAX, RECOVERY_CODES, Status, settingObject } from '@openvisit/contract';
import {
  type AuthenticatorTransportFuture,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { Config } from '../../config.js';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError } from '../../platform/http/errors.js';
import { randomToken, type SecretBox, sha256 } from '../../platform/identity/crypto.js';
import { revokeAccountSessions, type Session } from '../../platform/identity/sessions.js';
import type { SystemScope } from '../../platform/identity/tenancy.js';
import { type Account, type PasskeyRow, passkeysRepository } from './passkeys.repository.js';

/** What a ceremony needs: the installation's address (its host is the relying party) and the server's key. */
export interface PasskeyDeps {
  system: SystemScope;
  config: Pick<Config, 'publicUrl'>;
  secrets: SecretBox;
}

const CEREMONY_MS = 5 * 60_000;
export const SECOND_STEP_TRIES = 5;

/**
 * The relying party is the host of PUBLIC_URL, and only its origin may answer: a passkey made here works at that
 * address alone (the browser enforces the same), so PUBLIC_URL must be the address people open.
 */
function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
}

export const accountOf = (s: Pick<Session, 'accountKind' | 'accountId' | 'companyId'>): Account => ({
  kind: s.accountKind,
  id: s.accountId,
  companyId: s.accountKind === 'super' ? null : s.companyId,
});

const depsOf = (ctx: AuthedContext): PasskeyDeps => ({ system: ctx.system, config: ctx.config, secrets: ctx.services.secrets });

const view = (p: PasskeyRow) => ({
  id: p.id,
  name: p.name,
  synced: p.multiDevice,
  createdAt: p.createdAt.getTime(),
  lastUsedAt: p.lastUsedAt?.getTime() ?? null,
});

const transportsOf = (p: PasskeyRow) => p.transports as AuthenticatorTransportFuture[];

export async function list(ctx: AuthedContext) {
  const repo = passkeysRepository(ctx.system);
  const account = accountOf(ctx.session);
  const [rows, factor] = await Promise.all([repo.list(account), repo.factor(account)]);
  return { passkeys: rows.map(view), twoStep: Boolean(factor), recoveryCodesLeft: factor?.recoveryHashes.length ?? 0 };
}

async function newCeremony(deps: PasskeyDeps, purpose: string, challenge: string, account: Account | null): Promise<string> {
  const token = randomToken(32);
  await passkeysRepository(deps.system).insertChallenge({
    tokenHash: sha256(token),
    purpose,
    challenge,
    accountKind: account?.kind ?? null,
    accountId: account?.id ?? null,
    companyId: account?.companyId ?? null,
    failures: 0,
    expiresAt: new Date(Date.now() + CEREMONY_MS),
  });
  return token;
}

export async function addStart(ctx: AuthedContext) {
  const deps = depsOf(ctx);
  const account = accountOf(ctx.session);
  const existing = await passkeysRepository(ctx.system).list(account);
  if (existing.length >= PASSKEYS_MAX) throw new AppError(Status.PASSKEY_LIMIT);
  const { rpID } = relyingParty(ctx.config);
  const options = await generateRegistrationOptions({
    rpName: 'OpenVisit',
    rpID,
    // The same handle for every passkey of the account, so an authenticator keeps one passkey per account (a new one
    // replaces its old one there) and never holds the account's kind and id in the clear.
    userID: Buffer.from(deps.secrets.mac('passkey-user', `${account.kind}:${account.id}`), 'base64url'),
    userName: ctx.session.account,
    userDisplayName: ctx.session.name || ctx.session.account,
    attestationType: 'none',
    excludeCredentials: existing.map((p) => ({ id: p.credentialId, transports: transportsOf(p) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CEREMONY_MS,
  });
  return { ceremony: await newCeremony(deps, 'register', options.challenge, account), options: options as unknown as Record<string, unknown> };
}

export async function add(ctx: AuthedContext, input: In<'addPasskey'>) {
  const repo = passkeysRepository(ctx.system);
  const account = accountOf(ctx.session);
  const ceremony = await repo.takeChallenge(sha256(input.ceremony), 'register');
  if (!ceremony || ceremony.accountKind !== account.kind || ceremony.accountId !== account.id) throw new AppError(Status.PASSKEY_FAILED);
  if ((await repo.count(account)) >= PASSKEYS_MAX) throw new AppError(Status.PASSKEY_LIMIT);
  const { rpID, origin } = relyingParty(ctx.config);
  const result = await verifyRegistrationResponse({
    response: input.response as Parameters<typeof verifyRegistrationResponse>[0]['response'],
    expectedChallenge: ceremony.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: true,
  }).catch((e: Error) => {
    throw new AppError(Status.PASSKEY_FAILED, `The passkey could not be verified: ${e.message}`);
  });
  if (!result.verified || !result.registrationInfo) throw new AppError(Status.PASSKEY_FAILED);
  const info = result.registrationInfo;
  const row = await repo
    .insert({
      companyId: account.companyId,
      accountKind: account.kind,
      accountId: account.id,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: info.credential.transports ?? input.response.response.transports ?? [],
      multiDevice: info.credentialDeviceType === 'multiDevice',
      backedUp: info.credentialBackedUp,
      aaguid: info.aaguid,
      name: input.name.slice(0, PASSKEY_NAME_MAX),
    })
    .catch((err: unknown) => {
      // The credential id is unique installation-wide: one authenticator's credential belongs to one account.
      if (uniqueViolation(err) !== undefined) throw new AppError(Status.PASSKEY_FAILED, 'This passkey is already registered');
      throw err;
    });
  ctx.audit.objName = row.name;
  return view(row);
}

export async function rename(ctx: AuthedContext, input: In<'renamePasskey'>): Promise<null> {
  if (!(await passkeysRepository(ctx.system).rename(accountOf(ctx.session), input.id, input.name))) throw new AppError(Status.PASSKEY_UNKNOWN);
  ctx.audit.objName = input.name;
  return null;
}

export async function remove(ctx: AuthedContext, input: In<'removePasskey'>): Promise<null> {
  const repo = passkeysRepository(ctx.system);
  const account = accountOf(ctx.session);
  const rows = await repo.list(account);
  const row = rows.find((p) => p.id === input.id);
  if (!row) throw new AppError(Status.PASSKEY_UNKNOWN);
  if (rows.length === 1 && (await repo.factor(account))) throw new AppError(Status.PASSKEY_LAST);
  await repo.remove(account, input.id);
  ctx.audit.objName = row.name;
  return null;
}

/**
 * Ten codes of 10 characters (50 random bits each) in Crockford's base 32, which leaves out I, L, O and U, grouped 5-5
 * to be read out; stored as hashes.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
function recoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = Buffer.from(randomToken(16), 'base64url');
    const chars = Array.from(bytes.subarray(0, 10), (b) => ALPHABET[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}
/** A code as typed: case, spaces and dashes do not matter, nor O for 0 or I and L for 1 (Crockford's reading). */
const recoveryHash = (code: string) =>
  sha256(
    `recovery:${code
      .toUpperCase()
      .replace(/O/g, '0')
      .replace(/[IL]/g, '1')
      .replace(/[^0-9A-Z]/g, '')}`,
  );

async function freshCodes(ctx: AuthedContext, account: Account): Promise<{ recoveryCodes: string[] }> {
  const codes = recoveryCodes();
  await passkeysRepository(ctx.system).setFactor(account, codes.map(recoveryHash));
  return { recoveryCodes: codes };
}

export async function setTwoStep(ctx: AuthedContext, input: In<'setTwoStep'>) {
  const repo = passkeysRepository(ctx.system);
  const account = accountOf(ctx.session);
  ctx.audit.objName = settingObject(input.on ? 'twoStepOn' : 'twoStepOff');
  if (!input.on) {
    await repo.clearFactor(account);
    return { recoveryCodes: [] };
  }
  if ((await repo.count(account)) === 0) throw new AppError(Status.PASSKEY_LAST);
  return freshCodes(ctx, account);
}

export async function newCodes(ctx: AuthedContext) {
  const account = accountOf(ctx.session);
  if (!(await passkeysRepository(ctx.system).factor(account))) throw new AppError(Status.PASSKEY_LAST);
  ctx.audit.objName = settingObject('recoveryCodes');
  return freshCodes(ctx, account);
}

/** Checks an answer to a ceremony's challenge against the passkey it names; its counter and backup state are kept. */
async function verifyAssertion(deps: PasskeyDeps, challenge: string, response: In<'passkeySignIn'>['response'], key: PasskeyRow) {
  const { rpID, origin } = relyingParty(deps.config);
  const result = await verifyAuthenticationResponse({
    response: response as Parameters<typeof verifyAuthenticationResponse>[0]['response'],
    expectedChallenge: challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: { id: key.credentialId, publicKey: Buffer.from(key.publicKey, 'base64url'), counter: key.counter, transports: transportsOf(key) },
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!result.verified || !result.authenticationInfo) return false;
  await passkeysRepository(deps.system).used(key.id, result.authenticationInfo.newCounter, result.authenticationInfo.credentialBackedUp);
  return true;
}

/** Options for a passkey sign-in: any discoverable credential of this site, the browser's prompt choosing. */
export async function signInStart(deps: PasskeyDeps) {
  const { rpID } = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: CEREMONY_MS });
  return { ceremony: await newCeremony(deps, 'signin', options.challenge, null), options: options as unknown as Record<string, unknown> };
}

/** The account whose passkey answered a sign-in's challenge. A passkey with user verification is both factors. */
export async function signInAccount(deps: PasskeyDeps, input: Pick<In<'passkeySignIn'>, 'ceremony' | 'response'>): Promise<Account> {
  const repo = passkeysRepository(deps.system);
  const ceremony = await repo.takeChallenge(sha256(input.ceremony), 'signin');
  if (!ceremony) throw new AppError(Status.PASSKEY_FAILED);
  const key = await repo.byCredential(input.response.id);
  if (!key) throw new AppError(Status.PASSKEY_FAILED, 'This passkey is not registered here (it may have been removed)');
  if (!(await verifyAssertion(deps, ceremony.challenge, input.response, key))) throw new AppError(Status.PASSKEY_FAILED);
  return { kind: key.accountKind as Account['kind'], id: key.accountId, companyId: key.companyId };
}

/**
 * After a right password: when the account asks for two steps, the second step's ceremony (its passkeys allowed) as
 * the refusal 1421 carries it; else nothing, and the password alone signs in.
 */
export async function secondStepNeeded(deps: PasskeyDeps, account: Account): Promise<void> {
  const repo = passkeysRepository(deps.system);
  if (!(await repo.factor(account))) return;
  const keys = await repo.list(account);
  const { rpID } = relyingParty(deps.config);
  const options = await generateAuthenticationOptions({
    rpID,
    userVerification: 'required',
    allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: transportsOf(k) })),
    timeout: CEREMONY_MS,
  });
  const ceremony = await newCeremony(deps, 'second', options.challenge, account);
  throw new AppError(Status.PASSKEY_NEEDED, undefined, { ceremony, options, recovery: true });
}

/**
 * The account a second step finishes: its passkey's answer, or one of its recovery codes (spent). Wrong tries count;
 * the fifth spends the step, and the person starts again with the password.
 */
export async function secondStepAccount(deps: PasskeyDeps, input: Pick<In<'passkeySecondStep'>, 'ceremony' | 'response' | 'recoveryCode'>) {
  const repo = passkeysRepository(deps.system);
  const tokenHash = sha256(input.ceremony);
  const ceremony = await repo.findChallenge(tokenHash, 'second');
  if (!ceremony?.accountKind || ceremony.accountId === null) throw new AppError(Status.PASSKEY_FAILED);
  const account: Account = { kind: ceremony.accountKind as Account['kind'], id: ceremony.accountId, companyId: ceremony.companyId };
  let passed = false;
  if (input.recoveryCode) passed = (await repo.spendRecovery(account, recoveryHash(input.recoveryCode))) !== undefined;
  else if (input.response) {
    const key = await repo.byCredential(input.response.id);
    passed = Boolean(
      key &&
        key.accountKind === account.kind &&
        key.accountId === account.id &&
        (await verifyAssertion(deps, ceremony.challenge, input.response, key)),
    );
  }
  if (!passed) {
    await repo.failChallenge(tokenHash, SECOND_STEP_TRIES);
    throw new AppError(input.recoveryCode ? Status.RECOVERY_CODE_WRONG : Status.PASSKEY_FAILED);
  }
  await repo.dropChallenge(tokenHash);
  return account;
}

/**
 * An account's passkeys removed and its two steps turned off: the account is gone, or someone who vouches for the
 * person (an administrator of theirs, the operator's CLI) gives back the way in when the passkeys and the recovery
 * codes are all lost. Answers how many passkeys went.
 */
export async function forgetPasskeys(system: SystemScope, account: Pick<Account, 'kind' | 'id'>): Promise<number> {
  const repo = passkeysRepository(system);
  const removed = await repo.removeAll(account);
  await repo.clearFactor(account);
  return removed;
}

/** `forgetPasskeys`, and the account's sessions ended: whoever held them signs in again with the password alone. */
export async function resetTwoStep(system: SystemScope, account: Pick<Account, 'kind' | 'id'>): Promise<number> {
  const removed = await forgetPasskeys(system, account);
  await revokeAccountSessions(system, account.kind, account.id);
  return removed;
}

export type SignInSecurity = { passkeys: number; twoStep: boolean };
const NONE: SignInSecurity = { passkeys: 0, twoStep: false };

/** Each of these answers with its account's sign-in security (`idOf` names the account of kind `kind`). */
export async function withSignInSecurity<T>(
  system: SystemScope,
  kind: Account['kind'],
  list: readonly T[],
  idOf: (item: T) => number,
): Promise<(T & SignInSecurity)[]> {
  const security = await signInSecurityOf(system, kind, list.map(idOf));
  return list.map((item) => ({ ...item, ...security(idOf(item)) }));
}

/** What the console shows of these accounts' sign-in beside their other settings; a function answering each one's. */
export async function signInSecurityOf(system: SystemScope, kind: Account['kind'], ids: readonly number[]): Promise<(id: number) => SignInSecurity> {
  const found = await passkeysRepository(system).security(kind, ids);
  return (id) => found.get(id) ?? NONE;
}
