import type { RunRuntime, RunVariant } from './run-record.js';

/** The decision a resume intent applies, as the operator gave it (the approval store holds the recorded one). */
export interface IntentDecision {
  type: 'approve' | 'edit' | 'reject';
  by: string;
  reason?: string;
  args?: Record<string, unknown>;
}

/**
 * A run in flight, written before its first model call (`ask`) or in the transaction that claims a
 * decision (`resume`), and removed in the transaction that saves the finished run's record (issue 17).
 * Whoever holds the lease runs it and renews the lease while it does; a run whose lease ran out (its
 * process died) is finished by whoever takes the lease next: any `approve`/`reject`/`resume`, the
 * service on start-up, a worker.
 */
export interface RunIntent {
  runId: string;
  threadId: string;
  tenant: string;
  requestId: string;
  runtime: RunRuntime;
  kind: 'ask' | 'resume';
  /** The admitted request text, as the run's model saw it (PII already redacted). */
  input: string;
  /** `resume`: the paused run the decision applies to. */
  pausedRunId?: string;
  decision?: IntentDecision;
  /** The rollout arm the run started on (docs/rollout.md), so a recovery finishes it on that arm. */
  variant?: RunVariant;
  startedAt: string;
  /** Who holds the lease: `host:pid:nonce`. */
  owner: string;
  leaseUntil: string;
  /** How many processes have taken this run; 1 for the one that began it. */
  attempts: number;
}

/** What `beginIntent` and `claimDecision` write; the store counts attempts. */
export type NewRunIntent = Omit<RunIntent, 'attempts'>;

/**
 * Which holding of a run in flight a process has: its lease owner and the intent's attempt count when
 * it began or took the run. A taker changes the owner and counts an attempt, so a holder that stalled
 * past its lease (and was taken over) no longer matches, even when the taker is the same process.
 */
export interface IntentHolder {
  owner: string;
  attempts: number;
}

/** The lease a taker saw and the one it wants: the take succeeds only if nobody renewed or took it since. */
export interface LeaseSwap {
  seen: { owner: string; leaseUntil: string };
  next: { owner: string; leaseUntil: string };
}
