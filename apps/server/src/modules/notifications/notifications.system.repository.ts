import type { SmsCodePurpose } from '@openvisit/contract';
import { and, count, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { smsCodes } from '../../db/schema/index.js';
import { dbOf, type SystemScope } from '../../platform/identity/tenancy.js';

/**
 * SMS codes belong to a phone, not to a company: the resend and hourly limits count every code sent to the phone
 * (whichever company sent it, so no company can be used to flood a phone), and a code is checked by phone, sometimes
 * before any company is known (`checkSmsCode`).
 */
export function smsCodesRepository(scope: SystemScope) {
  const db = dbOf(scope);
  const recent = (phone: string) => and(eq(smsCodes.phone, phone), gt(smsCodes.createdAt, sql`now() - interval '1 hour'`));
  return {
    /** When the phone's latest code of the last hour was sent (limits are per phone, across companies). */
    lastSentAt: (phone: string) =>
      db
        .select({ at: smsCodes.createdAt })
        .from(smsCodes)
        .where(recent(phone))
        .orderBy(desc(smsCodes.createdAt))
        .limit(1)
        .then((r) => r[0]?.at),
    /** How many codes the phone got in the last hour (per phone, across companies). */
    sentLastHour: (phone: string) =>
      db
        .select({ n: count() })
        .from(smsCodes)
        .where(recent(phone))
        .then((r) => r[0]?.n ?? 0),
    /** A new code; it names the company that sent it. */
    insert: (v: { companyId: number; phone: string; purpose: SmsCodePurpose; salt: string; codeHash: string; expiresAt: Date }) =>
      db
        .insert(smsCodes)
        .values(v)
        .returning({ id: smsCodes.id })
        .then((r) => r[0]?.id ?? 0),
    /** A code the provider did not take, by the id just inserted. */
    async remove(id: number): Promise<void> {
      await db.delete(smsCodes).where(eq(smsCodes.id, id));
    },
    /** The phone's latest code for the purpose, in one company when given (`checkSmsCode` names none). */
    latest: (phone: string, purpose: SmsCodePurpose, companyId?: number) =>
      db
        .select()
        .from(smsCodes)
        .where(and(eq(smsCodes.phone, phone), eq(smsCodes.purpose, purpose), companyId ? eq(smsCodes.companyId, companyId) : undefined))
        .orderBy(desc(smsCodes.createdAt), desc(smsCodes.id))
        .limit(1)
        .then((r) => r[0]),
    /** A wrong try, on the row `latest` just found. */
    async countTry(id: number): Promise<void> {
      await db
        .update(smsCodes)
        .set({ attempts: sql`${smsCodes.attempts} + 1` })
        .where(eq(smsCodes.id, id));
    },
    /** Uses the code up; false when another request spent it first. */
    spend: (id: number) =>
      db
        .update(smsCodes)
        .set({ spentAt: new Date() })
        .where(and(eq(smsCodes.id, id), isNull(smsCodes.spentAt)))
        .returning({ id: smsCodes.id })
        .then((r) => r.length > 0),
  };
}
