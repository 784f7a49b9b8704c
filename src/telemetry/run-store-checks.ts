import { AuditEvent } from './audit-event.js';
import { RunRecord } from './run-record.js';
import { RunStoreError } from './run-store-error.js';
import { RUN_LIST_DEFAULT_LIMIT, RUN_LIST_MAX_LIMIT } from './run-store.js';
import type { StoredRunRow } from './stored-run.js';
import { decodeStoredRun } from './stored-run.js';

// The argument and row checks of the run store contract, for backends other than SQLite (whose copies
// stay in sqlite-run-store.ts so that file's diff stays small); the conformance suite holds both to them.

/** The validated record; throws RunStoreError `invalid_record` (nothing written) otherwise. */
export function validRunRecord(record: RunRecord): RunRecord {
  const parsed = RunRecord.safeParse(record);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const claimed = (record as { run_id?: unknown } | null)?.run_id;
  const runId = typeof claimed === 'string' ? claimed : undefined;
  throw new RunStoreError('invalid_record', `run record${runId === undefined ? '' : ` ${runId}`} is invalid at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'unknown'}`, {
    ...(runId !== undefined && { runId }),
    cause: parsed.error,
  });
}

/** The validated events; throws RunStoreError `invalid_event` (nothing written) if any breaks the contract. */
export function validAuditEvents(events: readonly AuditEvent[]): AuditEvent[] {
  return events.map((event, index) => {
    const parsed = AuditEvent.safeParse(event);
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw new RunStoreError('invalid_event', `audit event ${index} is invalid at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'unknown'}`, { cause: parsed.error });
  });
}

/** A stored event read back; throws RunStoreError `corrupt_record`. */
export function readAuditEvent(id: number, text: string, runId: string): AuditEvent {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = AuditEvent.safeParse(json);
  if (!parsed.success) throw new RunStoreError('corrupt_record', `audit event ${id} of run ${runId} cannot be read back`, { runId });
  return parsed.data;
}

export function readOrThrow(row: StoredRunRow): RunRecord {
  const decoded = decodeStoredRun(row);
  if (decoded.success) return decoded.value;
  throw new RunStoreError('corrupt_record', `run ${row.run_id} cannot be read back: ${decoded.error}`, { runId: row.run_id });
}

export function checkLimit(limit: number | undefined): number {
  if (limit === undefined) return RUN_LIST_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > RUN_LIST_MAX_LIMIT) throw invalidArgument(`limit must be a whole number from 1 to ${RUN_LIST_MAX_LIMIT}`);
  return limit;
}

export function toInstant(text: string, what: string): string {
  const time = new Date(text).getTime();
  if (Number.isNaN(time)) throw invalidArgument(`${what} "${text}" is not a date and time (use ISO 8601, e.g. 2026-11-30T12:00:00Z)`);
  return new Date(time).toISOString();
}

export function invalidArgument(message: string): RunStoreError {
  return new RunStoreError('invalid_argument', message);
}

/** A run's end refused because its writer no longer holds the run (RunStore.saveFinishedRun). */
export function leaseLost(runId: string): RunStoreError {
  return new RunStoreError('lease_lost', `run ${runId} was taken over by another process after this one held it past its lease; nothing of this process's end of it was written, and the run's record is the one that process writes (waybill trace ${runId}, GET /v1/runs/${runId})`, { runId });
}
