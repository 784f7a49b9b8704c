import { HTTPException } from 'hono/http-exception';
import { DecisionError } from '../runtimes/core/decision-error.js';
import { RunStoreError } from '../telemetry/index.js';
import { RolloutActionError, StageRefusalError } from '../rollout/index.js';
import { ApiError } from './api-error.js';

/** Maps what a handler threw to the error a client sees; undefined for an unexpected fault (500). */
export function toApiError(error: unknown): ApiError | undefined {
  if (ApiError.isInstance(error)) return error;
  if (DecisionError.isInstance(error) && (error.code === 'thread_awaiting_approval' || error.code === 'thread_busy')) return new ApiError('thread_busy', error.message);
  if (DecisionError.isInstance(error) && error.code === 'unknown_thread') return new ApiError('not_found', error.message);
  if (StageRefusalError.isInstance(error)) return new ApiError('stage_refused', error.message);
  if (RolloutActionError.isInstance(error)) {
    if (error.code === 'not_found') return new ApiError('not_found', error.message);
    if (error.code === 'conflict') return new ApiError('rollout_conflict', error.message, error.field ? [error.field] : []);
    return new ApiError('unsupported', error.message, error.field ? [error.field] : []);
  }
  if (RunStoreError.isInstance(error) && error.code === 'invalid_argument') return new ApiError('bad_request', error.message);
  // This process held the run past its lease and another took it over: that one's end is the run's.
  if (RunStoreError.isInstance(error) && error.code === 'lease_lost') return new ApiError('run_taken_over', error.message);
  if (error instanceof HTTPException) {
    if (error.status === 413) return new ApiError('body_too_large', 'the request body is too large');
    if (error.status === 400) return new ApiError('bad_request', error.message || 'bad request');
  }
  return undefined;
}
