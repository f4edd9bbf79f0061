import {
  type CompanySettings,
  extendValueErrors,
  type In,
  initialStatus,
  logDesc,
  normalizePhone,
  Role,
  Status,
  type Visit,
} from '@openvisit/contract';
import { needsAuthorisation, settingsOf } from '../../core/company/company.public.js';
import { employees } from '../../core/people/people.public.js';
import { registration } from '../../core/sites/sites.public.js';
import {
  createVisit,
  faceConsentColumns,
  hostSnapshot,
  leaveAtFrom,
  type ProtocolAsked,
  privacyNoticeColumns,
  protocolColumns,
  type VisitInsert,
  visitsRepository,
  withPass,
} from '../../core/visits/visits.public.js';
import { uniqueViolation } from '../../db/sql.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, badParams } from '../../platform/http/errors.js';
import { needsApproval, submit } from '../approvals/approvals.public.js';
import { notifyArrival } from '../notifications/notifications.public.js';
import { deskVia, gateName, gateOf, holdVisit, screen, storeImages } from './visits.desk.js';
import { reusedCertificate } from './visits.returning.js';

/**
 * The visitor type's rules (registration settings): the type must be this company's (104) and offered at this gate;
 * the fields it requires must be filled; custom values must be fields it shows, a choice one of its options, a date
 * a date. Answers the type's label ('中文#English') for the record.
 */
async function checkVisitorType(ctx: AuthedContext, input: WalkInInput, gid: number | null): Promise<string> {
  if (input.tid === null) {
    if (Object.keys(input.extendCol).length) throw badParams([{ field: 'tid', rule: 'required' }]);
    return input.visitType;
  }
  const type = await registration.typeById(ctx, input.tid);
  if (!type) throw new AppError(Status.VISITOR_TYPE_NOT_EXIST);
  if (gid && type.gids.length && !type.gids.includes(gid)) throw badParams([{ field: 'tid', rule: 'notAtGate' }]);
  const fields = await registration.listFields(ctx, { tid: type.tid });
  const requiredOf = (f: (typeof fields)[number]) => f.types.find((x) => x.tid === type.tid)?.required ?? false;
  const errors: { field: string; rule: string }[] = [];
  const standard = input as unknown as Record<string, unknown>;
  for (const f of fields.filter((x) => x.standard)) {
    const value = standard[f.fieldName];
    const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
    if (requiredOf(f) && empty) errors.push({ field: f.fieldName, rule: 'required' });
  }
  const custom = fields.flatMap((f) => (f.standard || f.inputType === 'standard' ? [] : [{ ...f, inputType: f.inputType, required: requiredOf(f) }]));
  errors.push(...extendValueErrors(custom, input.extendCol, 'extendCol'));
  if (errors.length) throw badParams(errors);
  return type.vType;
}

/** What the kiosk and the desk send (`UpdatePhoto`), as the contract parses it. */
export type WalkInInput = In<'UpdatePhoto'>;

/** The texts a registration records: the safety terms accepted (or carried over from an earlier visit) and the privacy notice given. */
async function textColumns(
  ctx: AuthedContext,
  settings: Awaited<ReturnType<typeof settingsOf>>,
  input: WalkInInput,
  asked: Pick<ProtocolAsked, 'phone' | 'via'>,
) {
  const terms = await protocolColumns(ctx.tenant, settings, {
    accepted: input.protocolAccepted,
    versionId: input.protocolVersion,
    lang: input.lang,
    ...asked,
  });
  return { ...terms, ...(await privacyNoticeColumns(ctx.tenant, { versionId: input.privacyNotice, lang: input.lang, via: asked.via })) };
}

/** Whether a walk-in waits for approval: the company's approval flow, or a sub-company whose visitors wait for their host (vaPerm 4). */
async function approvalAsked(
  ctx: AuthedContext,
  settings: CompanySettings,
  w: {
    kind: 'walkInKiosk' | 'walkInDesk';
    input: WalkInInput;
    gid: number | null;
    host: { id: number; subAccountId: number | null };
    idType: string;
  },
): Promise<boolean> {
  if (settings.processSwitch !== 1 && !(await needsAuthorisation(ctx, w.host.subAccountId))) return false;
  return needsApproval(ctx, {
    kind: w.kind,
    tid: w.input.tid,
    gid: w.gid,
    hostId: w.host.id,
    start: Date.now(),
    end: null,
    companions: w.input.followers.length,
    idType: w.idType,
    visitorName: w.input.vname,
    fields: w.input.extendCol,
  });
}

