import type { DelegationContract } from '../../agents/index.js';
import { findDomainTool } from '../../domain/index.js';
import type { ToolEvidence } from '../../fleet/index.js';
import type { ProofReport, ProofToolCall } from '../../fleet/proof/index.js';
import { proofCheck } from '../../fleet/proof/index.js';
import type { RunLedger } from './run-ledger.js';

// One object per piece of evidence, so the verifier reads each call once however many checks include it.
const proofCalls = new WeakMap<ToolEvidence, ProofToolCall>();

/** A piece of tool evidence as the verifier reads it. */
export function toProofCall(evidence: ToolEvidence): ProofToolCall {
  let call = proofCalls.get(evidence);
  if (!call) {
    call = { tool: evidence.tool, args: evidence.args ?? {}, outcome: evidence.outcome, text: evidence.text };
    proofCalls.set(evidence, call);
  }
  return call;
}

// A call the run paused on or a human rejected has no result, but its arguments are what the answer names.
function undecidedCalls(child: RunLedger): ProofToolCall[] {
  return child.toolCalls
    .filter((call) => call.agent === child.agent && (call.status === 'pending' || call.status === 'rejected'))
    .map((call) => ({ tool: call.tool, args: call.args, outcome: call.status as 'pending' | 'rejected', text: '' }));
}

/**
 * The proof check of a sub-task the evidence judge found `ok` (docs/proof.md); undefined when the loop
 * is off or there is nothing to verify (a failed sub-task is already failed).
 */
export function proofOf(child: RunLedger, request: string, answer: string | undefined, contract: DelegationContract): ProofReport | undefined {
  // A flagged answer (planted instructions in what the worker read or wrote) is already passed on only
  // as quoted data with its flag; its quoted text is not a claim to verify or a reason to ask again.
  // A resumed run starts a fresh ledger: what the tools returned before the pause is not in it, so the
  // answer that follows a decision is judged from evidence only (its cancellation result is the fact).
  if (!child.init.proof.enabled || contract.status !== 'ok' || answer === undefined || contract.flags.length > 0 || child.inResumedRun) return undefined;
  return proofCheck({ agent: child.agent, request, answer, facts: contract.facts, tools: [...child.toolEvidence.map(toProofCall), ...undecidedCalls(child)] });
}

/**
 * Whether a sub-task may be asked again: never after an irreversible call was proposed (a retry must not
 * propose it twice), nor once the sub-task or the run is stopped.
 */
export function retryable(child: RunLedger): boolean {
  if (child.stopped) return false;
  const irreversible = (tool: string) => findDomainTool(tool)?.risk === 'irreversible';
  return !child.toolEvidence.some((e) => irreversible(e.tool)) && !child.toolCalls.some((call) => call.agent === child.agent && irreversible(call.tool));
}
