import { redactPii } from './redact-pii.js';
import type { PiiType } from './pii-type.js';

/**
 * Which personal data a role may read in a tool's result, by agent and tool. Deny by default: a
 * role that is not listed sees every type redacted. A grant is a real cost: what the model reads is
 * checkpointed with the conversation, so a granted type is stored raw in the run's checkpoints.
 * No role of the seed needs one (the tracking agent reports a status, never the recipient's phone).
 */
export type PiiGrants = Readonly<Record<string, Readonly<Record<string, readonly PiiType[]>>>>;

/** The grants the runtimes use: none. */
export const DEFAULT_PII_GRANTS: PiiGrants = {};

/**
 * Redacts a tool result before a model reads it (and before it is wrapped, checkpointed or kept as
 * evidence), keeping only the types `grants[agent][tool]` names: a recipient's phone from
 * `track_shipment` reaches no model unless a grant says the role needs it. JSON stays valid
 * (placeholders hold no quotes). Never throws.
 *
 * @example
 * redactToolResult('tracking_agent', 'track_shipment', '{"recipient_phone":"+380671234567"}');
 * // '{"recipient_phone":"[REDACTED:PHONE]"}'
 */
export function redactToolResult(agent: string, tool: string, text: string, grants: PiiGrants = DEFAULT_PII_GRANTS): string {
  const keep = grants[agent]?.[tool] ?? [];
  return redactPii(text, { keep }).text;
}