/** Walk-in registration: every check before anything is stored; a retried registration answers the first. */
export async function registerWalkIn(ctx: AuthedContext, input: WalkInInput): Promise<Visit> {
  const repo = visitsRepository(ctx.tenant);
  if (input.clientKey) {
    const earlier = await repo.byClientKey(input.clientKey);
    if (earlier) {
      ctx.audit.skip = true;
      return withPass(ctx, earlier, await settingsOf(ctx));
    }
  }
  const host = await employees.hostOf(ctx, input.empid);
  const settings = await settingsOf(ctx);
  const gid = gateOf(ctx, input.gid);
  const visitType = await checkVisitorType(ctx, input, gid);
  const phone = input.vphone ? (normalizePhone(input.vphone) ?? input.vphone) : '';
  // A returning visitor who leaves the certificate empty reuses the one on file (a kiosk never shows it whole).
  const { certificateType, idNumber } =
    input.reuseIdFrom && !input.cardId
      ? await reusedCertificate(ctx, input.reuseIdFrom, phone)
      : { certificateType: input.certificateType, idNumber: input.cardId };
  const via = deskVia(ctx);
  const texts = await textColumns(ctx, settings, input, { phone, via });
  const screened = await screen(ctx, { name: input.vname, phone, idNumber });
  const held = screened.decision === 'review';
  await ctx.services.induction.require(ctx.tenant, { tid: input.tid, vid: null, phone, idNumber, email: input.vemail });
  // Checked before the photo is stored: a refusal leaves no file behind.
  const consent = await faceConsentColumns(ctx.tenant, input.faceConsent, via);
  const images = await storeImages(ctx, input);
  const kind = ctx.session.role === Role.MACHINE ? 'walkInKiosk' : 'walkInDesk';
  const approval = await approvalAsked(ctx, settings, { kind, input, gid, host, idType: certificateType });
  // Held for a screening review, it waits as for an approval; the policy is asked once a reviewer allows it.
  const status = initialStatus('walkin', { approval: approval || held });
  const now = new Date();
  const values: VisitInsert = {
    kind: 'walkin',
    status,
    permission: status === 'unauthorized' ? 0 : 1,
    name: input.vname,
    phone,
    email: input.vemail,
    company: input.vcompany,
    certificateType,
    idNumber,
    photo: images.photo ?? '',
    ...consent,
    signature: images.signature ?? '',
    ...texts,
    ...hostSnapshot(host),
    tid: input.tid,
    visitType,
    visitReason: input.visitReason,
    followers: input.followers,
    plateNum: input.plateNum.toUpperCase(),
    belongings: input.belongings,
    temperature: input.temperature,
    extend: input.extendCol,
    gid,
    signInGate: await gateName(ctx, gid),
    signInOp: ctx.session.name,
    visitAt: status === 'signedIn' ? now : null,
    leaveAt: status === 'signedIn' ? leaveAtFrom(settings, now) : null,
    lang: input.lang,
    clientKey: input.clientKey ?? null,
  };
  let created = true;
  const row = await createVisit(ctx, values).catch(async (err: unknown) => {
    // Two deliveries of one offline registration raced: the other one stored it (and told the host).
    if (input.clientKey && uniqueViolation(err) === 'visits_client_key_uq') {
      const earlier = await repo.byClientKey(input.clientKey);
      created = false;
      if (earlier) return earlier;
    }
    throw err;
  });
  if (created && row.status === 'signedIn') await notifyArrival(ctx, row);
  if (created && held) await holdVisit(ctx, row, screened, via, { approval, kind, submitter: host.name });
  else if (created && row.status === 'unauthorized') await submit(ctx, row, host.name, kind);
  ctx.audit.objId = row.id;
  ctx.audit.objName = row.name;
  ctx.audit.desc = logDesc(status === 'signedIn' ? 'walkInRegistered' : 'walkInAwaiting', { host: host.name });
  return withPass(ctx, row, settings);
}
