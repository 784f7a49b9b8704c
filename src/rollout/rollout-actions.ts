import { DEFAULT_ROLLBACK_RULE, judgeRollout } from './rollback-rule.js';
import type { ArmTally, RollbackRule } from './rollback-rule.js';
import type { RolloutStage } from './rollout-stage.js';
import { STAGE_RULES } from './rollout-stage.js';
import type { ChangeKind, RolloutChange, RolloutEvent, RolloutStore } from './rollout-store.js';
import type { RunTarget } from './run-target.js';
import { StageRefusalError } from './stage-refusal-error.js';
import { BASE_VERSION } from './version-catalog.js';
import type { VersionCatalog } from './version-catalog.js';

/** Why an operator's rollout action was refused; `field` names the input at fault, when one is. */
export class RolloutActionError extends Error {
  readonly code: 'invalid' | 'conflict' | 'not_found';
  readonly field: string | undefined;

  constructor(code: RolloutActionError['code'], message: string, field?: string) {
    super(message);
    this.name = 'RolloutActionError';
    this.code = code;
    this.field = field;
  }

  static isInstance(error: unknown): error is RolloutActionError {
    return error instanceof Error && error.name === 'RolloutActionError';
  }
}

/** What an operator asks for when starting a change. */
export interface StartRequest {
  kind: ChangeKind;
  candidate: string;
  /** Default: the version in effect (the last promoted change's candidate), else `base`. */
  stable?: string;
  percent: number;
  rule?: Partial<RollbackRule>;
}

/**
 * The operator's rollout actions, the same for `waybill rollout` and `/v1/rollouts`: each checks its
 * input and the tenant's stage before writing, and every write is audited by the store. `base` is the
 * target the process runs with no change (to check that the catalog can run a version).
 */
export class RolloutActions {
  readonly #store: RolloutStore;
  readonly #catalog: VersionCatalog;
  readonly #base: RunTarget;

  constructor(store: RolloutStore, catalog: VersionCatalog, base: RunTarget) {
    this.#store = store;
    this.#catalog = catalog;
    this.#base = base;
  }

