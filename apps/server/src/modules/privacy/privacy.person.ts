import { type In, LogModule, logDesc, type Out, type PersonSource, type PersonRecord as Shown, Status } from '@openvisit/contract';
import { visitsOfPerson } from '../../core/visits/visits.public.js';
import { drainFileDeletions, queueFileDeletions } from '../../platform/files/fileDeletions.js';
import { writeLog } from '../../platform/http/audit.js';
import { ERASURE_KEY, entriesMentioning, entriesNaming, redactEntries } from '../../platform/http/auditChain.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { AppError, notFound } from '../../platform/http/errors.js';
import { idNumberHash } from '../../platform/identity/idNumbers.js';
import { inTransaction, type TenantScope } from '../../platform/identity/tenancy.js';
import { forgetEventsOf } from '../../platform/jobs/eventOutbox.js';
import { forgetMessagesTo, messagesToPerson } from '../../platform/messages/messages.js';
import { hasKeys, keysOf, type PersonKeys, type PersonRecord } from '../../platform/personData.js';
import { eraseListed, forgetReviews, type ListedRecord, listedOfPerson } from '../blacklist/blacklist.public.js';
import { type BookingRecord, bookingsOfPerson, forgetBookings } from '../logistics/logistics.public.js';
import { forgetSmsCodes } from '../notifications/notifications.public.js';
import { eraseResidents, residentsOfPerson } from '../residents/residents.public.js';
import { askFacesAgain } from './privacy.faces.js';
import { forgetVisitData } from './privacy.sweep.js';

/** What the company holds about a person, source by source, and every key the records gave them. */
export interface Held {
  keys: PersonKeys;
  visits: PersonRecord[];
  residents: PersonRecord[];
  logistics: BookingRecord[];
  blacklist: ListedRecord[];
  papers: PersonRecord[];
  messages: PersonRecord[];
}

type Key = Pick<In<'findPerson'>, 'phone' | 'email' | 'credentialNo'>;

async function gather(ctx: AuthedContext, keys: PersonKeys): Promise<Held> {
  const scope = ctx.tenant;
  const sent = await messagesToPerson(scope, scope.companyId, keys);
  return {
    keys,
    visits: await visitsOfPerson(scope, keys),
    residents: await residentsOfPerson(scope, keys),
    logistics: await bookingsOfPerson(scope, keys),
    blacklist: await listedOfPerson(scope, ctx.services.secrets, keys),
    papers: await ctx.services.induction.papersOfPerson(scope, keys),
    messages: sent.map((m) => ({
      id: m.id,
      at: m.sentAt ?? m.createdAt,
      fields: { channel: m.channel, to: m.to, subject: m.subject, text: m.text, state: m.state, sentAt: m.sentAt?.toISOString() ?? '' },
      files: [],
      names: [],
      keys: keysOf([], [], []),
    })),
  };
}

const SOURCES = ['visits', 'residents', 'logistics', 'blacklist', 'papers', 'messages'] as const satisfies readonly PersonSource[];
const recordsOf = (held: Held) => SOURCES.flatMap((s) => held[s]);

function merged(a: PersonKeys, more: readonly PersonKeys[]): PersonKeys {
  const all = [a, ...more];
  return keysOf(
    all.flatMap((k) => k.phones),
    all.flatMap((k) => k.emails),
    all.flatMap((k) => k.idNumbers),
  );
}
const size = (k: PersonKeys) => k.phones.length + k.emails.length + k.idNumbers.length;

/**
 * A person's data, from the key the request names, widened once by the keys their records give (a visit found by
 * phone names their ID number, which finds their blacklist entry). Once only: a chain of shared numbers would
 * otherwise reach other people.
 */
export async function held(ctx: AuthedContext, key: Key): Promise<Held> {
  const start = keysOf([key.phone ?? ''], [key.email ?? ''], [key.credentialNo ?? '']);
  if (!hasKeys(start)) return gather(ctx, start);
  const first = await gather(ctx, start);
  const wider = merged(
    start,
    recordsOf(first).map((r) => r.keys),
  );
  return size(wider) > size(start) ? gather(ctx, wider) : first;
}

