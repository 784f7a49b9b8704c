import { RUN_RECORD_VERSION, RunRecord } from './run-record.js';

/** A `runs` row as the store reads it back. */
export interface StoredRunRow {
  run_id: string;
  schema_version: number;
  record: string;
}

/** A stored run read back: the record, or what is wrong with the row. */
export type DecodedRun = { success: true; value: RunRecord } | { success: false; error: string };

/** The JSON written to the `record` column: the validated record with `$schema_version`. */
export function encodeStoredRun(record: RunRecord): string {
  return JSON.stringify({ ...record, $schema_version: RUN_RECORD_VERSION });
}

/**
 * Reads a `runs` row back without throwing. The record comes back as it was saved, without
 * `$schema_version` (the version lives in the row, not in the printed contract).
 */
export function decodeStoredRun(row: StoredRunRow): DecodedRun {
  if (row.schema_version !== RUN_RECORD_VERSION) {
    return { success: false, error: `run record schema version ${String(row.schema_version)} is not supported (this Waybill reads ${RUN_RECORD_VERSION})` };
  }
  let json: unknown;
  try {
    json = JSON.parse(row.record);
  } catch {
    return { success: false, error: 'run record is not valid JSON' };
  }
  const version = (json as { $schema_version?: unknown } | null)?.$schema_version;
  if (version !== RUN_RECORD_VERSION) {
    return { success: false, error: `run record $schema_version ${JSON.stringify(version) ?? 'missing'} is not supported (this Waybill reads ${RUN_RECORD_VERSION})` };
  }
  const parsed = RunRecord.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { success: false, error: `run record is malformed at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'unknown'}` };
  }
  if (parsed.data.run_id !== row.run_id) return { success: false, error: `run record names run ${parsed.data.run_id}, not ${row.run_id}` };
  const record: RunRecord = { ...parsed.data };
  delete record.$schema_version;
  return { success: true, value: record };
}
