export { ROLES, ROLES_TABLE } from './roles.js';
export type { AgentName, RoleSpec } from './roles.js';
