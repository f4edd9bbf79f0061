/** What other modules may use of modules/scim: the only file they import from it. */
export { registerScimRoutes } from './scim.routes.js';
