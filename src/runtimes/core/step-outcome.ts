import { ModelCallError } from '../../models/index.js';
import type { RunPending } from '../../telemetry/index.js';
import type { StepOutcome, StoppedOutcome } from './framework-port.js';
import { modelFailureOf } from './model-failure.js';
import { isProviderError } from './provider-error.js';
import type { RunLedger } from './run-ledger.js';

const firstLine = (error: unknown) => (error instanceof Error ? (error.message.split('\n')[0] ?? '') : String(error));

/**
 * A failed model call as a `stopped` outcome: `model_unavailable` when the endpoint could not answer
 * now (unreachable, timed out, 429, 5xx), `model_error` when it answered with an error or no completion
 * (4xx, a replay that meets a request its recording lacks). Undefined for anything else: that is a bug,
 * thrown to the caller.
 */
export function modelErrorOutcome(error: unknown): StoppedOutcome | undefined {
  const replayDiverged = error instanceof Error && error.name === 'ReplayDivergenceError';
  if (!ModelCallError.isInstance(error) && !isProviderError(error) && !replayDiverged) return undefined;
  return { kind: 'stopped', reason: modelFailureOf(error), detail: firstLine(error), error: errorText(error) };
}

/** An error's message as a `model.error` event carries it. */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Applies a stop the framework reported to the run: the stop (the first recorded wins) and, for a
 * failure, its `model.error` event. Also what a port calls for a failure its framework reports as an
 * event mid-run rather than by throwing (ADK), so the rest of the run is halted at once.
 */
export function applyStop(run: RunLedger, stopped: StoppedOutcome): void {
  run.stop(stopped.reason, stopped.detail);
  if (stopped.error !== undefined) run.audit({ agent: stopped.agent ?? 'supervisor', type: 'model.error', status: 'error', detail: stopped.error.slice(0, 500) });
}

/** What finishRun reads of an outcome: the model's text and, for a pause, the call it waits on. */
export function finishedWith(outcome: StepOutcome | undefined): { modelText: string; pending?: RunPending } {
  if (outcome?.kind === 'paused') return { modelText: outcome.text, pending: outcome.pending };
  return { modelText: outcome?.kind === 'final' ? outcome.text : '' };
}
