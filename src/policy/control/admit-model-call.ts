/** A budget's state as one model call is about to be admitted: what is spent, what calls in flight hold, what a call costs. */
export interface CallBudgetState {
  spentTokens: number;
  spentUsd: number;
  /** Held by calls admitted and not yet answered (each at the estimate when it was admitted). */
  reservedTokens: number;
  reservedUsd: number;
  inFlight: number;
  /** What one call is expected to cost (the largest answered so far); undefined before the first. */
  estimate: { tokens: number; usd: number } | undefined;
}

export interface CallLimits {
  maxTokens?: number | undefined;
  maxUsd?: number | undefined;
}

/** `admit`: the call may go; `wait`: the budget is held by calls in flight, ask again when one is answered; `stop`: spent. */
export type CallAdmission = { kind: 'admit' } | { kind: 'wait' } | { kind: 'stop'; reason: 'max_tokens' | 'max_usd' };

/**
 * Whether one more model call fits a budget shared by concurrent callers (a run tree's fan-out, a
 * tenant's runs). A call is admitted while nothing is spent past the limit and either it is the only
 * call in flight or every call in flight, this one included, fits at its estimate; otherwise it waits
 * for one in flight to be answered. Before any call of the budget was answered nothing is known of a
 * call's size, so calls go one at a time. Hence the spend can pass the limit by at most one call, as
 * long as no call costs more than the largest answered before it (its estimate).
 */
export function admitModelCall(state: CallBudgetState, limits: CallLimits): CallAdmission {
  const dimensions = [
    { limit: limits.maxTokens, spent: state.spentTokens, reserved: state.reservedTokens, estimate: state.estimate?.tokens, reason: 'max_tokens' as const },
    { limit: limits.maxUsd, spent: state.spentUsd, reserved: state.reservedUsd, estimate: state.estimate?.usd, reason: 'max_usd' as const },
  ];
  let wait = false;
  for (const d of dimensions) {
    if (d.limit === undefined) continue;
    if (d.spent >= d.limit) return { kind: 'stop', reason: d.reason };
    if (state.inFlight === 0) continue;
    if (d.estimate === undefined) wait = true;
    // A call in flight counts at today's estimate, not at the hold it got when admitted: a run's
    // later calls carry more context than its first, and holds sized before a larger call was
    // answered let the calls in flight together pass the limit by more than one call.
    else if (d.spent + Math.max(d.reserved, state.inFlight * d.estimate) + d.estimate > d.limit) wait = true;
  }
  return wait ? { kind: 'wait' } : { kind: 'admit' };
}
