export { ROLES, ROLES_TABLE } from './roles.js';
export type { AgentName, RoleSpec } from './roles.js';
export { Confidence, DelegationContract, Fact, INSTRUCTION_IGNORED_FLAG } from './delegation-contract.js';
export { systemPrompt } from './system-prompt.js';
