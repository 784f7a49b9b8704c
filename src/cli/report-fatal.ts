import { StoreError } from '../storage/store-error.js';
import { ConfigError } from '../models/config/config-error.js';
import { DecisionError } from '../runtimes/core/decision-error.js';
import { RunStoreError } from '../telemetry/run-store-error.js';
import { UsageError } from './usage-error.js';

/**
 * Prints a failure as one line a person can act on (no stack trace unless WAYBILL_DEBUG is set) and
 * returns the exit code: 2 for usage and configuration problems and for a run another process took
 * over, 1 for anything else.
 */
export function reportFatal(error: unknown): number {
  if (process.env.WAYBILL_DEBUG) console.error(error);
  if (UsageError.isInstance(error) || ConfigError.isInstance(error) || DecisionError.isInstance(error)) {
    console.error(`waybill: ${error.message}`);
    return 2;
  }
  // A run the tenant's stage does not admit, or a rollout action refused: what to change is in the message.
  if ((error instanceof Error && (error.name === 'StageRefusalError' || error.name === 'RolloutActionError'))) {
    console.error(`waybill: not allowed: ${error.message}`);
    return 2;
  }
  // The run is finished by the process that took it over; this one wrote nothing of its end.
  if (RunStoreError.isInstance(error) && error.code === 'lease_lost') {
    console.error(`waybill: ${error.message}`);
    return 2;
  }
  if (StoreError.isInstance(error)) {
    console.error(`waybill: ${error.message} [${error.code}]`);
    return 2;
  }
  console.error(`waybill: unexpected error: ${error instanceof Error ? error.message : String(error)} (set WAYBILL_DEBUG=1 for details)`);
  return 1;
}
