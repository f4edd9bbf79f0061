import { z } from 'zod';
import { defineCall } from '../call.js';
import { Status } from '../errors.js';
import { LogModule } from '../lookups.js';
import { IM_SIGNIN_TARGETS } from './auth.im.js';
import { loginResult, zLang } from './auth.js';
import { SSO_PROTOCOLS } from './sso.js';

/**
 * Signing in through a company's identity provider (docs/modules/sso.md): the company's sign-in page offers its
 * connections; the browser goes to the provider with a one-time state the server keeps (with the PKCE verifier and
 * the OpenID nonce), comes back to the console's /signin/sso and finishes with the provider's answer and the nonce
 * its tab kept. Targets as for the work apps: the employee portal, or the console account of the person.
 */
const zCompanyId = z.int32().positive().describe("the company whose provider signs in (its id, as the company's sign-in link carries it)");
const zNonce = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,64}$/)
  .describe('random, kept by the browser until it comes back');

export const getSsoSignIn = defineCall({
  name: 'getSsoSignIn',
  area: 'auth',
  module: 'auth',
  summary: "The identity providers a company's people may sign in with, and whether it requires them instead of passwords",
  access: 'public',
  rate: 'signin',
  input: z.object({ companyId: zCompanyId }),
  output: z.object({
    connections: z.array(z.object({ id: z.int32(), name: z.string(), protocol: z.enum(SSO_PROTOCOLS) })),
    required: z.boolean(),
  }),
});

export const ssoSignInStart = defineCall({
  name: 'ssoSignInStart',
  area: 'auth',
  module: 'auth',
  summary:
    "Where to send the browser to sign in with an identity provider: its authorization page (code flow with PKCE), returning to the console's /signin/sso within 10 minutes",
  access: 'public',
  statuses: [Status.SSO_OFF, Status.SSO_UNREACHABLE],
  rate: 'signin',
  input: z.object({ companyId: zCompanyId, connectionId: z.int32().positive(), target: z.enum(IM_SIGNIN_TARGETS), nonce: zNonce }),
  output: z.object({ url: z.string() }),
});

export const ssoSignInFinish = defineCall({
  name: 'ssoSignInFinish',
  area: 'auth',
  module: 'auth',
  summary:
    'Finish signing in with an identity provider: the query it sent the browser back with and the nonce the tab kept (1411 when they do not belong together, or are spent, expired or forged)',
  access: 'public',
  statuses: [
    Status.SSO_OFF,
    Status.SSO_FAILED,
    Status.SSO_NO_PERSON,
    Status.SSO_UNREACHABLE,
    Status.ACCOUNT_DISABLED,
    Status.ACCOUNT_EXPIRED,
    Status.ACCOUNT_NOT_ACTIVATED,
  ],
  rate: 'signin',
  log: { module: LogModule.LOGIN, event: 'login' },
  input: z.object({
    query: z.string().trim().min(1).max(8192).describe('the query string the provider sent the browser back with (code, state, or its error)'),
    nonce: zNonce,
    lang: zLang.optional(),
  }),
  output: loginResult,
});

export const authSsoCalls = [getSsoSignIn, ssoSignInStart, ssoSignInFinish] as const;
