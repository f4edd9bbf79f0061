/** What other modules may use of core/people: the only file they import from it. */

export { departmentsRepository } from './departments.repository.js';
export * as departments from './departments.service.js';
export { normalisePath, pathResolver } from './departments.service.js';
export type { EmployeeFilter, EmployeeInsert, EmployeeRow } from './employees.repository.js';
export { employeesRepository } from './employees.repository.js';
export * as employees from './employees.service.js';
export * as employeesService from './employees.service.js';
export { cardTaken, checkClause, namesOf, notFound, page, repoOf, takenByIndex, withDepartments } from './employees.service.js';
export * as faces from './faces.js';
export { employeeFaceCount, faceSyncCandidates, reportFaceStatus, takeFaceQueue } from './faces.js';
export * as proxies from './proxies.service.js';
export { runningProxyOf } from './proxies.service.js';
export * as suppliers from './suppliers.js';
export { supplierById, supplierNamed, suppliersOf } from './suppliers.js';
