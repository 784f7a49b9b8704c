/**
 * A tenant's stage in a staged rollout (docs/rollout.md), from the least exposed to the most. A tenant
 * with no stage set is `general`: what Waybill did before stages existed.
 */
export const ROLLOUT_STAGES = ['internal', 'read_only', 'canary', 'general'] as const;
export type RolloutStage = (typeof ROLLOUT_STAGES)[number];

/** What a stage allows; the table in docs/rollout.md is this one. */
export interface StageRules {
  /** Who may start runs: only the tenant's own staff (an admin key, the local operator), or everyone with a run role. */
  runners: 'internal' | 'everyone';
  /** Read tools only (tracking, stock, pricing, policies): cancellation is refused before a human is asked. */
  readOnly: boolean;
  /** The largest canary percentage a change may be given in this stage. */
  maxCanaryPercent: number;
  /** Whether a change may be promoted (its candidate becomes every user's version). */
  promotion: boolean;
}

/**
 * Every stage's rules. Not a column because it never changes: a cancellation runs only after a human
 * approves it, in every stage, whatever a change or a stage says. That is Waybill's core guarantee and
 * no stage removes it.
 */
export const STAGE_RULES: Readonly<Record<RolloutStage, StageRules>> = {
  internal: { runners: 'internal', readOnly: false, maxCanaryPercent: 100, promotion: true },
  read_only: { runners: 'everyone', readOnly: true, maxCanaryPercent: 100, promotion: true },
  canary: { runners: 'everyone', readOnly: false, maxCanaryPercent: 50, promotion: false },
  general: { runners: 'everyone', readOnly: false, maxCanaryPercent: 100, promotion: true },
};

export const DEFAULT_STAGE: RolloutStage = 'general';

export function isRolloutStage(value: unknown): value is RolloutStage {
  return typeof value === 'string' && (ROLLOUT_STAGES as readonly string[]).includes(value);
}
