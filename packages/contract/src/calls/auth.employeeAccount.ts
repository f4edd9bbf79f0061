import { z } from 'zod';
import { defineCall, ok } from '../call.js';
import { Status } from '../errors.js';
import { zPassword } from '../fieldSchemas.js';
import { LogModule, Role } from '../lookups.js';
import { zLang } from './auth.js';

/** The employee's own account: the first password (or a new one) by phone or email, and changing it when signed in. */

const digest = z.string().trim().max(64).optional().describe('the captcha digest from getValidationCode');

export const checkEmpInfo = defineCall({
  name: 'checkEmpInfo',
  area: 'auth',
  module: 'auth',
  summary:
    'An employee who cannot sign in (no password yet, or forgotten) gives a phone or an email: each enabled employee with it, in an active company, gets a one-time link to set a password at the email on file. Answers success whether or not anyone matches, so it tells nobody who is an employee where (the original answered the employee record)',
  access: 'public',
  statuses: [Status.CAPTCHA_INVALID],
  rate: 'recovery',
  input: z
    .object({
      phone: z.string().trim().max(32).default(''),
      email: z.string().trim().max(254).default(''),
      digest,
      lang: zLang.optional(),
    })
    .superRefine((v, ctx) => {
      if (!v.phone && !v.email) ctx.addIssue({ code: 'custom', path: ['phone'], message: 'phoneOrEmail' });
    }),
  output: ok,
});

export const updateEmpPwd = defineCall({
  name: 'updateEmpPwd',
  area: 'auth',
  module: 'auth',
  summary:
    'A signed-in employee changes their own password: the old one checked (2 when wrong), the new one by the password rules (not the old one, both entries equal); their other sessions end',
  access: [Role.EMPLOYEE],
  statuses: [Status.INVALID_PASSWORD],
  log: { module: LogModule.ACCOUNT, event: 'password' },
  input: z.object({ oldPassword: z.string().min(1).max(128), password: zPassword, confirm: z.string().optional() }).superRefine((v, ctx) => {
    if (v.password === v.oldPassword) ctx.addIssue({ code: 'custom', path: ['password'], message: 'sameAsOld' });
    if (v.confirm !== undefined && v.confirm !== v.password) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'mismatch' });
  }),
  output: ok,
});

export const employeeAccountCalls = [checkEmpInfo, updateEmpPwd] as const;
