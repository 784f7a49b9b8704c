import type { RunRecord, RunStore } from '../../telemetry/index.js';
import type { ProtocolRunRow, ProtocolRunStatus } from './protocol-store.js';

/** A protocol run as clients see it: the protocol's request, with the status the kernel's run record gives it. */
export interface ProtocolRun extends ProtocolRunRow {
  status: ProtocolRunStatus;
  updated_at: string;
  /** The kernel's record of the run, once it has one. */
  record_run_id: string | null;
}

/** The id the kernel records the run under: its own, except for a resume started before schema version 4. */
const kernelRunId = (run: ProtocolRunRow): string => run.legacy_record_run_id ?? run.run_id;

/**
 * The run's status from the record that owns it: once the kernel has recorded the run, `interrupted`
 * when it was stopped by a cancel (`operator_kill`) and `success` otherwise (a pause included: the run
 * ended with an interrupt); a run whose stream ended with no kernel record failed (`error`: its last
 * event says why); an open run is `running` once a process has taken it, `pending` while it is queued.
 */
export function protocolRunStatus(run: ProtocolRunRow, record: RunRecord | undefined): ProtocolRunStatus {
  if (record) return record.stop_reason === 'operator_kill' ? 'interrupted' : 'success';
  if (run.ended_at !== null) return 'error';
  return run.heartbeat_at === null ? 'pending' : 'running';
}

/** The run with its status read from the kernel's run record (the one `getRun`). */
export async function readProtocolRun(runs: Pick<RunStore, 'getRun'>, run: ProtocolRunRow): Promise<ProtocolRun> {
  const record = await runs.getRun(kernelRunId(run));
  return {
    ...run,
    status: protocolRunStatus(run, record),
    updated_at: run.ended_at ?? run.heartbeat_at ?? run.created_at,
    record_run_id: record?.run_id ?? null,
  };
}
