import type { RunRecord } from '../../telemetry/index.js';

/**
 * The process exit code a run ends with (the `--json` contract, README "Stop reasons and exit codes"):
 * 0 finished, 3 awaiting approval, 1 stopped for any other reason (2 is bad usage, from the CLI).
 */
export function exitCodeFor(record: Pick<RunRecord, 'status'>): number {
  if (record.status === 'finished') return 0;
  if (record.status === 'awaiting_approval') return 3;
  return 1;
}
