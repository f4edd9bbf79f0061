import * as c from '@openvisit/contract';
import {
  addDevice,
  devicePage,
  devicesOfGroup,
  groups,
  listDevices,
  rotateSecret,
  setDeviceStatus,
  updateDevice,
} from '../../core/entitlements/entitlements.public.js';
import { bind } from '../../platform/http/calls.js';
import { deviceSelf } from './devices.auth.js';
import * as grants from './devices.grants.js';

// delEquipmentGroup is bound by passRules (it builds on groups and must count the strategies binding one), delEquipment
// by credentials (a device must not be forgotten while it holds our people): devices imports neither.
export const devicesRoutes = [
  bind(c.getEquipmentGroupByUserid, (_input, ctx) => groups.listGroups(ctx)),
  bind(c.getEquipmentGroupByPage, (input, ctx) => groups.groupPage(ctx, input)),
  bind(c.addEquipmentGroup, (input, ctx) => groups.addGroup(ctx, input)),
  bind(c.updateEquipmentGroup, (input, ctx) => groups.updateGroup(ctx, input)),
  bind(c.getEGroupByEid, (input, ctx) => groups.groupsOfDevice(ctx, input)),
  bind(c.getEquipmentbyUserid, (input, ctx) => listDevices(ctx, input)),
  bind(c.getEquipmentByEgid, (input, ctx) => devicesOfGroup(ctx, input)),
  bind(c.addEquipment, (input, ctx) => addDevice(ctx, input)),
  bind(c.updateEquipment, (input, ctx) => updateDevice(ctx, input)),
  bind(c.setEquipmentStatus, (input, ctx) => setDeviceStatus(ctx, input)),
  bind(c.rotateEquipmentSecret, (input, ctx) => rotateSecret(ctx, input)),
  bind(c.getDeviceSelf, (_input, ctx) => deviceSelf(ctx)),
  bind(c.getVisitorTypeEgroups, (input, ctx) => grants.visitorTypeGroups(ctx, input)),
  bind(c.setVisitorTypeEgroups, (input, ctx) => grants.setVisitorTypeGroups(ctx, input)),
  bind(c.getResidentEgroups, (input, ctx) => grants.residentGroups(ctx, input)),
  bind(c.setResidentEgroups, (input, ctx) => grants.setResidentGroups(ctx, input)),
  bind(c.getEquipmentByPage, (input, ctx) => devicePage(ctx, input)),
];
