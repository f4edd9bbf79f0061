import type { z } from 'zod';
import type { CallDef, DownloadDef } from './call.js';
import { accountClosingCalls, accountClosingDownloads } from './calls/accountClosing.js';
import { accountCalls } from './calls/accounts.js';
import { approvalCalls } from './calls/approvals.js';
import { authCalls } from './calls/auth.js';
import { blacklistCalls, blacklistDownloads } from './calls/blacklist.js';
import { bookingAppCalls } from './calls/bookingApps.js';
import { contactCalls } from './calls/contacts.js';
import { departmentCalls, exportDepartmentTemplate, importDepartment } from './calls/departments.js';
import { deviceCalls } from './calls/devices.js';
import { doorCalls } from './calls/doors.js';
import { employeeAccountCalls } from './calls/employeeAccount.js';
import { employeeAttributeCalls } from './calls/employeeAttributes.js';
import { employeeCalls, employeeDownloads, exportEmployeeTemplate, importEmpList } from './calls/employees.js';
import { examCalls, examDownloads } from './calls/exams.js';
import { faceSyncCalls } from './calls/faceSync.js';
import { empFacePhoto, faceCalls } from './calls/faces.js';
import { gateCalls } from './calls/gates.js';
import { holidayImportCalls } from './calls/holidayImport.js';
import { htmlTextCalls } from './calls/htmlText.js';
import { interimCardCalls, interimCardDownloads } from './calls/interimCards.js';
import { invitationPageCalls } from './calls/invitationPage.js';
import { invitationCalls } from './calls/invitations.js';
import { exportAppointmentTemplate, uploadAppointment } from './calls/inviteBatch.js';
import { inviteListCalls } from './calls/inviteList.js';
import { logisticsCalls, logisticsDownloads } from './calls/logistics.js';
import { logisticsTypeCalls } from './calls/logisticsTypes.js';
import { logCalls } from './calls/logs.js';
import { meetingCalls } from './calls/meetings.js';
import { monitorCalls } from './calls/monitor.js';
import { notificationCalls } from './calls/notifications.js';
import { getOnSiteList, onSiteDownloads } from './calls/onsite.js';
import { padDownloads, padSettingCalls } from './calls/padSettings.js';
import { passConfigCalls } from './calls/passConfigs.js';
import { passRecordCalls, passRecordDownloads } from './calls/passRecords.js';
import { passRuleCalls } from './calls/passRules.js';
import { proxyCalls } from './calls/proxies.js';
import { questionnaireCalls, questionnaireDownloads } from './calls/questionnaires.js';
import { registrationCalls } from './calls/registration.js';
import { reportCalls } from './calls/reports.js';
import { reportTableCalls, reportTableDownloads } from './calls/reportTable.js';
import { residentCalls } from './calls/residents.js';
import { roleCalls } from './calls/roles.js';
import { settingsCalls } from './calls/settings.js';
import { subCompanyCalls, subCompanyDownloads } from './calls/subCompanies.js';
import { superAccountCalls } from './calls/superAccounts.js';
import { supplierCalls, supplierDownloads } from './calls/suppliers.js';
import { templateCalls } from './calls/templates.js';
import { trainingVideoCalls } from './calls/trainingVideos.js';
import { visitCalls, visitDownloads } from './calls/visits.js';
import { wechatCalls } from './calls/wechatCalls.js';

/** Every call of the API; the server registers exactly these and the web client is typed from them. */
export const allCalls = [
  ...authCalls,
  ...accountCalls,
  ...accountClosingCalls,
  ...superAccountCalls,
  ...logCalls,
  ...employeeCalls,
  importEmpList,
  ...employeeAttributeCalls,
  ...faceCalls,
  ...departmentCalls,
  importDepartment,
  ...blacklistCalls,
  ...roleCalls,
  ...proxyCalls,
  ...contactCalls,
  ...registrationCalls,
  ...gateCalls,
  ...padSettingCalls,
  ...htmlTextCalls,
  ...visitCalls,
  ...residentCalls,
  ...supplierCalls,
  ...invitationCalls,
  ...approvalCalls,
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
  ...supplierDownloads,
  ...interimCardDownloads,
  ...accountClosingDownloads,
  ...subCompanyDownloads,
];
