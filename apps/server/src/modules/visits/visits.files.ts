import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { type In, logDesc, VISIT_PDF_NAME } from '@openvisit/contract';
import { settingsOf } from '../../core/company/company.public.js';
import {
  acceptedTerms,
  noSuchVisit,
  privacyNoticeOf,
  type VisitRow,
  visibleVisit,
  visitsRepository,
  withPass,
} from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { badParams } from '../../platform/http/errors.js';
import { padConfig } from '../registration/registration.public.js';
import { storeSignature } from './visits.desk.js';
import { buildVisitPdf } from './visits.pdf.js';

function repoOf(ctx: AuthedContext) {
  return visitsRepository(ctx.tenant);
}

/** `<yyyy-mm-dd>_<vid>.pdf`, the day of sign-in (else of registration) in server time. */
export function pdfName(v: VisitRow): string {
  const d = v.visitAt ?? v.createdAt;
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${day}_${v.id}.pdf`;
}

/** Builds and stores the visit's PDF (replacing an older one), answering the stored bytes. */
async function renderPdf(ctx: AuthedContext, v: VisitRow): Promise<Buffer> {
  const induction = await ctx.services.induction.passOf(ctx.tenant, { tid: v.tid, vid: v.id, phone: v.phone, idNumber: v.idNumber, email: v.email });
  const bytes = await buildVisitPdf(v, ctx.session.companyName, ctx.services.files, {
    induction,
    terms: await acceptedTerms(ctx.tenant, v),
    notice: await privacyNoticeOf(ctx.tenant, v),
  });
  const key = `visits/${ctx.session.companyId}/${v.id}-${randomUUID()}.pdf`;
  await ctx.services.files.put(key, bytes);
  await repoOf(ctx).setFiles(v.id, { pdf: key });
  if (v.pdf) await ctx.services.files.remove(v.pdf);
  return bytes;
}

/** The kiosk's signature after the fact (reference `createPdfSign`): stored, and the PDF built with it. */
export async function signPdf(ctx: AuthedContext, input: In<'createPdfSign'>) {
  const v = await visibleVisit(ctx, input.vid);
  if (!input.signPic) throw badParams([{ field: 'signPic', rule: 'required' }]);
  const signature = await storeSignature(ctx, input.signPic);
  await repoOf(ctx).setFiles(v.id, { signature });
  if (v.signature) await ctx.services.files.remove(v.signature);
  await renderPdf(ctx, { ...v, signature });
  ctx.audit.objId = v.id;
  ctx.audit.objName = v.name;
  ctx.audit.desc = logDesc('visitSigned');
  return { pdf: pdfName(v) };
}

/** `/pdf/<day>_<vid>.pdf`: the stored PDF, built on first request. The day must be the visit's. */
export async function pdfFile(ctx: AuthedContext, input: { file: string }) {
  const m = VISIT_PDF_NAME.exec(input.file);
  const v = await visibleVisit(ctx, Number(m?.[2]));
  if (pdfName(v) !== input.file) throw noSuchVisit();
  // Removed by the retention rules: never built again from what is left.
  if (v.purged.includes('agreementPdf')) throw noSuchVisit();
  const stored = v.pdf ? await ctx.services.files.read(v.pdf) : undefined;
  const bytes = stored ?? (await renderPdf(ctx, v));
  return { stream: Readable.from([bytes]), fileName: input.file };
}

export async function photoFile(ctx: AuthedContext, input: { vid: number }) {
  const v = await visibleVisit(ctx, input.vid);
  const stream = v.photo ? await ctx.services.files.stream(v.photo) : undefined;
  if (!stream) throw noSuchVisit();
  return stream;
}

/** A badge to print or reprint: the visit and the company's badge style (from the pad settings). */
export async function cardInfo(ctx: AuthedContext, input: In<'getCardInfo'>) {
  const v = await visibleVisit(ctx, input.vid);
  const pad = await padConfig(ctx, {});
  const { company, shortName, settings, privacyPage } = pad;
  return { visit: withPass(ctx, v, await settingsOf(ctx)), company, shortName, settings, privacyPage };
}
