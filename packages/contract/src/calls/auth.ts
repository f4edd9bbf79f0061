import { z } from 'zod';
import { defineCall, empty, epochMs, ok } from '../call.js';
import { Status } from '../errors.js';
import { zCompanyName, zCompanyShortName, zEmail, zPassword, zPersonName, zPhone } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';

const ALL_SESSION_ROLES = Object.values(Role);

export const LANGUAGES = ['zh', 'en'] as const;
export const zLang = z.enum(LANGUAGES);
export type Lang = z.infer<typeof zLang>;

/** What a sign-in answers, whatever the login kind (fields absent for kinds that lack them). */
export const loginResult = z.object({
  token: z.string(),
  tokenExpire: epochMs,
  role: z.int32(),
  /** -1 company administrator; staff accounts their sType; other kinds leave it out. */
  sType: z.int32().optional(),
  userid: z.int32(),
  company: z.string(),
  email: z.string().optional(),
  account: z.string().optional(),
  username: z.string().optional(),
  sName: z.string().optional(),
  id: z.int32().optional(),
  empid: z.int32().optional(),
  empPhone: z.string().optional(),
  subaccountId: z.int32().optional(),
  adminType: z.int32().optional(),
  gid: z.string().optional(),
  /** The names of a staff account's gates, in the order of `gid` (the original front desk shows them). */
  gname: z.string().optional(),
  modules: z.array(z.string()).optional(),
  /** The administrator has not finished the onboarding wizard yet. */
  guidePending: z.boolean().optional(),
  /** The account's password was set by someone else and must be changed first. */
  mustChangePassword: z.boolean().optional(),
  lang: zLang.optional(),
  /** Super accounts: the companies they may enter. */
  companies: z.array(z.object({ userid: z.int32(), company: z.string() })).optional(),
});
export type LoginResult = z.infer<typeof loginResult>;

const digest = z.string().trim().max(64).optional().describe('the captcha digest from getValidationCode');

/** What a captcha's picture asks: characters, or a small sum (easier to read) answered with a number. */
export const CAPTCHA_KINDS = ['image', 'question'] as const;
export type CaptchaKind = (typeof CAPTCHA_KINDS)[number];

export const getValidationCode = defineCall({
  name: 'getValidationCode',
  area: 'auth',
  module: 'auth',
  summary:
    'A new captcha and the digest to answer it with: a PNG picture of characters, or (kind "question") of a small sum whose answer is a number; both are answered through validationCode',
  access: 'public',
  rate: 'captcha',
  input: z.object({
    kind: z.enum(CAPTCHA_KINDS).optional().describe('image (the default): characters in the picture; question: a sum in the picture'),
  }),
  output: z.object({
    base64Str: z.string().describe('the picture, as a PNG data URL'),
    digest: z.string(),
    expiresIn: z.int32(),
    kind: z.enum(CAPTCHA_KINDS).optional(),
  }),
});

export const validationCode = defineCall({
  name: 'validationCode',
  area: 'auth',
  module: 'auth',
  summary: 'Check the characters of a captcha; a correct answer lets one sign-in, sign-up or recovery use the digest',
  access: 'public',
  statuses: [Status.CAPTCHA_INVALID],
  rate: 'captcha',
  input: z.object({
    digest: z.string().trim().min(1).max(64),
    vcode: z.string().trim().min(1).max(12),
    email: z.string().optional(),
    phone: z.string().optional(),
  }),
  output: ok,
});

