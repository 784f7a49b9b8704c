import type { CancelOutcome, CancelRequest } from '../store/domain-store.js';
import type { Cancellation } from '../entities.js';

/**
 * A used grant presented again by the very call it paid for (same arguments, same idempotency key,
 * same tenant) replays that cancellation instead of failing: a caller that died before it read the
 * answer (a crashed `approve`, an MCP client that lost its connection) learns that it ran, once. Any
 * other call with a used grant is still refused as `used`.
 */
export function replayOfUsedGrant(
  refused: Extract<CancelOutcome, { kind: 'grant_refused' }>,
  found: (Cancellation & { tenant: string }) | undefined,
  request: CancelRequest,
  tenant: string,
): Extract<CancelOutcome, { kind: 'replayed' }> | undefined {
  if (refused.refusal !== 'used' || !found) return undefined;
  const { tenant: owner, ...previous } = found;
  const same = owner === tenant && previous.argsHash === request.argsHash && refused.approval?.grant?.consumedBy === previous.cancellationId;
  return same ? { kind: 'replayed', cancellation: previous } : undefined;
}
