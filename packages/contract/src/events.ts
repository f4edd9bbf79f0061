import { z } from 'zod';
import {
  credentialEventData,
  deviceEventData,
  doorEventData,
  siteExamples,
  temporaryCardEventData,
  truckEventData,
  watchlistEventData,
} from './events.site.js';
import type { Label } from './lookups.js';
import { VISIT_KINDS } from './visitStates.js';

export * from './events.site.js';

/**
 * The events OpenVisit sends to a company's webhook endpoints (docs/modules/webhooks.md): each a type, a label, what
 * makes it happen, and its `data` as a schema (the OpenAPI's `webhooks` section and the console's catalogue both read
 * this). Every delivery's body is `{ type, timestamp, data }`, signed as the Standard Webhooks specification says.
 * A type is listed here only once something emits it; the data of the events that are not a visit's are in
 * events.site.ts.
 */
const iso = z.iso.datetime().describe('ISO 8601, UTC');

/** A visit as its events carry it: who, whom they see, where and when; never its pass code or ID number. */
export const visitEventData = z.object({
  vid: z.int32(),
  kind: z.enum(VISIT_KINDS),
  status: z.string().describe('The visit status after the change (visitStates.ts)'),
  previousStatus: z.string().nullable(),
  visitor: z.object({ name: z.string(), phone: z.string(), email: z.string(), company: z.string(), peopleCount: z.int32() }),
  host: z.object({ id: z.int32().nullable(), name: z.string() }),
  subCompanyId: z.int32().nullable(),
  gateId: z.int32().nullable(),
  visitType: z.string(),
  reason: z.string(),
  expectedAt: iso.nullable(),
  checkedInAt: iso.nullable(),
  checkedOutAt: iso.nullable(),
  /** Who made the change: an account's name, 'visitor' on the invitation page, 'auto' for the server's own sweeps. */
  actor: z.string(),
});
export type VisitEventData = z.infer<typeof visitEventData>;

export const testEventData = z.object({ endpointId: z.int32(), message: z.string() });

const exampleVisit: VisitEventData = {
  vid: 1024,
  kind: 'invite',
  status: 'signedIn',
  previousStatus: 'accepted',
  visitor: { name: '王小明', phone: '+8613800138000', email: 'wang@example.com', company: 'Acme Ltd', peopleCount: 2 },
  host: { id: 17, name: '李华' },
  subCompanyId: null,
  gateId: 3,
  visitType: '商务拜访',
  reason: 'Contract review',
  expectedAt: '2026-12-05T01:30:00.000Z',
  checkedInAt: '2026-12-05T01:42:10.000Z',
  checkedOutAt: null,
  actor: 'Front desk',
};

interface EventDef {
  label: Label;
  /** What makes it happen. */
  when: Label;
  data: z.ZodType;
  /** The example body's data, as the console's catalogue and the OpenAPI show it. */
  example: unknown;
}

const visitEvent = (label: Label, when: Label): EventDef => ({ label, when, data: visitEventData, example: exampleVisit });
const siteEvent =
  (data: z.ZodType, example: unknown) =>
  (label: Label, when: Label): EventDef => ({ label, when, data, example });
const doorEvent = siteEvent(doorEventData, siteExamples.door);
const truckEvent = siteEvent(truckEventData, siteExamples.truck);
const cardEvent = siteEvent(temporaryCardEventData, siteExamples.temporaryCard);
const deviceEvent = siteEvent(deviceEventData, siteExamples.device);

