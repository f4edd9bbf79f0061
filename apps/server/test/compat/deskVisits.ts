import { createHash } from 'node:crypto';
import { expect } from 'vitest';
import type { TestApp } from '../harness.js';
import type { DeskSite, Reads } from './desk.js';

/**
 * The visits a desk's day is made of, made the way they arise (a walk-in at the desk, an invitation from the console,
 * a booking signed by the company's booking app), and what the app reads of them (frontdesk-app.md §3a, §3b).
 */

/** A list row (§3a "Row fields read"). */
export const ROW_READS: Reads = {
  vid: 'number',
  appid: 'number',
  vname: 'string',
  empName: 'string',
  empPhone: 'string',
  vphone: 'string',
  vemail: 'string',
  visitType: 'string',
  visitdate: 'ms?',
  signOutDate: 'ms?',
  appointmentDate: 'ms?',
  leaveTime: 'ms?',
  status: 'number',
  permission: 'number',
  extendCol: 'json',
  peopleCount: 'number',
  vcompany: 'string',
  remark: 'string',
  gid: 'number',
  tid: 'number',
  vgroup: 'number',
  vType: 'string',
  qrcodeType: 'number',
  qrcodeConf: 'number',
  aid: 'number',
  signInGate: 'string',
  signOutGate: 'string',
  signInOpName: 'string',
  signOutOpName: 'string',
};

/** GetVisitorByVid's answer (§3b "Fields read"): appointmentDate a number the app adds minutes to. */
export const DETAIL_READS: Reads = {
  peopleCount: 'number',
  vname: 'string',
  appointmentDate: 'ms',
  vphone: 'string',
  visitType: 'string',
  vemail: 'string',
  signInGate: 'string',
  signOutGate: 'string',
  signInOpName: 'string',
  signOutOpName: 'string',
  memberName: 'json',
  vcompany: 'string',
  remark: 'string',
  leaveTime: 'ms?',
  gid: 'number',
  empName: 'string',
  empPhone: 'string',
  dept: 'string',
  workbay: 'string',
  extendCol: 'json',
  cardId: 'string',
  tid: 'number',
  vgroup: 'number',
  vType: 'string',
  permission: 'number',
  signOutDate: 'ms?',
  visitdate: 'ms?',
  qrcodeType: 'number',
  qrcodeConf: 'number',
  aid: 'number',
  appid: 'number',
};

export type Row = Record<string, unknown> & { vid: number; vname: string; status: number; permission: number };
export interface Page {
  count: number;
  list: Row[];
}

/** The state the app shows a row in, first match wins (§3a). */
export function appState(r: Row): string {
  if (r.signOutDate) return 'signedOut';
  if (r.leaveTime) return 'ended';
  if (r.visitdate) return 'signedIn';
  if (r.status === 4) return 'rejected';
  return ['unauthorised', 'authorised', 'rejected'][r.permission] ?? 'unknown';
}

/** Today as the app sends it (`yyyy-MM-dd`, the desk PC's day, the same as the server's here). */
export function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** A walk-in registered at this site's gate from the console (signed in at once: approval is off). */
export async function walkIn(t: TestApp, site: DeskSite, vname: string, vphone: string): Promise<number> {
  const r = await t.api.UpdatePhoto(
    { vname, vphone, empid: site.host.id, tid: site.tid, gid: site.gid, followers: [{ name: '随行甲', phone: '' }] },
    site.company.token,
  );
  expect(r.status, r.reason).toBe(0);
  return r.result.vid;
}

/** The administrator invites a visitor for a minute from now, to any gate. */
export async function invite(t: TestApp, site: DeskSite, name: string, phone: string, email = ''): Promise<number> {
  const r = await t.api.addAppointment(
    { empid: site.host.id, tid: site.tid, appointmentDate: Date.now() + 60_000, visitors: [{ name, phone, email }] },
    site.company.token,
  );
  expect(r.status, r.reason).toBe(0);
  return r.result[0]?.vid ?? 0;
}

const md5 = (s: string) => createHash('md5').update(s).digest('hex');

/** A booking as the company's booking app signs it (a visitor's own appointment). */
export async function book(t: TestApp, site: DeskSite, name: string, phone: string, at = Date.now() + 60_000): Promise<number> {
  const made = await t.api.resetBookingApp({}, site.company.token);
  const appCode = made.result.appCode ?? '';
  const timestamp = String(Date.now());
  const res = await t.app.inject({
    method: 'POST',
    url: '/qcvisit/addVisitorApponintmnet',
    headers: { 'content-type': 'application/json', appCode, timestamp, authid: md5(`${appCode}${timestamp}${made.result.secret ?? ''}`) },
    payload: JSON.stringify({ name, phone, empid: String(site.host.id), tid: site.tid, appointmentDate: at, visitReason: '洽谈' }),
  });
  const answer = res.json() as { status: number; reason: string; result: { vid: number } };
  expect(answer.status, answer.reason).toBe(0);
  return answer.result.vid;
}
