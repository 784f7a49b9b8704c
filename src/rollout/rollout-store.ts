import type { RunVariant } from '../telemetry/index.js';
import type { ArmTally, RollbackRule } from './rollback-rule.js';
import type { RolloutStage } from './rollout-stage.js';

export type ChangeKind = RunVariant['kind'];
export const CHANGE_KINDS: readonly ChangeKind[] = ['model', 'prompt', 'policy', 'runtime'];

/** `canary`: serving its candidate to `percent` of users; the others are final. */
export type ChangeState = 'canary' | 'promoted' | 'rolled_back';

/** One change under rollout for a tenant. */
export interface RolloutChange {
  id: string;
  tenant: string;
  kind: ChangeKind;
  stableVersion: string;
  candidateVersion: string;
  percent: number;
  state: ChangeState;
  rule: RollbackRule;
  startedAt: string;
  startedBy: string;
  endedAt?: string;
}

/** What an audited rollout action was. */
export type RolloutEventType = 'rollout.stage_changed' | 'rollout.started' | 'rollout.percent_changed' | 'rollout.promoted' | 'rollout.rolled_back';

/** One line of a tenant's rollout history (append-only). */
export interface RolloutEvent {
  id: number;
  at: string;
  tenant: string;
  changeId: string | null;
  type: RolloutEventType;
  by: string;
  /** What changed: stages from/to, percentages, the rates a rollback compared. */
  detail: Record<string, unknown>;
}

export interface NewChange {
  /** Default: a new random id. Given only where the experiment needs the same canary slice every time. */
  id?: string;
  tenant: string;
  kind: ChangeKind;
  stableVersion: string;
  candidateVersion: string;
  percent: number;
  rule: RollbackRule;
  by: string;
}

/**
 * Stages, changes, each arm's outcomes and the audited history of them, in the shared database, so
 * every process routes runs by the same rows (docs/rollout.md). A tenant has at most one change in
 * `canary` at a time. Every write that changes what runs is written with its event in one transaction.
 */
export interface RolloutStore {
  /** The tenant's stage; `general` when none was ever set. */
  stage(tenant: string): Promise<RolloutStage>;
  /** Sets the stage and audits `rollout.stage_changed` (nothing when it is already that stage); returns the previous one. */
  setStage(tenant: string, stage: RolloutStage, by: string, reason?: string): Promise<RolloutStage>;
  /** The tenant's change in `canary`, if any. */
  activeChange(tenant: string): Promise<RolloutChange | undefined>;
  /** The change in effect: the tenant's latest in `canary` or `promoted` (a rolled-back one never is). */
  currentChange(tenant: string): Promise<RolloutChange | undefined>;
  getChange(id: string): Promise<RolloutChange | undefined>;
  /** The tenant's changes, newest first. */
  listChanges(tenant: string, limit?: number): Promise<RolloutChange[]>;
  /** Starts a change in `canary`; undefined when the tenant already has one (nothing written). */
  startChange(change: NewChange): Promise<RolloutChange | undefined>;
  /** Sets a `canary` change's percentage; false when it is not in `canary`. */
  setPercent(id: string, percent: number, by: string): Promise<boolean>;
  /** Ends a `canary` change as `promoted` or `rolled_back`, once: false when it was no longer in `canary` (another process ended it). */
  endChange(id: string, state: 'promoted' | 'rolled_back', by: string, detail: Record<string, unknown>): Promise<boolean>;
  /** Counts one run's outcome for its arm, once per run id (a second call for the same run is ignored). */
  recordOutcome(variant: RunVariant, runId: string, bad: boolean): Promise<void>;
  tally(changeId: string): Promise<ArmTally>;
  /** The tenant's history, oldest first (`sinceId`: only events after that one). */
  events(tenant: string, options?: { sinceId?: number; limit?: number }): Promise<RolloutEvent[]>;
  close(): Promise<void>;
}
