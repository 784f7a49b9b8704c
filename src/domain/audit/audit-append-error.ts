import type { BoundaryEvent } from './audit-chain.js';

/**
 * An audit entry that could not be written (no key, a database error). Thrown inside the effect's
 * transaction, so the effect rolls back with it: nothing irreversible happens without its entry.
 */
export class AuditAppendError extends Error {
  readonly code = 'AUDIT_APPEND';

  static of(event: BoundaryEvent, cause: unknown): AuditAppendError {
    if (cause instanceof AuditAppendError) return cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    return new AuditAppendError(`the ${event.type} entry for ${event.subject} could not be written to the audit trail: ${reason}`, { cause });
  }
}
