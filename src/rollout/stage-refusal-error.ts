import type { RolloutStage } from './rollout-stage.js';

/**
 * A run the tenant's stage does not admit (docs/rollout.md): in `internal`, a caller who is not the
 * tenant's staff. Thrown before anything runs or is stored; the HTTP service answers 403 `stage_refused`.
 */
export class StageRefusalError extends Error {
  readonly code = 'stage_refused';
  readonly tenant: string;
  readonly stage: RolloutStage;

  constructor(tenant: string, stage: RolloutStage) {
    super(`tenant ${tenant} is in stage "${stage}": only its own staff (an admin key, the local operator) may start runs`);
    this.name = 'StageRefusalError';
    this.tenant = tenant;
    this.stage = stage;
  }

  static isInstance(error: unknown): error is StageRefusalError {
    return error instanceof Error && (error as { code?: unknown }).code === 'stage_refused' && error.name === 'StageRefusalError';
  }
}
