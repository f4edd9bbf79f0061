import {
  type ErasureRequest,
  type exportMyData as exportMyDataCall,
  type In,
  type Lang,
  type Out,
  PRIVACY_PASS_MINUTES,
  SMS_CODE_RESEND_SECONDS,
  SMS_CODE_TTL_SECONDS,
  Status,
  VISITOR_SOURCES,
} from '@openvisit/contract';
import type { z } from 'zod';
import { currentText } from '../../core/agreements/agreements.public.js';
import { company as companyRow } from '../../core/company/company.public.js';
import { photoKeysOf, withdrawFaceConsents } from '../../core/visits/visits.public.js';
import { drainFileDeletions, queueFileDeletions } from '../../platform/files/fileDeletions.js';
import { type AuthedContext, actorContext, type CallContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { inTransaction, scopeForCompany, type TenantScope } from '../../platform/identity/tenancy.js';
import { mailLayout } from '../../platform/messages/mailLayout.js';
import { emailKey, phoneKey } from '../../platform/personData.js';
import { companyOfLink, privacyPageUrl } from '../../platform/privacyLink.js';
import { checkQuietCode, queueQuietCode, smsSwitchedOn } from '../notifications/notifications.public.js';
import { forgetResidentFaces, residentFaces } from '../residents/residents.public.js';
import { askFacesAgain } from './privacy.faces.js';
import { erasePerson, type Held, held, shownRecords } from './privacy.person.js';
import { exportHeld } from './privacy.personExport.js';
import { type ErasureRow, requestsRepository } from './privacy.requests.repository.js';
import { effectiveRules } from './privacy.rules.js';
import { forgetVisitData } from './privacy.sweep.js';

/*
 * The visitor's own privacy page (docs/modules/privacy.md): the company's link names the company, a quiet code proves
 * the phone or e-mail, and a sealed pass then admits the person to their own data for half an hour. The person acts
 * through an automatic actor of the company named after the page, as a door device or a booking app does.
 */

type Via = 'phone' | 'email';
interface Pass {
  /** What the sealed value is: the server seals other things with the same key. */
  kind: 'privacyPass';
  companyId: number;
  via: Via;
  key: string;
  exp: number;
}

const DAY_MS = 86_400_000;
const invalidLink = () => new AppError(Status.INVALID_LINK, 'This privacy page link is not valid');
const passEnded = () => new AppError(Status.INVALID_LINK, 'Your access to your data has ended: ask for a new code');

function companyOf(ctx: CallContext, link: string): number {
  const companyId = companyOfLink(ctx.services.secrets, link);
  if (companyId === null) throw invalidLink();
  return companyId;
}

/** The company's actor for the person's own requests (the log names the page, never a staff member). */
const asPage = (ctx: CallContext, companyId: number): AuthedContext =>
  actorContext(ctx, companyId, { account: 'privacy-page', name: 'Privacy page' });

/** A company that is gone or closed has no privacy page (its link opens nothing). */
async function liveCompany(ctx: CallContext, companyId: number) {
  const row = await companyRow(scopeForCompany(ctx.system, companyId));
  if (row?.status !== 1) throw invalidLink();
  return row;
}

const keyOf = (input: { phone?: string | undefined; email?: string | undefined }): { via: Via; key: string } =>
  input.phone ? { via: 'phone', key: phoneKey(input.phone) } : { via: 'email', key: emailKey(input.email ?? '') };
const lookupOf = (p: { via: Via; key: string }) => (p.via === 'phone' ? { phone: p.key } : { email: p.key });

/** What the person sees of what is held: lists kept for security stay with the company (VISITOR_SOURCES). */
async function heldFor(actor: AuthedContext, p: { via: Via; key: string }): Promise<Held> {
  const h = await held(actor, lookupOf(p));
  return { ...h, blacklist: [] };
}
const anything = (h: Held) => VISITOR_SOURCES.some((s) => h[s].length > 0);

export async function privacyPage(ctx: CallContext, input: In<'privacyPage'>): Promise<Out<'privacyPage'>> {
  const companyId = companyOf(ctx, input.c);
  const row = await liveCompany(ctx, companyId);
  const scope = scopeForCompany(ctx.system, companyId);
  return {
    company: row.name,
    lang: row.lang === 'zh' ? 'zh' : 'en',
    channels: { phone: await smsSwitchedOn(scope), email: true },
    erasureAutoDays: await requestsRepository(scope).autoDays(),
    notice: await currentText(scope, 'privacy'),
  };
}

/** The same answer whether or not anything is held: the code goes only to someone the company knows. */
export async function sendPrivacyCode(ctx: CallContext, input: In<'sendPrivacyCode'>): Promise<Out<'sendPrivacyCode'>> {
  const companyId = companyOf(ctx, input.c);
  await liveCompany(ctx, companyId);
  const p = keyOf(input);
  // Whether the company sends SMS is about the company, not the person: 53 either way.
  if (p.via === 'phone') await ctx.services.notifier.require(companyId, 'sms');
  if (anything(await heldFor(asPage(ctx, companyId), p)))
    await queueQuietCode(ctx, companyId, { channel: p.via === 'phone' ? 'sms' : 'email', address: p.key }, 'privacy', input.lang);
  return { expiresIn: SMS_CODE_TTL_SECONDS, resendIn: SMS_CODE_RESEND_SECONDS };
}

export async function openPrivacyData(ctx: CallContext, input: In<'openPrivacyData'>): Promise<Out<'openPrivacyData'>> {
  const companyId = companyOf(ctx, input.c);
  await liveCompany(ctx, companyId);
  const p = keyOf(input);
  await checkQuietCode(ctx.system, { companyId, channel: p.via === 'phone' ? 'sms' : 'email', address: p.key, purpose: 'privacy', code: input.code });
  const pass: Pass = { kind: 'privacyPass', companyId, ...p, exp: Date.now() + PRIVACY_PASS_MINUTES * 60_000 };
  return { pass: ctx.services.secrets.seal(JSON.stringify(pass)), expiresIn: PRIVACY_PASS_MINUTES * 60 };
}

/** The pass's person, or 39 for one the server did not seal, one that ended, or a company gone since. */
async function passOf(ctx: CallContext, sealed: string): Promise<Pass & { actor: AuthedContext; company: string }> {
  let pass: Pass;
  try {
    pass = JSON.parse(ctx.services.secrets.open(sealed)) as Pass;
  } catch {
    throw passEnded();
  }
  if (pass?.kind !== 'privacyPass' || typeof pass.exp !== 'number' || pass.exp < Date.now()) throw passEnded();
  const row = await liveCompany(ctx, pass.companyId);
  return { ...pass, actor: asPage(ctx, pass.companyId), company: row.name };
}

function masked(via: Via, key: string): string {
  if (via === 'phone') return key.length > 7 ? `${key.slice(0, 3)}****${key.slice(-4)}` : '****';
  const at = key.indexOf('@');
  return at > 0 ? `${key[0]}***${key.slice(at)}` : '***';
}

function toRequest(r: ErasureRow): ErasureRequest {
  return {
    id: r.id,
    key: r.key,
    state: r.state as ErasureRequest['state'],
    requestedAt: r.createdAt.getTime(),
    dueAt: r.dueAt?.getTime() ?? null,
    decidedAt: r.decidedAt?.getTime() ?? null,
    decidedBy: r.decidedBy,
    reason: r.reason,
  };
}

/** The visits and resident entries of the person that hold a photo of their face. */
async function facesOf(actor: AuthedContext, h: Held) {
  const visits = await photoKeysOf(
    actor,
    h.visits.map((v) => v.id),
  );
  const residents = await residentFaces(
    actor.tenant,
    h.residents.map((r) => r.id),
  );
  return { visits, residents };
}

export async function myPrivacyData(ctx: CallContext, input: In<'myPrivacyData'>): Promise<Out<'myPrivacyData'>> {
  const p = await passOf(ctx, input.pass);
  const h = await heldFor(p.actor, p);
  const repo = requestsRepository(p.actor.tenant);
  const request = await repo.latestOf(p.key);
  const faces = await facesOf(p.actor, h);
  return {
    company: p.company,
    key: p.key,
    records: shownRecords(h),
    retention: (await effectiveRules(p.actor)).company,
    request: request ? toRequest(request) : null,
    faces: faces.visits.size + faces.residents.length,
    erasureAutoDays: await repo.autoDays(),
  };
}

export async function exportMyData(ctx: CallContext, input: z.output<(typeof exportMyDataCall)['input']>) {
  const p = await passOf(ctx, input.pass);
  const h = await heldFor(p.actor, p);
  if (!anything(h)) throw notFound('person');
  return exportHeld(p.actor, h, input.lang, 'my-data');
}

/** Tells the company's administrator (the account's address) that a request waits, in the company's language. */
async function tellAdministrator(actor: AuthedContext, r: ErasureRow) {
  const row = await companyRow(actor.tenant);
  if (!row?.email) return;
  const lang: Lang = row.lang === 'zh' ? 'zh' : 'en';
  const link = { href: `${actor.config.publicUrl}/setting/person-data`, label: lang === 'zh' ? '去处理' : 'Review it' };
  const due = r.dueAt ? r.dueAt.toISOString().slice(0, 10) : '';
  const mail =
    lang === 'zh'
      ? {
          subject: '访客请求删除个人数据',
          ...mailLayout(
            '访客请求删除个人数据',
            [
              `一位访客（${masked(r.via as Via, r.key)}）通过隐私页面请求删除其个人数据。`,
              due ? `如未处理，将于 ${due} 自动执行。` : '请确认或拒绝。',
            ],
            link,
            '此邮件由 OpenVisit 自动发送。',
          ),
        }
      : {
          subject: 'A visitor asks for their data to be erased',
          ...mailLayout(
            'A visitor asks for their data to be erased',
            [
              `A visitor (${masked(r.via as Via, r.key)}) asked, on your privacy page, for their personal data to be erased.`,
              due ? `Unless someone decides first, it is carried out on ${due}.` : 'Please carry it out or refuse it.',
            ],
            link,
            'This message was sent by OpenVisit.',
          ),
        };
  await actor.services.notifier.tell(actor.tenant.companyId, { channel: 'email', to: row.email }, mail);
}

export async function requestErasure(ctx: CallContext, input: In<'requestErasure'>): Promise<Out<'requestErasure'>> {
  const p = await passOf(ctx, input.pass);
  const repo = requestsRepository(p.actor.tenant);
  const last = await repo.latestOf(p.key);
  if (last?.state === 'pending') return toRequest(last);
  if (!anything(await heldFor(p.actor, p))) throw notFound('person');
  const days = await repo.autoDays();
  const row = await repo.add({ key: p.key, via: p.via, dueAt: days ? new Date(Date.now() + days * DAY_MS) : null });
  await tellAdministrator(p.actor, row);
  return toRequest(row);
}

/** Every photo of the person's face goes now; their face templates as each terminal confirms. Their visits stay. */
export async function withdrawFaceConsent(ctx: CallContext, input: In<'withdrawFaceConsent'>): Promise<Out<'withdrawFaceConsent'>> {
  const p = await passOf(ctx, input.pass);
  const { actor } = p;
  const h = await heldFor(actor, p);
  const faces = await facesOf(actor, h);
  const due = [...faces.visits].map(([id, photo]) => ({ id, name: '', photo, signature: '', pdf: '' }));
  const result = await inTransaction(actor.tenant, async (tx: TenantScope) => {
    const templates = await forgetVisitData(actor, tx, 'faceTemplate', due, true);
    const photos = await forgetVisitData(actor, tx, 'photo', due, true);
    const residentPhotos = await forgetResidentFaces(
      tx,
      h.residents.map((r) => r.id),
    );
    await queueFileDeletions(tx, tx.companyId, residentPhotos);
    // The consent given stays on record, and when it was withdrawn beside it.
    await withdrawFaceConsents(
      tx,
      h.visits.map((v) => v.id),
    );
    return { removed: photos.done.length + residentPhotos.length, held: templates.held };
  });
  await drainFileDeletions(actor.tenant, actor.services.files, actor.tenant.companyId);
  if (result.held.length) await askFacesAgain(actor, result.held);
  return { removed: result.removed, facesPending: result.held.length };
}

// ---------------------------------------------------------------------------------------------
// The administrator's side
// ---------------------------------------------------------------------------------------------

export async function listErasureRequests(ctx: AuthedContext): Promise<Out<'listErasureRequests'>> {
  const repo = requestsRepository(ctx.tenant);
  return {
    requests: (await repo.list(200)).map(toRequest),
    erasureAutoDays: await repo.autoDays(),
    link: privacyPageUrl(ctx.config, ctx.services.secrets, ctx.tenant.companyId),
  };
}

/**
 * Carries a request out as erasePerson does (blacklist entries kept: a list is the company's security decision), the
 * key masked afterwards; or refuses it with the reason the person sees. `by` names who decided.
 */
async function carryOut(ctx: AuthedContext, r: ErasureRow, by: string): Promise<ErasureRow> {
  const via = r.via as Via;
  try {
    await erasePerson(ctx, { ...lookupOf({ via, key: r.key }), keepBlacklist: true });
  } catch (err) {
    // Nothing left to erase (gone by retention or an earlier erasure): the request is still done.
    if (!(err instanceof AppError && err.status === Status.NO_SUCH_RECORD)) throw err;
  }
  const repo = requestsRepository(ctx.tenant);
  const done = await repo.decide(r.id, { state: 'done', decidedBy: by, reason: '', key: masked(via, r.key) });
  if (!done) throw notFound('request');
  await repo.maskKey(r.key, masked(via, r.key));
  return done;
}

export async function decideErasureRequest(ctx: AuthedContext, input: In<'decideErasureRequest'>): Promise<Out<'decideErasureRequest'>> {
  const repo = requestsRepository(ctx.tenant);
  const r = await repo.byId(input.id);
  if (r?.state !== 'pending') throw notFound('request');
  ctx.audit.objId = r.id;
  ctx.audit.objName = masked(r.via as Via, r.key);
  if (input.approve) return toRequest(await carryOut(ctx, r, ctx.session.name));
  const refused = await repo.decide(r.id, { state: 'refused', decidedBy: ctx.session.name, reason: input.reason });
  if (!refused) throw notFound('request');
  return toRequest(refused);
}

export async function setErasureAutoDays(ctx: AuthedContext, input: In<'setErasureAutoDays'>): Promise<Out<'setErasureAutoDays'>> {
  await requestsRepository(ctx.tenant).setAutoDays(input.days);
  return { erasureAutoDays: input.days };
}

/**
 * The nightly part: requests nobody decided within the company's days are carried out. One on site stays pending
 * (58) until the next night.
 */
export async function fulfilDueRequests(ctx: AuthedContext, now: Date): Promise<number> {
  let done = 0;
  for (const r of await requestsRepository(ctx.tenant).due(now)) {
    try {
      await carryOut(ctx, r, '');
      done++;
    } catch (err) {
      if (!(err instanceof AppError && err.status === Status.UPDATE_NOT_ALLOWED)) throw err;
    }
  }
  return done;
}
