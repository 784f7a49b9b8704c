import { ROLES_TABLE } from '../../agents/index.js';
import type { DelegationContract } from '../../agents/index.js';
import { judgeCompletion } from '../../fleet/index.js';
import type { ProofReport } from '../../fleet/proof/index.js';
import type { RolesTable } from '../../policy/index.js';
import { guardedTool, wrapAsData } from '../../policy/index.js';
import { evidenceAnswer } from './evidence-answer.js';
import { proofOf, retryable } from './proof-of.js';
import type { RunLedger } from './run-ledger.js';

/** What one attempt of a worker left: its answer, or what it threw. */
export interface DelegationAttempt {
  answer: string | undefined;
  error?: string | undefined;
}

interface Assessed {
  contract: DelegationContract;
  proof: ProofReport | undefined;
  answer: string | undefined;
  /** The worker answered: no error, no stop of its own, some text. */
  answered: boolean;
}

// The child's contract judged from evidence (its terminal state, its own stop, its raw tool results;
// never from its say-so), then its answer verified against those results.
function assess(child: RunLedger, request: string, attempt: DelegationAttempt, roles: RolesTable): Assessed {
  // Its domain tools and knowledge search: a fact from a retrieved policy passage is evidence too.
  const successTools = (roles[child.agent]?.tools ?? []).filter((tool) => guardedTool(tool) !== undefined);
  const stop = child.ownStop;
  const contract = judgeCompletion({
    taskId: child.taskId ?? child.agent,
    agent: child.agent,
    request,
    answer: attempt.answer,
    ...(attempt.error !== undefined && { error: attempt.error }),
    ...(stop && { stop }),
    tools: child.toolEvidence,
    successTools,
  });
  const answered = (attempt.answer ?? '').trim() !== '' && attempt.error === undefined && !stop;
  return { contract, proof: proofOf(child, request, attempt.answer, contract), answer: attempt.answer, answered };
}

// A sub-task whose answer kept failing its check fails with the findings as its gaps; its text is not
// passed on, so a wrong figure never reaches the supervisor's answer.
function failedProof(contract: DelegationContract, proof: ProofReport): DelegationContract {
  return { ...contract, status: 'failed', result: '', confidence: 'low', gaps: [...contract.gaps, ...proof.findings], reason: `unverified: ${proof.findings[0] ?? 'answer does not match the tool results'}` };
}

function lowered(contract: DelegationContract, proof: ProofReport): DelegationContract {
  const missed = proof.criteria.filter((c) => c.level === 'should' && !c.met);
  if (missed.length === 0 || contract.confidence === 'low') return contract;
  return { ...contract, confidence: 'medium', gaps: [...contract.gaps, ...missed.map((c) => `not stated: ${c.description}`)] };
}

/**
 * The contract as the parent's model reads it: what the envelope or the parent's own call already says
 * (agent, trust, request, task id) left out, empty gaps and flags left out, and each fact as
 * `field=value` (about a third of the tokens of {tool, field, value} objects). The full contract is
 * what the run records and the proof loop checks.
 */
function contractForModel(contract: DelegationContract) {
  const { version, status, result, confidence, gaps, flags, reason, facts } = contract;
  return {
    version,
    status,
    result,
    confidence,
    ...(gaps.length > 0 && { gaps }),
    ...(flags.length > 0 && { flags }),
    ...(reason !== undefined && { reason }),
    facts: facts.map((fact) => `${fact.field}=${String(fact.value)}`),
  };
}

/** A sub-task whose worker kept contradicting its tools, answered from those tools' results instead. */
interface Recovered {
  contract: DelegationContract;
  answer: string;
}

// When the retries did not fix the worker's answer, the user still gets the verified values: an answer
// written by code from the sub-task's own tool results, said to come from the tool, and itself checked
// the same way (so it is never the wrong value, and never nothing while a tool answered).
function fromEvidence(child: RunLedger, request: string, contract: DelegationContract, proof: ProofReport): Recovered | undefined {
  const answer = evidenceAnswer(child.toolEvidence, child.language);
  if (answer === undefined) return undefined;
  const recheck = proofOf(child, request, answer, contract);
  if (!recheck?.passed) return undefined;
  const rest: DelegationContract = { ...contract };
  delete rest.reason;
  const gaps = [...contract.gaps, ...proof.findings.map((finding) => `worker's answer: ${finding}`), 'answered from the tool results instead'];
  return { contract: { ...rest, status: 'ok', result: answer, confidence: 'medium', gaps }, answer };
}