const namesOf = (h: Held) => [...new Set(recordsOf(h).flatMap((r) => r.names))].filter((n) => n !== '');
const needlesOf = (k: PersonKeys) => [...k.phones, ...k.emails, ...k.idNumbers];

function shown(source: PersonSource, r: PersonRecord & { list?: 'black' | 'white' }): Shown {
  return {
    source,
    id: r.id,
    at: r.at?.getTime() ?? null,
    fields: Object.fromEntries(Object.entries(r.fields).filter(([, v]) => v !== '')),
    files: r.files.length,
    ...(r.list && { list: r.list }),
  };
}

export const shownRecords = (h: Held): Shown[] => SOURCES.flatMap((s) => h[s].map((r) => shown(s, r)));

/**
 * The people of a name: records of that name sharing a key are one candidate (a walk-in and an invitation with the
 * same phone are one person; two with other phones, two), so the administrator picks one to look at by its key.
 */
async function candidatesNamed(ctx: AuthedContext, name: string): Promise<Out<'findPerson'>> {
  const h = await gather(ctx, { ...keysOf([], [], []), names: [name] });
  type Candidate = NonNullable<Out<'findPerson'>['candidates']>[number];
  const people: Candidate[] = [];
  const shares = (a: Candidate, b: Omit<Candidate, 'sources'>) =>
    (a.phone !== '' && a.phone === b.phone) || (a.email !== '' && a.email === b.email) || (a.idNumber !== '' && a.idNumber === b.idNumber);
  const hashed: { source: PersonSource; idHash: string }[] = [];
  for (const source of SOURCES)
    for (const r of h[source]) {
      const c = { name: r.names[0] ?? name, phone: r.keys.phones[0] ?? '', email: r.keys.emails[0] ?? '', idNumber: r.keys.idNumbers[0] ?? '' };
      if (!c.phone && !c.email && !c.idNumber) {
        if (r.idHash) hashed.push({ source, idHash: r.idHash });
        continue;
      }
      // A record sharing a key with a candidate is the same person's: its other keys fill in the candidate's.
      const known = people.find((p) => shares(p, c));
      if (!known) people.push({ ...c, sources: [source] });
      else {
        known.phone ||= c.phone;
        known.email ||= c.email;
        known.idNumber ||= c.idNumber;
        if (!known.sources.includes(source)) known.sources.push(source);
      }
    }
  // An entry holding only its number's hash joins the candidate whose number it is.
  for (const { source, idHash } of hashed) {
    const owner = people.find((p) => p.idNumber && idNumberHash(ctx.services.secrets, p.idNumber) === idHash);
    if (owner && !owner.sources.includes(source)) owner.sources.push(source);
  }
  return { keys: keysOf([], [], []), names: [name], records: [], logEntries: 0, candidates: people };
}

/** A look-up is logged naming whom it showed (an erasure blanks the entry with their others). */
export async function findPerson(ctx: AuthedContext, key: In<'findPerson'>): Promise<Out<'findPerson'>> {
  if (key.name) {
    const found = await candidatesNamed(ctx, key.name);
    // The names as the records hold them (not as typed), so that an erasure of any of these people finds the entry.
    ctx.audit.objName = [...new Set(found.candidates?.map((c) => c.name))].join(', ');
    ctx.audit.desc = logDesc('peopleNamedLookedUp', { count: found.candidates?.length ?? 0 });
    return found;
  }
  const h = await held(ctx, key);
  const entries = await entriesMentioning(ctx.tenant, ctx.tenant.companyId, { names: namesOf(h), needles: needlesOf(h.keys) });
  const records = shownRecords(h);
  // Every name their records give, as a list: an erasure by any of their keys finds the entry (auditChain's `named`).
  ctx.audit.objName = namesOf(h).join(', ');
  ctx.audit.desc = logDesc('personLookedUp', { records: records.length });
  return { keys: h.keys, names: namesOf(h), records, logEntries: entries.length };
}

