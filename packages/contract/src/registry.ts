import type { z } from 'zod';
import type { CallDef, DownloadDef } from './call.js';
import { accountExportDownloads } from './calls/accountExport.js';
import { accountClosingCalls } from './calls/accounts.closing.js';
import { accountCalls } from './calls/accounts.js';
import { apiKeyCalls } from './calls/apiKeys.js';
import { approvalCalls } from './calls/approvals.js';
import { approvalPolicyCalls } from './calls/approvals.policies.js';
import { employeeAccountCalls } from './calls/auth.employeeAccount.js';
import { authImCalls } from './calls/auth.im.js';
import { authCalls } from './calls/auth.js';
import { authPasskeyCalls } from './calls/auth.passkeys.js';
import { authSsoCalls } from './calls/auth.sso.js';
import { blacklistCalls, blacklistDownloads } from './calls/blacklist.js';
import { screeningCopyCalls } from './calls/blacklist.offline.js';
import { screeningReviewCalls } from './calls/blacklist.reviews.js';
import { contactCalls } from './calls/contacts.js';
import { faceSyncCalls } from './calls/credentials.js';
import { departmentCalls, exportDepartmentTemplate, importDepartment } from './calls/departments.js';
import { deviceCalls } from './calls/devices.js';
import { doorCalls } from './calls/doors.js';
import { employeeAttributeCalls } from './calls/employees.attributes.js';
import { empFacePhoto, faceCalls } from './calls/employees.faces.js';
import { employeeCalls, employeeDownloads, exportEmployeeTemplate, importEmpList } from './calls/employees.js';
import { proxyCalls } from './calls/employees.proxies.js';
import { imCalls } from './calls/im.js';
import { interimCardCalls, interimCardDownloads } from './calls/interimCards.js';
import { exportAppointmentTemplate, uploadAppointment } from './calls/invitations.batch.js';
import { bookingAppCalls } from './calls/invitations.bookingApps.js';
import { invitationCalls } from './calls/invitations.js';
import { inviteListCalls } from './calls/invitations.list.js';
import { invitationPageCalls } from './calls/invitations.page.js';
import { invitationSmsCodeCalls } from './calls/invitations.smsCode.js';
import { templateCalls } from './calls/invitations.templates.js';
import { logisticsCalls, logisticsDownloads } from './calls/logistics.js';
import { logisticsTypeCalls } from './calls/logistics.types.js';
import { logCalls, logDownloads } from './calls/logs.js';
import { meetingCalls } from './calls/meetings.js';
import { monitorCalls } from './calls/monitor.js';
import { notificationCalls } from './calls/notifications.js';
import { wechatCalls } from './calls/notifications.wechat.js';
import { getOnSiteList, onSiteDownloads } from './calls/onsite.js';
import { passkeyCalls } from './calls/passkeys.js';
import { passRecordCalls, passRecordDownloads } from './calls/passRecords.js';
import { passConfigCalls } from './calls/passRules.configs.js';
import { holidayImportCalls } from './calls/passRules.holidays.js';
import { passRuleCalls } from './calls/passRules.js';
import { privacyConsentCalls } from './calls/privacy.consent.js';
import { idNumberCalls } from './calls/privacy.idNumbers.js';
import { privacyCalls, privacyDownloads } from './calls/privacy.js';
import { privacyVisitorCalls, privacyVisitorDownloads } from './calls/privacy.visitor.js';
import { examCalls, examDownloads } from './calls/questionnaires.exams.js';
import { questionnaireCalls, questionnaireDownloads } from './calls/questionnaires.js';
import { trainingVideoCalls } from './calls/questionnaires.trainingVideos.js';
import { gateCalls } from './calls/registration.gates.js';
import { htmlTextCalls } from './calls/registration.htmlText.js';
import { registrationCalls } from './calls/registration.js';
import { padDownloads, padSettingCalls } from './calls/registration.pad.js';
import { reportCalls } from './calls/reports.js';
import { reportTableCalls, reportTableDownloads } from './calls/reports.table.js';
import { residentCalls } from './calls/residents.js';
import { supplierCalls, supplierDownloads } from './calls/residents.suppliers.js';
import { roleCalls } from './calls/roles.js';
import { settingsCalls } from './calls/settings.js';
import { ssoCalls } from './calls/sso.js';
import { subCompanyCalls, subCompanyDownloads } from './calls/subCompanies.js';
import { superAccountCalls } from './calls/superAccounts.js';
import { visitCalls, visitDownloads } from './calls/visits.js';
import { webhookCalls } from './calls/webhooks.js';

