import * as c from '@openvisit/contract';
import { bind } from '../../platform/calls.js';
import { bindDownload } from '../../platform/downloads.js';
import { exportEmployees } from './employees.export.js';
import { importEmployees, importTemplate } from './employees.import.js';
import * as employees from './employees.service.js';
import * as proxies from './proxies.service.js';

export const employeesRoutes = [
  bind(c.addEmployee, (input, ctx) => employees.add(ctx, input)),
  bind(c.updateEmployee, (input, ctx) => employees.update(ctx, input)),
  bind(c.batchDelEmployee, (input, ctx) => employees.removeMany(ctx, input)),
  bind(c.getEmpListPages, (input, ctx) => employees.page(ctx, input)),
  bind(c.getEmpList, (_input, ctx) => employees.pickerList(ctx)),
  bind(c.getEmployeeCount, (_input, ctx) => employees.counts(ctx)),
  bind(c.getEmpByName, (input, ctx) => employees.search(ctx, input)),
  bind(c.getEmployeeByEmpNo, (input, ctx) => employees.byEmpNo(ctx, input)),
  bind(c.getDeptByEmpid, (input, ctx) => employees.departmentsOf(ctx, input)),
  bind(c.importEmpList, (input, ctx) => importEmployees(ctx, input)),
  bind(c.setVisitProxy, (input, ctx) => proxies.set(ctx, input)),
  bind(c.getVisitProxyForEmp, (input, ctx) => proxies.forEmployee(ctx, input)),
  bind(c.getVisitProxyForProxy, (input, ctx) => proxies.forProxy(ctx, input)),
];

export const employeesDownloads = [
  bindDownload(c.exportEmployeeList, (input, ctx) => exportEmployees(ctx, input)),
  bindDownload(c.exportEmployeeTemplate, (input) => importTemplate(input)),
];
