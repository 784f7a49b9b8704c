import type { Fact } from '../../agents/index.js';
import type { Criterion } from './proof-criteria.js';
import { deriveCriteria } from './proof-criteria.js';
import type { ProofEvidence, ProofToolCall } from './proof-evidence.js';
import { buildEvidence } from './proof-evidence.js';
import type { UnverifiedClaim } from './verify-claims.js';
import { verifyClaims } from './verify-claims.js';

/** The verifier's findings on one answer: data for the run record, the trace and a retry. */
export interface ProofReport {
  /** No unverified claim and every `must` criterion met. */
  passed: boolean;
  claims: number;
  unverified: UnverifiedClaim[];
  criteria: Criterion[];
  /** One line per problem, for the retry prompt and the contract's gaps. */
  findings: string[];
}

/** What the verifier needs of one sub-task. */
export interface ProofInput {
  agent: string;
  request: string;
  answer: string;
  facts?: readonly Fact[];
  tools: readonly ProofToolCall[];
}

function report(unverified: UnverifiedClaim[], claims: number, criteria: Criterion[]): ProofReport {
  const findings = [
    ...unverified.map((claim) => `unverified ${claim.kind}: ${claim.detail}`),
    ...criteria.filter((c) => !c.met && c.level === 'must').map((c) => `missing: ${c.description}`),
  ];
  return { passed: findings.length === 0, claims, unverified, criteria, findings };
}

/**
 * The proof check of one sub-task: every value in the answer and in the contract's facts must be in
 * the sub-task's tool results (or the request), and the criteria its intent implies must be met.
 */
export function proofCheck(input: ProofInput): ProofReport {
  const evidence = buildEvidence(input.request, input.tools);
  const check = verifyClaims(input.answer, evidence);
  const factText = (input.facts ?? []).map((fact) => `${fact.field}: ${String(fact.value)}`).join('\n');
  const factCheck = factText === '' ? { claims: 0, unverified: [] } : verifyClaims(factText, evidence);
  const criteria = deriveCriteria(input.agent, input.request, input.answer, evidence);
  return report([...check.unverified, ...factCheck.unverified], check.claims + factCheck.claims, criteria);
}

/**
 * The check of a final answer against what the sub-tasks established: the same claim verifier over
 * the union of their evidence (only verified sub-tasks should be passed in), no criteria of its own.
 */
export function proofCheckFinal(answer: string, evidence: ProofEvidence): ProofReport {
  const check = verifyClaims(answer, evidence);
  return report(check.unverified, check.claims, []);
}
