/** What other modules may use of modules/roles: the only file they import from it. */
export { applyMappedRoles, notRoles, providerRoles } from './roles.mapping.js';
