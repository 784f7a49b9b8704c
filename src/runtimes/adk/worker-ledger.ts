import type { RunLedger } from '../core/index.js';

const children = new WeakMap<RunLedger, Map<string, RunLedger>>();

/**
 * The child ledger of one worker of the fixed workflow: every worker is a delegation of the run, made
 * when it first acts, so its tool results are its own evidence and a tool failure ends only its part.
 */
export function workerLedger(run: RunLedger, agent: string): RunLedger {
  let byAgent = children.get(run);
  if (!byAgent) children.set(run, (byAgent = new Map()));
  let child = byAgent.get(agent);
  if (!child) byAgent.set(agent, (child = run.child(agent)));
  return child;
}

/** The workers of a run that acted, in the order they first did. */
export function workerLedgers(run: RunLedger): RunLedger[] {
  return [...(children.get(run)?.values() ?? [])];
}
