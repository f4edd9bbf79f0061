import { LogModule, logDesc, RETENTION_KINDS, type RetentionKind } from '@openvisit/contract';
import { forgetVisitPasses } from '../../core/entitlements/entitlements.public.js';
import { blankVisits, visitsDueForRetention } from '../../core/visits/visits.public.js';
import { drainFileDeletions, queueFileDeletions } from '../../platform/files/fileDeletions.js';
import { writeLog } from '../../platform/http/audit.js';
import { entriesNaming, RETENTION_KEY, redactEntries } from '../../platform/http/auditChain.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { forgetEventsOf } from '../../platform/jobs/eventOutbox.js';
import { forgetVisitMessages } from '../../platform/messages/messages.js';
import { forgetReviews, hashListedNumbers, keyUnkeyed, withdrawPassedReviews } from '../blacklist/blacklist.public.js';
import { forgetVisitorFaces } from '../credentials/credentials.public.js';
import { privacyRepository, type SweepRow } from './privacy.repository.js';
import { type EffectiveRules, effectiveRules } from './privacy.rules.js';

const DAY_MS = 86_400_000;
/** Visits per transaction: a kill loses at most one batch's work, which the next run does again. */
const BATCH = 200;
/** The record first: it takes every other kind with it, so they are not swept one by one before it. */
const ORDER: readonly RetentionKind[] = ['visitRecord', ...RETENTION_KINDS.filter((k) => k !== 'visitRecord')];

type Due = Pick<Awaited<ReturnType<typeof visitsDueForRetention>>[number], 'id' | 'photo' | 'signature' | 'pdf' | 'name'>;

/** The visitor types that keep `kind` for the same days: each type with its own rule, and the company's for the rest. */
function groupsOf(rules: EffectiveRules, kind: RetentionKind): { days: number; types: { in?: number[]; notIn?: number[] } }[] {
  const own = new Map<number, number[]>();
  for (const t of rules.types) {
    const days = t.overrides[kind];
    if (days !== undefined) own.set(days, [...(own.get(days) ?? []), t.tid]);
  }
  const overriding = [...own.values()].flat();
  return [...[...own].map(([days, tids]) => ({ days, types: { in: tids } })), { days: rules.company[kind], types: { notIn: overriding } }];
}

/** The stored files a kind removes from these visits. */
function filesOf(kind: RetentionKind, due: readonly Due[]): string[] {
  const all = kind === 'visitRecord';
  return due.flatMap((v) => [
    all || kind === 'photo' ? v.photo : '',
    all || kind === 'signature' ? v.signature : '',
    all || kind === 'agreementPdf' ? v.pdf : '',
  ]);
}

/**
 * Each owner forgets its part of these visits (the kind, or all of them for the record) in the caller's transaction,
 * the visits record the kind as removed and their files are queued for removal after the commit. A visit whose face a
 * terminal may still hold is left for later (`held`) unless `evenHeld` (an erasure: all else goes now, the face rows
 * once the terminal confirms). Answers the visits done, those held, the files queued and the records counted.
 */
export async function forgetVisitData(
  ctx: AuthedContext,
  tx: TenantScope,
  kind: RetentionKind,
  due: readonly Due[],
  evenHeld = false,
): Promise<{ done: Due[]; held: number[]; files: number; records: number }> {
  const all = kind === 'visitRecord';
  const held =
    all || kind === 'faceTemplate'
      ? await forgetVisitorFaces(
          tx,
          due.map((v) => v.id),
        )
      : [];
  const done = evenHeld ? [...due] : due.filter((v) => !held.includes(v.id));
  const ids = done.map((v) => v.id);
  const files = filesOf(kind, done);
  let records = ids.length;
  if (all || kind === 'passRecords') {
    const passes = await forgetVisitPasses(tx, ids);
    files.push(...passes.files);
    if (!all) records = passes.records;
  }
  if (all || kind === 'deliveryRecords') {
    const sent = await forgetVisitMessages(tx, ctx.tenant.companyId, ids);
    if (!all) records = sent;
  }
  if (all) await ctx.services.induction.forgetVisits(tx, ids);
  // Webhook events carry the visitor's name, phone and e-mail; door events who passed.
  if (all || kind === 'contact') await forgetEventsOf(tx, ctx.tenant.companyId, { vids: ids });
  else if (kind === 'passRecords') await forgetEventsOf(tx, ctx.tenant.companyId, { vids: ids, typePrefix: 'door.' });
  await blankVisits(tx, ids, [kind]);
  if (all || kind === 'contact') await forgetReviews(tx, 'visit', ids, all ? 'all' : 'contact');
  const stored = files.filter((f) => f !== '');
  await queueFileDeletions(tx, ctx.tenant.companyId, stored);
  return { done, held, files: stored.length, records };
}

