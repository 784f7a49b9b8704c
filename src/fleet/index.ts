export { checkDelegation, DEFAULT_MAX_DEPTH } from './call-tree.js';
export type { DelegationVerdict } from './call-tree.js';
export { collectFacts } from './collect-facts.js';
export { firstSentences } from './first-sentences.js';
export { judgeCompletion } from './judge-completion.js';
export type { ChildEvidence, ToolEvidence } from './judge-completion.js';
export { missingPartsNote } from './missing-parts.js';
