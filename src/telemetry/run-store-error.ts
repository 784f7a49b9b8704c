/**
 * Codes a run store failure carries: `invalid_record` / `invalid_event` — the caller passed something
 * that does not match the contract (nothing was written); `invalid_argument` — a filter, limit or cutoff
 * is out of range; `corrupt_record` — a stored row cannot be read back (damaged JSON, foreign shape or
 * an unsupported `$schema_version`); `lease_lost` — a run's end came from a process that no longer holds
 * the run (it stalled past its lease and another process took the run over): nothing was written, the
 * taker's end is the run's.
 */
export type RunStoreErrorCode = 'invalid_record' | 'invalid_event' | 'invalid_argument' | 'corrupt_record' | 'lease_lost';

/** A failure of the run store, with the run it concerns when there is one. */
export class RunStoreError extends Error {
  override readonly name = 'RunStoreError';
  readonly code: RunStoreErrorCode;
  readonly runId: string | undefined;

  constructor(code: RunStoreErrorCode, message: string, options?: { runId?: string; cause?: unknown }) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.runId = options?.runId;
  }

  /** Works across duplicate package copies, where `instanceof` does not. */
  static isInstance(value: unknown): value is RunStoreError {
    return value instanceof Error && value.name === 'RunStoreError' && typeof (value as { code?: unknown }).code === 'string';
  }
}
