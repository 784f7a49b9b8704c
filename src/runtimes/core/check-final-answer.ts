import type { ProofReport } from '../../fleet/proof/index.js';
import { addCall, addText, emptyEvidence, proofCheckFinal } from '../../fleet/proof/index.js';
import { toProofCall } from './proof-of.js';
import type { RunLedger } from './run-ledger.js';

/** The final answer's check and, when it failed, the answer to give instead. */
export interface FinalCheck {
  report: ProofReport;
  /** The sub-tasks' verified answers in delegation order, or undefined when the answer stands. */
  replacement: string | undefined;
}

/**
 * Checks a supervisor's final answer the way a worker's is checked, against every tool result of the
 * run and the user's request. An answer asserting a value none of them holds is not given: the verified
 * sub-task answers are, and the run says a part is missing. Undefined when the loop is off or there
 * was no delegation to check against.
 */
export function checkFinalAnswer(run: RunLedger, answer: string): FinalCheck | undefined {
  if (!run.init.proof.enabled || run.resuming || run.subtasks.length === 0 || answer.trim() === '') return undefined;
  const relayed = relayedCheck(run, answer);
  if (relayed) return { report: relayed, replacement: undefined };
  const evidence = emptyEvidence();
  addText(evidence, run.init.trustedText);
  // A flagged worker's answer reaches the user only quoted, beside a note that it held an instruction.
  for (const quoted of run.quotedAnswers) addText(evidence, quoted);
  for (const item of run.runEvidence) addCall(evidence, toProofCall(item));
  for (const call of run.toolCalls) if (call.status === 'pending' || call.status === 'rejected') addCall(evidence, { tool: call.tool, args: call.args, outcome: call.status, text: '' });
  const report = proofCheckFinal(answer, evidence);
  if (report.passed) return { report, replacement: undefined };
  const verified = [...run.verifiedAnswers.entries()].sort(([a], [b]) => Number(a.slice(1)) - Number(b.slice(1))).map(([, text]) => text);
  return { report, replacement: verified.join('\n\n') };
}

// The only sub-task's verified answer given as it is (relayableAnswer) was checked against this same
// evidence (that sub-task's calls are all the run's, its request was the user's): its check stands.
function relayedCheck(run: RunLedger, answer: string): ProofReport | undefined {
  const [task] = run.subtasks;
  if (run.subtasks.length !== 1 || !task || run.quotedAnswers.length > 0 || run.verifiedAnswers.get(task.task_id) !== answer) return undefined;
  const verification = run.verifications.get(task.task_id);
  if (!verification || verification.unverified.length > 0 || run.toolCalls.some((call) => call.status === 'pending' || call.status === 'rejected')) return undefined;
  return { passed: true, claims: verification.claims, unverified: [], criteria: [], findings: [] };
}