// Lists the contract in the run's sub-tasks, audits it, and hands it to the parent wrapped as data.
function record(child: RunLedger, assessed: Assessed, retries: number): string {
  const { proof } = assessed;
  const recovered = proof && !proof.passed ? fromEvidence(child, assessed.contract.request, assessed.contract, proof) : undefined;
  const answer = recovered?.answer ?? assessed.answer;
  const contract = recovered?.contract ?? (proof === undefined ? assessed.contract : proof.passed ? lowered(assessed.contract, proof) : failedProof(assessed.contract, proof));
  child.subtasks.push(contract);
  // A failure only because the domain said no (not found, over a limit), which the worker reported, is an answer.
  if (assessed.contract.status === 'failed' && assessed.answered && child.toolEvidence.some((call) => call.outcome === 'error' && call.fromServer === true)) child.refusedByDomain.add(contract.task_id);
  if (proof && child.taskId !== undefined) child.verifications.set(child.taskId, { claims: proof.claims, unverified: proof.unverified, criteria: proof.criteria, retries, ...(recovered && { answered_from_tools: true }) });
  if ((proof?.passed === true || recovered) && answer !== undefined && child.taskId !== undefined) child.verifiedAnswers.set(child.taskId, answer);
  if (!proof && contract.flags.length > 0 && answer !== undefined) child.quotedAnswers.push(answer);
  const name = child.agent;
  const parentAgent = child.parent?.agent ?? 'supervisor';
  for (const flag of contract.flags) child.audit({ agent: name, parent: parentAgent, type: 'guard.taint', status: 'info', detail: `${flag} (in what ${name} read or answered; passed to ${parentAgent} as data)` });
  const summary = { status: contract.status, confidence: contract.confidence, facts: contract.facts.length, gaps: contract.gaps, flags: contract.flags, ...(contract.reason && { reason: contract.reason }), ...(proof && { verified: proof.passed, retries }), ...(recovered && { answered_from_tools: true }) };
  child.audit({ agent: name, parent: parentAgent, type: 'delegation.result', status: contract.status === 'ok' ? 'ok' : 'error', detail: JSON.stringify(summary) });
  return wrapAsData({ source: `agent:${name}`, trust: 'agent', tainted: contract.flags.length > 0, content: JSON.stringify(contractForModel(contract)) });
}

function auditCheck(child: RunLedger, proof: ProofReport, attempt: number): void {
  child.audit({
    agent: child.agent,
    parent: child.parent?.agent ?? 'supervisor',
    type: 'proof.check',
    status: proof.passed ? 'ok' : 'error',
    detail: JSON.stringify({ attempt, claims: proof.claims, unverified: proof.unverified.length, findings: proof.findings }).slice(0, 2000),
  });
}

/**
 * The end of one delegation that cannot be retried (a framework that runs its workers itself): the
 * contract judged from evidence, the answer's proof check, then the contract listed, audited and
 * returned wrapped as data.
 */
export function judgeDelegation(child: RunLedger, delegation: { request: string; answer: string | undefined; error?: string | undefined }, roles: RolesTable = ROLES_TABLE): string {
  const assessed = assess(child, delegation.request, delegation, roles);
  if (assessed.proof) auditCheck(child, assessed.proof, 0);
  return record(child, assessed, 0);
}

/**
 * One delegation with the proof loop (docs/proof.md): the worker runs, its contract is judged from
 * evidence and its answer verified against its own tool results; an answer that fails is retried with
 * the verifier's findings in `child.proofFeedback` (at most `proof.retries` times, each counted in the
 * task-wide delegation budget), never after an irreversible call. `attempt` runs the worker once in
 * `child`; what it throws is the framework's (a pause) and passes through.
 */
export async function delegateWithProof(child: RunLedger, request: string, attempt: () => Promise<DelegationAttempt>, roles: RolesTable = ROLES_TABLE): Promise<string> {
  const { retries } = child.init.proof;
  for (let tried = 0; ; tried += 1) {
    const firstCall = child.toolEvidence.length;
    const outcome = await attempt();
    const assessed = assess(child, request, outcome, roles);
    const { proof } = assessed;
    if (proof) auditCheck(child, proof, tried);
    const budgetLeft = child.delegations < child.init.budget.limits.maxDelegations && child.init.budget.check() === undefined;
    if (!proof || proof.passed || tried >= retries || !retryable(child) || !budgetLeft) return record(child, assessed, tried);
    child.countRetry();
    // The retry may repeat this attempt's calls; that is the retry, not a loop.
    for (const call of child.toolEvidence.slice(firstCall)) if (call.args) child.init.loops.forget(call.tool, call.args);
    child.proofFeedback = `The answer you gave did not match your tool results: ${proof.findings.join('; ')}. Answer again, stating only values your tools returned.`;
    child.audit({ agent: child.agent, parent: child.parent?.agent ?? 'supervisor', type: 'proof.retry', status: 'info', detail: proof.findings.join('; ').slice(0, 1000) });
  }
}
