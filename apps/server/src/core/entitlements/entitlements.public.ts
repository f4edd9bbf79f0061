/** What other modules may use of core/entitlements: the only file they import from it. */
export type { DeviceLinkRow, LinkPatch } from './deviceLinks.repository.js';
export { deviceLinksRepository, linkView } from './deviceLinks.repository.js';
export * as groups from './devices.groups.js';
export { removeGroup } from './devices.groups.js';
export type { DeviceRow } from './devices.repository.js';
export { devicesRepository } from './devices.repository.js';
export type { GroupFacts } from './devices.service.js';
export {
  addDevice,
  allGrants,
  assertGroups,
  deviceById,
  devicePage,
  devicesOfGroup,
  devicesOfGroups,
  employeesGranted,
  entitledGroups,
  groupFacts,
  groupIdsGranted,
  groupIdsOfEmployees,
  groupsByDevice,
  groupsById,
  groupsOfVisit,
  listDevices,
  removeDevice,
  rotateSecret,
  setDeviceStatus,
  setEmployeesGroups,
  updateDevice,
  visitorTypeGrants,
} from './devices.service.js';
export { assertAll, unique } from './devices.shared.js';
export type { PassRecordInsert } from './passes.js';
export { forgetVisitPasses, normalizePlate, recordPass, recordPasses, recordVehicles, visitEntries } from './passes.js';
export type { DoorStrategy, HolidayDay, PassUsage, ScheduleRule } from './passTimes.js';
export { withinLimits, withinSchedule } from './passTimes.js';
