import type { RunRecord } from '../telemetry/index.js';
import { ApiError } from './api-error.js';
import type { ServerDeps } from './server-deps.js';

/**
 * The run with this id if it belongs to `tenant`; otherwise 404, the same answer as for an id that
 * does not exist, so one tenant cannot learn that another's run exists.
 */
export async function findTenantRun(deps: ServerDeps, tenant: string, runId: string): Promise<RunRecord> {
  const record = await deps.opened.runs.getRun(runId);
  if (!record || record.tenant !== tenant) throw new ApiError('not_found', `no run ${runId}`);
  return record;
}
