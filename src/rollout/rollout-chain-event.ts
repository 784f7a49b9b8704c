import type { BoundaryEvent } from '../domain/audit/audit-chain.js';
import type { NewChange, RolloutEventType } from './rollout-store.js';

/** One audited rollout action as the store writes it: to `rollout_events` and to the keyed audit chain. */
export interface RolloutAction {
  tenant: string;
  changeId: string | null;
  type: RolloutEventType;
  by: string;
  /** What was in effect before the action and after it: the stage, or the change's state and percentage. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
  /** The rest: a reason, the rule, the rates and run counts a rollback compared. */
  detail: Record<string, unknown>;
}

/**
 * The entry of `action` in the boundary's keyed audit chain (docs/rollout.md "Audit"): the proof that
 * `waybill audit verify` checks. The subject is the change, or `stage` for a stage change; the body
 * names who did it, what was in effect before and after, and the detail (a rollback's rates).
 */
export function rolloutChainEvent(action: RolloutAction, at: string): BoundaryEvent {
  return {
    type: action.type,
    tenant: action.tenant,
    at,
    subject: action.changeId ?? 'stage',
    body: { by: action.by, before: action.before, after: action.after, ...action.detail },
  };
}

/** The percentage a change ends at: everyone on the candidate when promoted, no one when rolled back. */
export const endPercent = (state: 'promoted' | 'rolled_back'): number => (state === 'promoted' ? 100 : 0);

/** A change's start: nothing of it was in effect before. */
export function startedAction(id: string, change: NewChange): RolloutAction {
  return {
    tenant: change.tenant,
    changeId: id,
    type: 'rollout.started',
    by: change.by,
    before: null,
    after: { state: 'canary', percent: change.percent },
    detail: { kind: change.kind, stable: change.stableVersion, candidate: change.candidateVersion, percent: change.percent, min_candidate_runs: change.rule.minCandidateRuns, margin: change.rule.margin },
  };
}

/** A change's end in `state`, from `percentBefore` in canary; `detail` carries the tally or a rollback's rates. */
export function endedAction(tenant: string, id: string, state: 'promoted' | 'rolled_back', by: string, percentBefore: number, detail: Record<string, unknown>): RolloutAction {
  return { tenant, changeId: id, type: state === 'promoted' ? 'rollout.promoted' : 'rollout.rolled_back', by, before: { state: 'canary', percent: percentBefore }, after: { state, percent: endPercent(state) }, detail };
}

/** The action's line in `rollout_events` (the console's and the API's history), as it was written before the chain held it too. */
export function historyDetail(action: RolloutAction): Record<string, unknown> {
  if (action.type === 'rollout.stage_changed') return { from: action.before?.stage, to: action.after.stage, ...action.detail };
  if (action.type === 'rollout.percent_changed') return { from: action.before?.percent, to: action.after.percent, ...action.detail };
  return action.detail;
}