export const login = defineCall({
  name: 'Login',
  area: 'auth',
  module: 'auth',
  summary: 'Sign in as a company administrator (email) or a staff account (account name)',
  access: 'public',
  statuses: [
    Status.PASSKEY_NEEDED,
    Status.SSO_REQUIRED,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_LOCKED,
    Status.ACCOUNT_NOT_ACTIVATED,
    Status.CAPTCHA_INVALID,
    Status.LOGIN_TRIES_LEFT,
    Status.WRONG_CREDENTIALS,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z.object({
    email: z.string().trim().min(1).max(254).describe('administrator email or staff account name'),
    password: z.string().min(1).max(128),
    digest,
    lang: zLang.optional(),
  }),
  output: loginResult,
});

export const empLogin = defineCall({
  name: 'empLogin',
  area: 'auth',
  module: 'auth',
  summary: "Sign in as an employee with phone and password (1138 when the company requires its work app's sign-in instead)",
  access: 'public',
  statuses: [
    Status.PASSKEY_NEEDED,
    Status.IM_SIGNIN_REQUIRED,
    Status.SSO_REQUIRED,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_LOCKED,
    Status.ACCOUNT_NOT_ACTIVATED,
    Status.CAPTCHA_INVALID,
    Status.LOGIN_TRIES_LEFT,
    Status.WRONG_CREDENTIALS,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z.object({ phone: z.string().trim().min(1).max(32), empPwd: z.string().min(1).max(128), digest, lang: zLang.optional() }),
  output: loginResult,
});

export const subAccountLogin = defineCall({
  name: 'subAccountLogin',
  area: 'auth',
  module: 'auth',
  summary: 'Sign in as a sub-company (tenant company) administrator',
  access: 'public',
  statuses: [
    Status.PASSKEY_NEEDED,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_LOCKED,
    Status.ACCOUNT_NOT_ACTIVATED,
    Status.CAPTCHA_INVALID,
    Status.LOGIN_TRIES_LEFT,
    Status.WRONG_CREDENTIALS,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z.object({ email: z.string().trim().min(1).max(254), password: z.string().min(1).max(128), digest, lang: zLang.optional() }),
  output: loginResult,
});

export const superAccountLogin = defineCall({
  name: 'superAccountLogin',
  area: 'auth',
  module: 'auth',
  summary: 'Sign in as a headquarters (super) account, LFT_ prefix',
  access: 'public',
  statuses: [
    Status.PASSKEY_NEEDED,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_LOCKED,
    Status.CAPTCHA_INVALID,
    Status.LOGIN_TRIES_LEFT,
    Status.WRONG_CREDENTIALS,
  ],
  rate: 'signin',
  input: z.object({ account: z.string().trim().min(1).max(64), password: z.string().min(1).max(128), digest, lang: zLang.optional() }),
  output: loginResult,
});

export const logout = defineCall({
  name: 'login/logout',
  area: 'auth',
  module: 'auth',
  summary: 'Sign out: the session token is revoked',
  access: ALL_SESSION_ROLES,
  log: { module: LogModule.LOGIN, event: 'logout' },
  input: empty,
  output: ok,
});

export const refreshToken = defineCall({
  name: 'refreshToken',
  area: 'auth',
  module: 'auth',
  summary:
    'A fresh token for the calling session, which then ends (the original front-desk app renews its token this way); `oldToken`, when sent, must be the calling token, `email` the account',
  access: ALL_SESSION_ROLES,
  rate: 'signin',
  input: z.object({ oldToken: z.string().max(300).optional(), email: z.string().max(254).optional() }),
  output: z.object({ token: z.string(), tokenExpire: epochMs }),
});

export const sessionInfo = z.object({
  role: z.int32(),
  userid: z.int32(),
  company: z.string(),
  accountId: z.int32(),
  account: z.string(),
  name: z.string(),
  sType: z.int32().optional(),
  subaccountId: z.int32().optional(),
  gids: z.array(z.int32()),
  expiresAt: epochMs,
});

export const userInfoByToken = defineCall({
  name: 'user/info',
  area: 'auth',
  module: 'auth',
  summary: 'Who the token belongs to (the token may come in the query string)',
  access: ALL_SESSION_ROLES,
  method: 'GET',
  input: z.object({ token: z.string().optional() }),
  output: sessionInfo,
});

export const register = defineCall({
  name: 'Register',
  area: 'auth',
  module: 'auth',
  summary:
    'Register a company; its administrator receives an activation email. A taken email or company name answers the same (the address is told by mail), so no one can list other companies',
  access: 'public',
  statuses: [Status.CAPTCHA_INVALID],
  rate: 'register',
  input: z.object({
    email: zEmail,
    password: zPassword,
    company: zCompanyName,
    username: zPersonName,
    phone: zPhone,
    shortName: zCompanyShortName.optional(),
    digest,
    lang: zLang.default('en'),
  }),
  output: ok,
});

export const webActivateAccount = defineCall({
  name: 'webActivateAccount',
  area: 'auth',
  module: 'auth',
  summary: 'Activate a registered company from the link in its activation email',
  access: 'public',
  fieldStatuses: { [Status.ACCOUNT_ALREADY_ACTIVATED]: null, [Status.INVALID_LINK]: 'token' },
  rate: 'recovery',
  log: { module: LogModule.ACCOUNT, event: 'activate' },
  input: z.object({ token: z.string().trim().min(16).max(128) }),
  output: z.object({ email: z.string() }),
});

export const resendActivation = defineCall({
  name: 'resendActivation',
  area: 'auth',
  module: 'auth',
  summary: 'Send the activation email again (answers success whether or not the address is registered)',
  access: 'public',
  statuses: [Status.CAPTCHA_INVALID],
  rate: 'recovery',
  input: z.object({ email: z.string().trim().min(1).max(254), digest }),
  output: ok,
});

export const retrievePassword = defineCall({
  name: 'RetrievePassword',
  area: 'auth',
  module: 'auth',
  summary: 'Email a one-time password-reset link (answers success whether or not the address is registered)',
  access: 'public',
  statuses: [Status.CAPTCHA_INVALID],
  rate: 'recovery',
  input: z.object({ email: z.string().trim().min(1).max(254), digest, lang: zLang.optional() }),
  output: ok,
});

export const resetEmpPwd = defineCall({
  name: 'resetEmpPwd',
  area: 'auth',
  module: 'auth',
  summary:
    'An employee asks for a one-time link to set (the first time) or reset their password, sent to their email in every company where they are an enabled employee; answers success whether or not the address is known',
  access: 'public',
  statuses: [Status.CAPTCHA_INVALID],
  rate: 'recovery',
  input: z.object({ email: z.string().trim().min(1).max(254), digest, lang: zLang.optional() }),
  output: ok,
});

export const modifyPassword = defineCall({
  name: 'ModifyPassword',
  area: 'auth',
  module: 'auth',
  summary:
    "Set a new password with the one-time token of a reset link (the administrator's, an employee's from resetEmpPwd, or a sub-company's from resetSubAccountPwd or its welcome)",
  access: 'public',
  statuses: [Status.INVALID_LINK],
  rate: 'recovery',
  log: { module: LogModule.ACCOUNT, event: 'reset' },
  input: z.object({ token: z.string().trim().min(16).max(128), password: zPassword }),
  output: z.object({ account: z.enum(['admin', 'employee', 'sub']).describe('whose password it was: the sign-in to open next') }),
});

export const verifyPassword = defineCall({
  name: 'verifyPassword',
  area: 'auth',
  module: 'auth',
  summary:
    "Confirm the signed-in account's password (e.g. before a kiosk is signed out): 75 when wrong, failures count toward the account's lockout (302, 67) as at sign-in",
  access: ALL_SESSION_ROLES,
  statuses: [Status.ACCOUNT_LOCKED, Status.LOGIN_TRIES_LEFT, Status.WRONG_CREDENTIALS],
  rate: 'signin',
  input: z.object({ password: z.string().min(1).max(128) }),
  output: ok,
});

export const authCalls = [
  getValidationCode,
  validationCode,
  login,
  empLogin,
  subAccountLogin,
  superAccountLogin,
  logout,
  refreshToken,
  userInfoByToken,
  verifyPassword,
  register,
  webActivateAccount,
  resendActivation,
  retrievePassword,
  resetEmpPwd,
  modifyPassword,
] as const;
