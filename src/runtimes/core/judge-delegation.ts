import { ROLES_TABLE } from '../../agents/index.js';
import { judgeCompletion } from '../../fleet/index.js';
import type { RolesTable } from '../../policy/index.js';
import { guardedTool, wrapAsData } from '../../policy/index.js';
import type { RunLedger } from './run-ledger.js';

/**
 * The end of one delegation on every runtime: the child's contract judged from evidence (its terminal
 * state, its own stop, its raw tool results; never from its say-so), listed in the run's sub-tasks,
 * audited, and returned to the parent wrapped as data with the worker's name and trust.
 */
export function judgeDelegation(child: RunLedger, delegation: { request: string; answer: string | undefined; error?: string | undefined }, roles: RolesTable = ROLES_TABLE): string {
  const parent = child.parent;
  const name = child.agent;
  // Its domain tools and knowledge search: a fact from a retrieved policy passage is evidence too.
  const successTools = (roles[name]?.tools ?? []).filter((tool) => guardedTool(tool) !== undefined);
  const stop = child.ownStop;
  const contract = judgeCompletion({
    taskId: child.taskId ?? name,
    agent: name,
    request: delegation.request,
    answer: delegation.answer,
    ...(delegation.error !== undefined && { error: delegation.error }),
    ...(stop && { stop }),
    tools: child.toolEvidence,
    successTools,
  });
  child.subtasks.push(contract);
  const answered = (delegation.answer ?? '').trim() !== '' && delegation.error === undefined && !stop;
  if (contract.status === 'failed' && answered && child.toolEvidence.some((call) => call.outcome === 'error' && call.fromServer === true)) child.refusedByDomain.add(contract.task_id);
  const parentAgent = parent?.agent ?? 'supervisor';
  for (const flag of contract.flags) child.audit({ agent: name, parent: parentAgent, type: 'guard.taint', status: 'info', detail: `${flag} (in what ${name} read or answered; passed to ${parentAgent} as data)` });
  const summary = { status: contract.status, confidence: contract.confidence, facts: contract.facts.length, gaps: contract.gaps, flags: contract.flags, ...(contract.reason && { reason: contract.reason }) };
  child.audit({ agent: name, parent: parentAgent, type: 'delegation.result', status: contract.status === 'ok' ? 'ok' : 'error', detail: JSON.stringify(summary) });
  return wrapAsData({ source: `agent:${name}`, trust: 'agent', tainted: contract.flags.length > 0, content: JSON.stringify(contract) });
}