/** Every call of the API; the server registers exactly these and the web client is typed from them. */
export const allCalls = [
  ...authCalls,
  ...authImCalls,
  ...authSsoCalls,
  ...authPasskeyCalls,
  ...accountCalls,
  ...accountClosingCalls,
  ...superAccountCalls,
  ...logCalls,
  ...privacyCalls,
  ...privacyConsentCalls,
  ...idNumberCalls,
  ...privacyVisitorCalls,
  ...employeeCalls,
  importEmpList,
  ...employeeAttributeCalls,
  ...faceCalls,
  ...departmentCalls,
  importDepartment,
  ...blacklistCalls,
  ...screeningReviewCalls,
  ...screeningCopyCalls,
  ...roleCalls,
  ...proxyCalls,
  ...contactCalls,
  ...imCalls,
  ...registrationCalls,
  ...gateCalls,
  ...padSettingCalls,
  ...htmlTextCalls,
  ...visitCalls,
  ...residentCalls,
  ...supplierCalls,
  ...invitationCalls,
  ...invitationSmsCodeCalls,
  ...approvalCalls,
  ...approvalPolicyCalls,
  ...templateCalls,
  ...meetingCalls,
  ...invitationPageCalls,
  ...inviteListCalls,
  ...bookingAppCalls,
  uploadAppointment,
  ...employeeAccountCalls,
  ...settingsCalls,
  ...notificationCalls,
  ...wechatCalls,
  ...reportCalls,
  getOnSiteList,
  ...reportTableCalls,
  ...passRecordCalls,
  ...doorCalls,
  ...deviceCalls,
  ...monitorCalls,
  ...passRuleCalls,
  ...holidayImportCalls,
  ...passConfigCalls,
  ...faceSyncCalls,
  ...questionnaireCalls,
  ...examCalls,
  ...trainingVideoCalls,
  ...logisticsTypeCalls,
  ...logisticsCalls,
  ...interimCardCalls,
  ...subCompanyCalls,
  ...webhookCalls,
  ...apiKeyCalls,
  ...ssoCalls,
  ...passkeyCalls,
] as const;
export type AnyCall = (typeof allCalls)[number];
export type CallName = AnyCall['name'];
/**
 * The call named N. Not `Extract<AnyCall, { name: N }>`: a call defined for several names at once (the blacklist's
 * and whitelist's `get${Name}` have the name type 'getBlacklist' | 'getWhitelist') would not be found by either name.
 */
export type CallByName<N extends CallName> = AnyCall extends infer C ? (C extends { name: infer M } ? (N extends M ? C : never) : never) : never;
/** A call's input as its handler receives it (parsed, defaults applied): `input: In<'addEmployee'>` in a service. */
export type In<N extends CallName> = z.output<CallByName<N>['input']>;
/** A call's result as its handler answers it (before the output schema strips and checks it). */
export type Out<N extends CallName> = z.input<CallByName<N>['output']>;

/** The calls a console session may make: every call but those made by door devices (`access: 'device'`). */
export type ConsoleCallName = Exclude<CallName, Extract<AnyCall, { access: 'device' }>['name']>;

export const callsByName: ReadonlyMap<string, CallDef> = new Map(allCalls.map((c) => [c.name, c as CallDef]));

/** Every file download of the API. */
export const allDownloads: readonly DownloadDef[] = [
  ...visitDownloads,
  ...onSiteDownloads,
  ...employeeDownloads,
  exportEmployeeTemplate,
  empFacePhoto,
  exportDepartmentTemplate,
  ...blacklistDownloads,
  ...padDownloads,
  exportAppointmentTemplate,
  ...reportTableDownloads,
  ...passRecordDownloads,
  ...questionnaireDownloads,
  ...examDownloads,
  ...logisticsDownloads,
  ...logDownloads,
  ...supplierDownloads,
  ...interimCardDownloads,
  ...accountExportDownloads,
  ...privacyDownloads,
  ...privacyVisitorDownloads,
  ...subCompanyDownloads,
];
