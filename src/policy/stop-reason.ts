/**
 * Why a run ended (or paused): exactly one per run, a contract that the run record, metrics, evals and
 * scripts rely on (DESIGN.md §6). Reasons about one tool carry its name after a colon.
 */
export type StopReason =
  | 'finish'
  | 'input_blocked'
  | 'awaiting_approval'
  | 'approval_rejected'
  | 'approval_timeout'
  | 'max_steps'
  | 'max_seconds'
  | 'max_tokens'
  | 'max_usd'
  | `policy_deny:${string}`
  | `tool_timeout:${string}`
  | `tool_error_exhausted:${string}`
  | `tool_unhealthy:${string}`
  | 'loop_detected'
  | 'depth_limit'
  | 'cycle_detected'
  | 'operator_kill'
  | 'tenant_disabled'
  | 'not_understood'
  | 'model_unavailable'
  | 'model_error'
  | 'interrupted';

/** Stop reasons that take no tool name. */
const PLAIN_STOP_REASONS = [
  'finish',
  'input_blocked',
  'awaiting_approval',
  'approval_rejected',
  'approval_timeout',
  'max_steps',
  'max_seconds',
  'max_tokens',
  'max_usd',
  'loop_detected',
  'depth_limit',
  'cycle_detected',
  'operator_kill',
  'tenant_disabled',
  'not_understood',
  'model_unavailable',
  'model_error',
  'interrupted',
] as const;

/** Stop reasons written as `<prefix>:<tool>`. */
const TOOL_STOP_PREFIXES = ['policy_deny', 'tool_timeout', 'tool_error_exhausted', 'tool_unhealthy'] as const;

export type ToolStopPrefix = (typeof TOOL_STOP_PREFIXES)[number];

/** Builds a tool-scoped stop reason, e.g. `toolStop('policy_deny', 'cancel_shipment')`. */
export function toolStop(prefix: ToolStopPrefix, tool: string): StopReason {
  return `${prefix}:${tool}`;
}

/** True for a string that is a valid stop reason (used where reasons come back from storage or HTTP). */
export function isStopReason(value: unknown): value is StopReason {
  if (typeof value !== 'string') return false;
  if ((PLAIN_STOP_REASONS as readonly string[]).includes(value)) return true;
  const colon = value.indexOf(':');
  return colon > 0 && colon < value.length - 1 && (TOOL_STOP_PREFIXES as readonly string[]).includes(value.slice(0, colon));
}

/** `awaiting_approval` pauses a run; every other reason ends it. */
export function isPause(reason: StopReason): boolean {
  return reason === 'awaiting_approval';
}
