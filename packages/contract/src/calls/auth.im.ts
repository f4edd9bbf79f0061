import { z } from 'zod';
import { defineCall } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { loginResult, zLang } from './auth.js';
import { zImPlatform } from './im.js';

/**
 * Signing in with a work app (issue 40): the company's own DingTalk, Feishu or WeCom app identifies the person, who is
 * matched to an employee of that company by the platform's user id (linked by the directory sync or an earlier
 * sign-in), else the platform's mobile, else its e-mail. Employees open the employee portal; `staff` opens the console
 * account (not the administrator's) whose phone is the employee's.
 */
export const IM_SIGNIN_TARGETS = ['employee', 'staff'] as const;
export type ImSignInTarget = (typeof IM_SIGNIN_TARGETS)[number];

const zCompanyId = z.int32().positive().describe("the company whose app signs in (its id, as the console's sign-in link carries it)");
const zCode = z.string().trim().min(1).max(512).describe("the platform's one-time code");

export const getImSignIn = defineCall({
  name: 'getImSignIn',
  area: 'auth',
  module: 'auth',
  summary: "The work apps a company's employees may sign in with, and the one it requires instead of passwords (none: null)",
  access: 'public',
  rate: 'signin',
  input: z.object({ companyId: zCompanyId }),
  output: z.object({ platforms: z.array(zImPlatform), required: zImPlatform.nullable() }),
});

export const imSignInStart = defineCall({
  name: 'imSignInStart',
  area: 'auth',
  module: 'auth',
  summary:
    "Where to send the browser to sign in with a work app: the platform's authorize page, returning to the console's /signin/im/<platform> with a sealed state (10 minutes) that names the company, the target and the browser's nonce",
  access: 'public',
  statuses: [Status.IM_SIGNIN_OFF],
  rate: 'signin',
  input: z.object({
    companyId: zCompanyId,
    platform: zImPlatform,
    target: z.enum(IM_SIGNIN_TARGETS),
    nonce: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,64}$/)
      .describe('random, kept by the browser until it comes back'),
  }),
  output: z.object({ url: z.string() }),
});

export const imSignInFinish = defineCall({
  name: 'imSignInFinish',
  area: 'auth',
  module: 'auth',
  summary:
    "Finish signing in with a work app: the platform's code and the state it returned, with the nonce the browser kept (1139 when they do not belong together, are spent or expired)",
  access: 'public',
  statuses: [
    Status.IM_SIGNIN_OFF,
    Status.IM_SIGNIN_FAILED,
    Status.IM_NO_EMPLOYEE,
    Status.IM_NO_ACCOUNT,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_NOT_ACTIVATED,
    Status.DIRECTORY_UNREACHABLE,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z.object({
    platform: zImPlatform,
    code: zCode,
    state: z.string().trim().min(1).max(1024),
    nonce: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/),
    lang: zLang.optional(),
  }),
  output: loginResult,
});

/** The original's in-app code sign-ins (names from its endpoint list; their bodies were not recorded): employees only. */
const codeLoginInput = z.object({ companyId: zCompanyId, code: zCode, lang: zLang.optional() });

export const empLoginByDDCode = defineCall({
  name: 'empLoginByDDCode',
  area: 'auth',
  module: 'auth',
  summary: "Sign an employee in with the code DingTalk's client gave the page inside the app (its JSAPI's silent sign-in)",
  access: 'public',
  statuses: [
    Status.IM_SIGNIN_OFF,
    Status.IM_SIGNIN_FAILED,
    Status.IM_NO_EMPLOYEE,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_NOT_ACTIVATED,
    Status.DIRECTORY_UNREACHABLE,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: codeLoginInput,
  output: loginResult,
});

export const empLoginByFeiShuCode = defineCall({
  name: 'empLoginByFeiShuCode',
  area: 'auth',
  module: 'auth',
  summary: "Sign an employee in with the code Feishu's client gave the page inside the app (its JSAPI's silent sign-in)",
  access: 'public',
  statuses: [
    Status.IM_SIGNIN_OFF,
    Status.IM_SIGNIN_FAILED,
    Status.IM_NO_EMPLOYEE,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_NOT_ACTIVATED,
    Status.DIRECTORY_UNREACHABLE,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: codeLoginInput,
  output: loginResult,
});

export const empLoginByWXChartCode = defineCall({
  name: 'empLoginByWXChartCode',
  area: 'auth',
  module: 'auth',
  summary: "Sign an employee in with the code WeCom's client gave the page inside the app (its JSAPI's silent sign-in)",
  access: 'public',
  statuses: [
    Status.IM_SIGNIN_OFF,
    Status.IM_SIGNIN_FAILED,
    Status.IM_NO_EMPLOYEE,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_NOT_ACTIVATED,
    Status.DIRECTORY_UNREACHABLE,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: codeLoginInput,
  output: loginResult,
});

/** The call of each platform's in-app code. */
export const IM_CODE_LOGIN = { dingtalk: empLoginByDDCode, feishu: empLoginByFeiShuCode, wecom: empLoginByWXChartCode } as const;

export const authImCalls = [getImSignIn, imSignInStart, imSignInFinish, empLoginByDDCode, empLoginByFeiShuCode, empLoginByWXChartCode] as const;