  async status(tenant: string): Promise<{ tenant: string; stage: RolloutStage; current: (RolloutChange & { tally: Awaited<ReturnType<RolloutStore['tally']>> }) | null; changes: RolloutChange[] }> {
    const [stage, current, changes] = await Promise.all([this.#store.stage(tenant), this.#store.currentChange(tenant), this.#store.listChanges(tenant, 20)]);
    return { tenant, stage, current: current ? { ...current, tally: await this.#store.tally(current.id) } : null, changes };
  }

  /**
   * Throws StageRefusalError when the tenant's stage does not admit this caller: for entry points that
   * accept a run before it runs (a background run, a queued job), so the refusal reaches the caller.
   */
  async admit(tenant: string, internal: boolean): Promise<void> {
    const stage = await this.#store.stage(tenant);
    if (STAGE_RULES[stage].runners === 'internal' && !internal) throw new StageRefusalError(tenant, stage);
  }

  /** The tenant's audited rollout history, oldest first. */
  async events(tenant: string, sinceId?: number): Promise<RolloutEvent[]> {
    return this.#store.events(tenant, sinceId === undefined ? {} : { sinceId });
  }

  async setStage(tenant: string, stage: RolloutStage, by: string, reason?: string): Promise<{ from: RolloutStage; to: RolloutStage }> {
    const active = await this.#store.activeChange(tenant);
    const cap = STAGE_RULES[stage].maxCanaryPercent;
    if (active && active.percent > cap) throw new RolloutActionError('conflict', `change ${active.id} is at ${active.percent}%, over the ${cap}% stage "${stage}" allows; lower it (rollout start is per change) or roll it back first`, 'stage');
    return { from: await this.#store.setStage(tenant, stage, by, reason), to: stage };
  }

  async start(tenant: string, request: StartRequest, by: string): Promise<RolloutChange> {
    checkPercent(request.percent);
    const stage = await this.#store.stage(tenant);
    const cap = STAGE_RULES[stage].maxCanaryPercent;
    if (request.percent > cap) throw new RolloutActionError('invalid', `stage "${stage}" allows a canary of at most ${cap}%, got ${request.percent}`, 'percent');
    const current = await this.#store.currentChange(tenant);
    if (current?.state === 'canary') throw new RolloutActionError('conflict', `tenant ${tenant} already has change ${current.id} in canary; promote or roll it back first`);
    const stable = request.stable ?? (current?.state === 'promoted' && current.kind === request.kind ? current.candidateVersion : BASE_VERSION);
    for (const [field, version] of [['stable', stable], ['candidate', request.candidate]] as const) {
      if (!this.#catalog(request.kind, version, this.#base)) throw new RolloutActionError('invalid', `this build cannot run ${request.kind} version ${JSON.stringify(version)} (docs/rollout.md "Versions")`, field);
    }
    if (stable === request.candidate) throw new RolloutActionError('invalid', `the candidate is the stable version (${stable}): nothing to roll out`, 'candidate');
    const rule = { ...DEFAULT_ROLLBACK_RULE, ...request.rule };
    if (!Number.isInteger(rule.minCandidateRuns) || rule.minCandidateRuns < 1 || rule.minCandidateRuns > 100_000) throw new RolloutActionError('invalid', `min_candidate_runs must be a whole number from 1 to 100000, got ${rule.minCandidateRuns}`, 'min_candidate_runs');
    if (!(rule.margin >= 0 && rule.margin < 1)) throw new RolloutActionError('invalid', `margin must be from 0 to below 1 (a difference of rates), got ${rule.margin}`, 'margin');
    const started = await this.#store.startChange({ tenant, kind: request.kind, stableVersion: stable, candidateVersion: request.candidate, percent: request.percent, rule, by });
    if (!started) throw new RolloutActionError('conflict', `tenant ${tenant} already has a change in canary (started at the same time); promote or roll it back first`);
    return started;
  }

  async setPercent(tenant: string, percent: number, by: string): Promise<RolloutChange> {
    checkPercent(percent);
    const active = await this.#activeOf(tenant);
    const stage = await this.#store.stage(tenant);
    const cap = STAGE_RULES[stage].maxCanaryPercent;
    if (percent > cap) throw new RolloutActionError('invalid', `stage "${stage}" allows a canary of at most ${cap}%, got ${percent}`, 'percent');
    if (!(await this.#store.setPercent(active.id, percent, by))) throw new RolloutActionError('conflict', `change ${active.id} is no longer in canary`);
    return (await this.#store.getChange(active.id)) ?? active;
  }

  async promote(tenant: string, by: string): Promise<RolloutChange> {
    const active = await this.#activeOf(tenant);
    const stage = await this.#store.stage(tenant);
    if (!STAGE_RULES[stage].promotion) throw new RolloutActionError('conflict', `stage "${stage}" does not allow promotion; move the tenant to "general" first`, 'stage');
    const tally = await this.#store.tally(active.id);
    if (!(await this.#store.endChange(active.id, 'promoted', by, { percent_before: active.percent, ...tally, ...ratesOf(tally, active.rule) }))) throw new RolloutActionError('conflict', `change ${active.id} is no longer in canary (rolled back meanwhile?)`);
    return (await this.#store.getChange(active.id)) ?? active;
  }

  async rollback(tenant: string, by: string, reason?: string): Promise<RolloutChange> {
    const active = await this.#activeOf(tenant);
    const tally = await this.#store.tally(active.id);
    if (!(await this.#store.endChange(active.id, 'rolled_back', by, { percent_before: active.percent, ...tally, ...ratesOf(tally, active.rule), ...(reason && { reason }) }))) throw new RolloutActionError('conflict', `change ${active.id} is no longer in canary`);
    return (await this.#store.getChange(active.id)) ?? active;
  }

  async #activeOf(tenant: string): Promise<RolloutChange> {
    const active = await this.#store.activeChange(tenant);
    if (!active) throw new RolloutActionError('not_found', `tenant ${tenant} has no change in canary`);
    return active;
  }
}

function checkPercent(percent: number): void {
  if (!(Number.isFinite(percent) && percent >= 0 && percent <= 100)) throw new RolloutActionError('invalid', `percent must be from 0 to 100, got ${percent}`, 'percent');
}

/** Both arms' bad rates at the moment an operator ends a change, as an automatic rollback records them. */
function ratesOf(tally: ArmTally, rule: RollbackRule): Record<string, number> {
  const verdict = judgeRollout(tally, rule);
  const round = (value: number) => Math.round(value * 10_000) / 10_000;
  return { candidate_rate: round(verdict.candidateRate), stable_rate: round(verdict.stableRate) };
}
