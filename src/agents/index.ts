export { ROLES, ROLES_TABLE } from './roles.js';
export type { AgentName } from './roles.js';
export { DelegationContract, Fact, INSTRUCTION_IGNORED_FLAG } from './delegation-contract.js';
export { systemPrompt } from './system-prompt.js';
