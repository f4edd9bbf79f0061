import * as c from '@openvisit/contract';
import { bind } from '../../platform/http/calls.js';
import * as configs from './passRules.configs.js';
import * as holidayImport from './passRules.holidayImport.js';
import * as rules from './passRules.service.js';

export const passRulesRoutes = [
  bind(c.getHoliday, (input, ctx) => rules.listHolidays(ctx, input)),
  bind(c.addHoliday, (input, ctx) => rules.addHoliday(ctx, input)),
  bind(c.updateHoliday, (input, ctx) => rules.updateHoliday(ctx, input)),
  bind(c.delHoliday, (input, ctx) => rules.removeHoliday(ctx, input)),
  bind(c.importHolidays, (input, ctx) => holidayImport.importHolidays(ctx, input)),
  bind(c.getHolidayCountries, async (input) => holidayImport.holidayCountries(input)),
  bind(c.getPassRuleList, (input, ctx) => rules.listRules(ctx, input)),
  bind(c.addPassRule, (input, ctx) => rules.addRule(ctx, input)),
  bind(c.updatePassRule, (input, ctx) => rules.updateRule(ctx, input)),
  bind(c.delPassRule, (input, ctx) => rules.removeRule(ctx, input)),
  bind(c.getPassConfigList, (input, ctx) => configs.listConfigs(ctx, input)),
  bind(c.addPassConfig, (input, ctx) => configs.addConfig(ctx, input)),
  bind(c.updatePassConfig, (input, ctx) => configs.updateConfig(ctx, input)),
  bind(c.delPassConfig, (input, ctx) => configs.removeConfig(ctx, input)),
  bind(c.getPassConfigOptions, (_input, ctx) => configs.configOptions(ctx)),
  bind(c.getGatePassWay, (_input, ctx) => configs.listGatePassWays(ctx)),
  bind(c.updateGatePassWay, (input, ctx) => configs.setGatePassWay(ctx, input)),
  // A devices call: the group's strategies are counted here (see removeDeviceGroup).
  bind(c.delEquipmentGroup, (input, ctx) => configs.removeDeviceGroup(ctx, input)),
];