/**
 * Erases a person in one transaction: each owner forgets its part, the files are queued and removed after the commit,
 * and one erasure entry blanks the log's entries about them (the chain still verifies, auditChain.ts). A face a terminal
 * may still hold goes when it confirms (a job asks again); everything else is gone when this answers.
 */
export async function erasePerson(ctx: AuthedContext, input: In<'erasePerson'>): Promise<Out<'erasePerson'>> {
  const h = await held(ctx, input);
  if (!recordsOf(h).length) throw notFound('person');
  // Anonymised while on site, the visit would stay on the lists as nobody, and the desk could not sign them out.
  if (h.visits.some((v) => v.fields.visitAt && !v.fields.signOutAt))
    throw new AppError(Status.UPDATE_NOT_ALLOWED, 'The person is on site: sign them out first');
  const kept = input.keepBlacklist ? h.blacklist.filter((r) => r.list === 'black') : [];
  const listed = h.blacklist.filter((r) => !kept.includes(r));
  const names = namesOf(h);
  const result = await inTransaction(ctx.tenant, async (tx: TenantScope) => {
    const companyId = tx.companyId;
    const visits = await forgetVisitData(
      ctx,
      tx,
      'visitRecord',
      h.visits.map((v) => ({ id: v.id, name: v.names[0] ?? '', photo: '', signature: '', pdf: '' })),
      true,
    );
    const files = [...h.visits, ...h.residents, ...h.logistics, ...listed].flatMap((r) => r.files);
    await queueFileDeletions(tx, companyId, files);
    const erased: Record<PersonSource, number> = {
      visits: visits.done.length,
      residents: await eraseResidents(
        tx,
        h.residents.map((r) => r.id),
      ),
      logistics: h.logistics.length,
      blacklist: await eraseListed(
        tx,
        listed.map((r) => r.id),
      ),
      papers: h.papers.length,
      messages: await forgetMessagesTo(tx, companyId, h.keys),
    };
    await forgetBookings(tx, h.logistics);
    await forgetEventsOf(tx, companyId, { residentIds: h.residents.map((r) => r.id), bookingIds: h.logistics.map((r) => r.id) });
    await forgetReviews(
      tx,
      'resident',
      h.residents.map((r) => r.id),
      'all',
    );
    await forgetReviews(
      tx,
      'truck',
      h.logistics.map((r) => r.id),
      'all',
    );
    await ctx.services.induction.forgetPapers(
      tx,
      h.papers.map((p) => p.id),
    );
    await forgetSmsCodes(tx, h.keys);
    const entries = [
      ...new Set([
        ...(await entriesNaming(
          tx,
          companyId,
          LogModule.VISITOR,
          h.visits.map((v) => ({ objId: String(v.id), objName: v.names[0] ?? '' })),
        )),
        ...(await entriesMentioning(tx, companyId, { names, needles: needlesOf(h.keys) })),
      ]),
    ];
    // The erasure's own entry names no one: it lists the entries it blanks (auditChain.ts checks it does).
    const seq = await writeLog(
      tx,
      ctx.services.secrets,
      ctx.session,
      {
        module: LogModule.VISITOR,
        event: 'delete',
        desc: logDesc(ERASURE_KEY, { entries: entries.length }),
        details: { redacted: entries, erased, kept: kept.map((k) => k.id) },
      },
      ctx.ip,
    );
    if (seq !== null) await redactEntries(tx, companyId, entries, seq);
    return { erased, files: files.length, logEntries: entries.length, held: visits.held };
  });
  ctx.audit.skip = true;
  await drainFileDeletions(ctx.tenant, ctx.services.files, ctx.tenant.companyId);
  const { held: faces, ...counts } = result;
  if (faces.length) await askFacesAgain(ctx, faces);
  return { ...counts, facesPending: faces.length, kept: kept.map((k) => ({ id: k.id, name: k.fields.name ?? '', remark: k.fields.remark ?? '' })) };
}