export const eventCatalogue = {
  'visit.created': visitEvent(
    { zh: '访客记录已创建', en: 'Visit created' },
    { zh: '登记、邀请、预约或常驻访客签到产生一条访客记录', en: 'A walk-in, invitation, booking or resident sign-in makes a visit record' },
  ),
  'visit.awaiting_approval': visitEvent(
    { zh: '访客等待审批', en: 'Visit awaiting approval' },
    { zh: '访客记录进入审批', en: 'A visit goes to its approvers' },
  ),
  'visit.approved': visitEvent({ zh: '访客已批准', en: 'Visit approved' }, { zh: '审批人批准了访问', en: 'An approver approves the visit' }),
  'visit.refused': visitEvent(
    { zh: '访客已拒绝', en: 'Visit refused' },
    { zh: '审批人拒绝，或筛查拒绝了访问', en: 'An approver or a screening reviewer refuses the visit' },
  ),
  'visit.checked_in': visitEvent(
    { zh: '访客已签到', en: 'Visitor checked in' },
    { zh: '访客在前台、自助机、门禁或现场登记时签到', en: 'The visitor checks in at the desk, a kiosk, a door or on walking in' },
  ),
  'visit.checked_out': visitEvent(
    { zh: '访客已签出', en: 'Visitor checked out' },
    { zh: '访客签出，或离开时间过后自动签出', en: 'The visitor checks out, or is checked out when the leave time passes' },
  ),
  'visit.expired': visitEvent(
    { zh: '访客记录已过期', en: 'Visit expired' },
    { zh: '访问时间已过而访客未签到', en: 'The visit window passes without a check-in' },
  ),
  'visit.cancelled': visitEvent(
    { zh: '访问已取消', en: 'Visit cancelled' },
    { zh: '邀请人或管理员取消了访问', en: 'The host or an administrator calls the visit off' },
  ),
  'invitation.sent': visitEvent(
    { zh: '邀请已发出', en: 'Invitation sent' },
    { zh: '员工或管理员邀请访客', en: 'An employee or administrator invites a visitor' },
  ),
  'invitation.viewed': visitEvent(
    { zh: '邀请已查看', en: 'Invitation viewed' },
    { zh: '访客第一次打开邀请页', en: 'The visitor first opens the invitation page' },
  ),
  'invitation.accepted': visitEvent(
    { zh: '邀请已接受', en: 'Invitation accepted' },
    { zh: '访客在邀请页接受邀请', en: 'The visitor accepts on the invitation page' },
  ),
  'invitation.declined': visitEvent(
    { zh: '邀请已谢绝', en: 'Invitation declined' },
    { zh: '访客在邀请页谢绝邀请', en: 'The visitor declines on the invitation page' },
  ),
  'door.passed': doorEvent(
    { zh: '门禁通行', en: 'Door passed' },
    { zh: '有人凭二维码、人脸或卡通过门禁、闸机或人脸终端', en: 'Someone passes a door, turnstile or face terminal with a QR pass, face or card' },
  ),
  'door.refused': doorEvent(
    { zh: '门禁拒绝通行', en: 'Door refused' },
    {
      zh: '门禁、闸机或人脸终端拒绝了出示的二维码、人脸或卡（附拒绝的状态码与原因）',
      en: 'A door, turnstile or face terminal refuses the QR pass, face or card shown (with the status and reason)',
    },
  ),
  'credential.failed': siteEvent(credentialEventData, siteExamples.credential)(
    { zh: '凭证下发失败', en: 'Credential failed' },
    {
      zh: '人员的人脸、卡、二维码或车牌多次重试后仍无法写入设备（或从设备删除）',
      en: "A person's face, card, QR pass or plate could not be written to (or removed from) a device after every retry",
    },
  ),
  'watchlist.matched': siteEvent(watchlistEventData, siteExamples.watchlist)(
    { zh: '名单命中', en: 'Watchlist matched' },
    {
      zh: '来访人员（访客、常驻访客、司机）命中名单而被拒绝或等待审核',
      en: 'A person coming in (visitor, resident visitor, driver) meets a watchlist entry that refuses them or holds them for review',
    },
  ),
  'truck.arrived': truckEvent(
    { zh: '货车已到达', en: 'Truck arrived' },
    {
      zh: '物流预约的货车在门岗登记到达，或车牌识别道闸识别入场',
      en: "A logistics booking's truck is checked in at the gate, or a plate camera lets it in",
    },
  ),
  'truck.left': truckEvent(
    { zh: '货车已离开', en: 'Truck left' },
    {
      zh: '货车在门岗登记离开，或车牌识别道闸识别出场（预约结束）',
      en: 'The truck is checked out at the gate, or a plate camera lets it out (the booking ends)',
    },
  ),
  'temporary_card.lent': cardEvent(
    { zh: '临时卡已借出', en: 'Temporary card lent' },
    { zh: '前台把临时卡借给员工或访客', en: 'The desk lends a temporary card to an employee or visitor' },
  ),
  'temporary_card.returned': cardEvent(
    { zh: '临时卡已归还', en: 'Temporary card returned' },
    { zh: '临时卡归还到前台', en: 'A temporary card is given back at the desk' },
  ),
  'device.offline': deviceEvent(
    { zh: '设备离线', en: 'Device offline' },
    {
      zh: '前台、访客机或人脸终端超过公司设定的时间没有心跳（每次离线一次）',
      en: "A front desk, visitor machine or face terminal is silent past the company's threshold (once per outage)",
    },
  ),
  'device.online': deviceEvent(
    { zh: '设备恢复在线', en: 'Device back online' },
    { zh: '离线的设备重新上报心跳', en: 'A device reported offline reports again' },
  ),
  'webhook.test': {
    label: { zh: '测试事件', en: 'Test event' },
    when: { zh: '管理员在控制台发送测试事件，仅发往该地址', en: 'An administrator sends a test from the console, to that endpoint only' },
    data: testEventData,
    example: { endpointId: 5, message: 'A test event from OpenVisit' },
  },
} as const satisfies Record<string, EventDef>;

export type EventType = keyof typeof eventCatalogue;

/** What a type's first part names, as the console groups the catalogue. */
export const eventGroups: Record<string, Label> = {
  visit: { zh: '访客', en: 'Visits' },
  invitation: { zh: '邀请', en: 'Invitations' },
  door: { zh: '门禁', en: 'Doors' },
  credential: { zh: '凭证下发', en: 'Credentials' },
  watchlist: { zh: '名单筛查', en: 'Watchlists' },
  truck: { zh: '物流', en: 'Trucks' },
  temporary_card: { zh: '临时卡', en: 'Temporary cards' },
  device: { zh: '设备监控', en: 'Devices' },
  webhook: { zh: '测试', en: 'Test' },
};
export const EVENT_TYPES = Object.keys(eventCatalogue) as EventType[];
/** What an endpoint may subscribe to: every type but the test event (sent to the one endpoint asked), or '*'. */
export const SUBSCRIBABLE_EVENTS = EVENT_TYPES.filter((t) => t !== 'webhook.test');
export type EventData<T extends EventType> = z.infer<(typeof eventCatalogue)[T]['data']>;

/** A delivery's body. */
export interface EventEnvelope<T extends EventType = EventType> {
  type: T;
  timestamp: string;
  data: EventData<T>;
}

/** The example body of each type, as the console's catalogue and the OpenAPI show it. */
export function exampleEvent<T extends EventType>(type: T): EventEnvelope<T> {
  return { type, timestamp: '2026-12-05T01:42:10.512Z', data: eventCatalogue[type].example as EventData<T> };
}
