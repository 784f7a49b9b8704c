import { DEFAULT_DOMAIN_POLICY } from '../policy/index.js';
import type { RolloutStore } from './rollout-store.js';
import { STAGE_RULES } from './rollout-stage.js';
import type { RunTarget, TargetChooser } from './run-target.js';
import { noAutoApprove } from './no-auto-approve.js';
import { StageRefusalError } from './stage-refusal-error.js';
import { inCanary } from './variant-bucket.js';
import type { VersionCatalog } from './version-catalog.js';

/**
 * The rollout's chooser for the runtime pool: the tenant's stage first (`internal` refuses anyone but
 * its staff; `read_only` runs on a read-only policy, so a cancellation is refused before a human is
 * asked), then the change in effect: under canary, a user whose stable bucket falls in the percentage
 * runs the candidate version (never with auto-approval), the others the stable one; once promoted,
 * everyone runs the candidate.
 * Read at every run, so a rollback or a stage change applies to the next run in every process.
 */
export function rolloutChooser(store: RolloutStore, catalog: VersionCatalog): TargetChooser {
  return async (caller, target) => {
    const stage = await store.stage(caller.tenant);
    const rules = STAGE_RULES[stage];
    if (rules.runners === 'internal' && !caller.internal) throw new StageRefusalError(caller.tenant, stage);
    const change = await store.currentChange(caller.tenant);
    let chosen: RunTarget = target;
    if (change) {
      const arm = change.state === 'canary' && !inCanary(caller.tenant, caller.user, change.id, change.percent) ? 'stable' : 'candidate';
      const version = arm === 'candidate' ? change.candidateVersion : change.stableVersion;
      const resolved = catalog(change.kind, version, target);
      // A version this build cannot run (another build started the change) leaves the target as it is and
      // the run unassigned (no variant), so neither arm is credited with a run it did not make.
      chosen = resolved ? { ...resolved, variant: { change_id: change.id, kind: change.kind, arm: change.state === 'promoted' ? 'stable' : arm, version } } : target;
    }
    chosen = noAutoApprove(chosen);
    if (!rules.readOnly) return chosen;
    return { ...chosen, key: `${chosen.key}|read-only`, options: { ...chosen.options, policy: { ...(chosen.options.policy ?? DEFAULT_DOMAIN_POLICY), readOnly: true } } };
  };
}
