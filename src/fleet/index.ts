export { checkDelegation } from './call-tree.js';
export { judgeCompletion } from './judge-completion.js';
export type { ToolEvidence } from './judge-completion.js';
export { missingPartsNote } from './missing-parts.js';
