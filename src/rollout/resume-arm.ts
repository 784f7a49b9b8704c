import type { RunVariant } from '../telemetry/index.js';
import { noAutoApprove } from './no-auto-approve.js';
import type { RolloutStore } from './rollout-store.js';
import type { RunTarget } from './run-target.js';
import { BASE_VERSION } from './version-catalog.js';
import type { VersionCatalog } from './version-catalog.js';

/**
 * Where the part of a run after an approval or a crash runs, given the arm the run started on and the
 * target of the framework that holds its pause (or its intent). Returns the target and the arm to record.
 */
export type ResumeArm = (variant: RunVariant, framework: RunTarget) => Promise<RunTarget & { variant: RunVariant }>;

/**
 * A run keeps its arm for its whole life (docs/rollout.md "A run keeps its arm"): its later parts run on
 * the version its arm started on (a candidate one without auto-approval), whatever the change did since
 * (a promotion, a wider or narrower percentage). Two exceptions, recorded as `rerouted` and counted for
 * neither arm: a candidate rolled back meanwhile finishes on the change's stable version (the operator or
 * the rule judged it unfit; a pause a human approved still runs, on the stable version), and a version
 * this build cannot run finishes on the framework's base target. A part that cannot leave its framework
 * (a `runtime` change: the pause is that framework's state) stays on the candidate even after a rollback.
 */
export function rolloutResumeArm(store: RolloutStore, catalog: VersionCatalog): ResumeArm {
  return async (started, framework) => {
    const arm: RunVariant = withoutReroute(started);
    if (started.rerouted) return routed(framework, catalog, arm, started.rerouted);
    const change = await store.getChange(arm.change_id);
    // A runtime change's versions are frameworks: the pause cannot move to another, so it stays where it is.
    if (arm.arm === 'candidate' && change?.state === 'rolled_back' && arm.kind !== 'runtime') {
      const stable = catalog(arm.kind, change.stableVersion, framework);
      if (stable && stable.runtimeName === framework.runtimeName) return { ...stable, variant: { ...arm, rerouted: { version: change.stableVersion, reason: 'rolled_back' } } };
    }
    const own = catalog(arm.kind, arm.version, framework);
    if (!own || own.runtimeName !== framework.runtimeName) return { ...framework, variant: { ...arm, rerouted: { version: BASE_VERSION, reason: 'version_unavailable' } } };
    return { ...noAutoApprove({ ...own, variant: arm }), variant: arm };
  };
}

// A part rerouted before (a decision deferred to a worker, a recovery of a rerouted part) stays where it was sent.
function routed(framework: RunTarget, catalog: VersionCatalog, arm: RunVariant, rerouted: NonNullable<RunVariant['rerouted']>): RunTarget & { variant: RunVariant } {
  const target = catalog(arm.kind, rerouted.version, framework);
  const usable = target && target.runtimeName === framework.runtimeName ? target : framework;
  return { ...usable, variant: { ...arm, rerouted: usable === framework ? { version: BASE_VERSION, reason: rerouted.reason } : rerouted } };
}

function withoutReroute(variant: RunVariant): RunVariant {
  return { change_id: variant.change_id, kind: variant.kind, arm: variant.arm, version: variant.version };
}
