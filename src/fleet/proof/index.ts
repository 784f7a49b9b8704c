export { proofCheck, proofCheckFinal } from './proof-check.js';
export type { ProofReport } from './proof-check.js';
export { addCall, addText, emptyEvidence } from './proof-evidence.js';
export type { ProofToolCall } from './proof-evidence.js';
