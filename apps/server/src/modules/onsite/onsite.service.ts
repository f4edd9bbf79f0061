import type { VisitKind } from '@openvisit/contract';
import { onSitePeople } from '../../core/visits/visits.public.js';
import type { AuthedContext } from '../../platform/http/calls.js';
import { wentOut } from '../passRecords/passRecords.public.js';

export type OnSiteRow = Awaited<ReturnType<typeof onSitePeople>>[number];

/** A gate's section of the list: who came in there, latest first. */
export interface OnSiteGate {
  gid: number | null;
  gname: string;
  people: number;
  list: {
    vid: number;
    kind: VisitKind;
    name: string;
    phone: string;
    company: string;
    empName: string;
    empPhone: string;
    visitType: string;
    followers: number;
    visitdate: number;
    cardNo: string;
  }[];
}

/**
 * Everyone on site now, in sections by gate (named gates by name, then those who came in without one). A visitor
 * signed in whose last pass through a door was an exit is out (where the doors do not sign visitors out themselves),
 * until they come back through an entry.
 */
export async function onSiteList(ctx: AuthedContext) {
  const signedIn = await onSitePeople(ctx);
  const out = await wentOut(
    ctx.tenant,
    signedIn.map((r) => ({ id: r.id, since: r.visitAt })),
  );
  const rows = signedIn.filter((r) => !out.has(r.id));
  const byKind: Record<VisitKind, number> = { walkin: 0, invite: 0, appointment: 0, resident: 0 };
  const gates = new Map<string, OnSiteGate>();
  let people = 0;
  for (const r of rows) {
    const key = `${r.gid ?? ''}|${r.gate}`;
    let g = gates.get(key);
    if (!g) {
      g = { gid: r.gid, gname: r.gate, people: 0, list: [] };
      gates.set(key, g);
    }
    const followers = r.followers.length;
    g.people += 1 + followers;
    people += 1 + followers;
    byKind[r.kind as VisitKind] += 1;
    g.list.push({
      vid: r.id,
      kind: r.kind as VisitKind,
      name: r.name,
      phone: r.phone,
      company: r.company,
      empName: r.empName,
      empPhone: r.empPhone,
      visitType: r.visitType,
      followers,
      visitdate: (r.visitAt ?? new Date(0)).getTime(),
      cardNo: r.cardNo,
    });
  }
  const sections = [...gates.values()].sort((a, b) => (a.gname === '' ? 1 : 0) - (b.gname === '' ? 1 : 0) || a.gname.localeCompare(b.gname));
  return { at: Date.now(), visits: rows.length, people, byKind, gates: sections };
}
