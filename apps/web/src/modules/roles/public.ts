/** What other features use of roles: the role tree (approval levels). */
export { useRoleTree } from './api';