/** One batch of the sweep in one transaction, counted in its report; answers the visits left for later and the files. */
async function removeBatch(
  ctx: AuthedContext,
  sweepId: number,
  kind: RetentionKind,
  due: readonly Due[],
): Promise<{ held: number[]; files: number }> {
  return inTransaction(ctx.tenant, async (tx: TenantScope) => {
    const r = await forgetVisitData(ctx, tx, kind, due);
    if (kind === 'visitRecord' && r.done.length) await forgetLogEntries(ctx, tx, r.done);
    await privacyRepository(tx).addToSweep(sweepId, kind, r.records, r.files);
    return { held: r.held, files: r.files };
  });
}

/** The operation log's entries about these visits, blanked by the sweep's own entry. */
async function forgetLogEntries(ctx: AuthedContext, tx: TenantScope, batch: readonly Due[]): Promise<void> {
  const ids = batch.map((v) => v.id);
  const entries = await entriesNaming(
    tx,
    ctx.tenant.companyId,
    LogModule.VISITOR,
    batch.map((v) => ({ objId: String(v.id), objName: v.name })),
  );
  // The sweep's own entry names no one and lists the entries it blanks, so the chain still holds (auditChain.ts).
  const seq = await writeLog(
    tx,
    ctx.services.secrets,
    ctx.session,
    { module: LogModule.VISITOR, event: 'delete', desc: logDesc(RETENTION_KEY, { visits: ids.length }), details: { redacted: entries } },
    ctx.ip,
  );
  if (seq !== null) await redactEntries(tx, ctx.tenant.companyId, entries, seq);
}

/**
 * A company's sweep: what each rule says is due, kind by kind, batch by batch, files after each commit. A run a kill
 * interrupted is finished by the next one (its report goes on counting), its queued files first.
 */
export async function sweepCompany(ctx: AuthedContext, trigger: 'daily' | 'manual', now: Date): Promise<SweepRow> {
  const repo = privacyRepository(ctx.tenant);
  const { files } = ctx.services;
  await drainFileDeletions(ctx.tenant, files, ctx.tenant.companyId);
  const sweep = (await repo.unfinished()) ?? (await repo.startSweep(trigger, now));
  const rules = await effectiveRules(ctx);
  // Blacklist entries from before ID numbers were hashed lose the number itself (platform/identity/idNumbers.ts).
  await hashListedNumbers(ctx.tenant, ctx.services.secrets);
  // Entries from before name screening (or an older key derivation) are keyed, so a screening finds them by name.
  await keyUnkeyed(ctx.tenant, ctx.services.secrets);
  // Visits held by screening whose time passed a day ago leave the review queue: nobody waits at the door any more.
  await withdrawPassedReviews(ctx.tenant, now);
  for (const kind of ORDER) {
    for (const group of groupsOf(rules, kind)) {
      const cutoff = new Date(now.getTime() - group.days * DAY_MS);
      const skip: number[] = [];
      for (;;) {
        const due = await visitsDueForRetention(ctx.tenant, kind, cutoff, { ...group.types, skip }, BATCH);
        if (!due.length) break;
        const done = await removeBatch(ctx, sweep.id, kind, due);
        skip.push(...done.held);
        if (done.files) await drainFileDeletions(ctx.tenant, files, ctx.tenant.companyId);
      }
    }
  }
  return repo.finishSweep(sweep.id, new Date());
}
