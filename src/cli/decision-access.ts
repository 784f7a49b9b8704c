import { DecisionError } from '../runtimes/core/decision-error.js';
import { cliIdentity, requireCliAccess } from './cli-identity.js';
import { databasePath } from './database-path.js';
import { UsageError } from './usage-error.js';

/** The tenant whose run is (or last was) on `threadId`, or undefined for a thread no run has used. */
export async function tenantOfThread(threadId: string): Promise<string | undefined> {
  const { openRunStore } = await import('../telemetry/index.js');
  const runs = await openRunStore(databasePath());
  try {
    return (await runs.listIntents(threadId))[0]?.tenant ?? (await runs.latestRunForThread(threadId))?.tenant;
  } finally {
    await runs.close();
  }
}

async function tenantOfApproval(approvalId: string): Promise<string | undefined> {
  const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
  const store = await openDomainStore({ path: resolveDbPath() });
  try {
    return (await store.approvals.get(approvalId))?.tenant;
  } finally {
    await store.close();
  }
}

/**
 * Refuses a decision the acting identity may not make: a viewer decides nothing; another tenant's
 * approval or thread reads exactly as one that does not exist (the same error as a free id), unless the
 * role is `platform_admin`, so ids cannot be probed across tenants.
 */
export async function checkDecisionAccess(target: { thread?: string | undefined; approval?: string | undefined }): Promise<void> {
  const identity = cliIdentity();
  requireCliAccess(identity, 'decide an approval', identity.tenant, 'operator');
  if (identity.role === 'platform_admin') return;
  if (target.approval !== undefined) {
    const tenant = await tenantOfApproval(target.approval);
    if (tenant !== undefined && tenant !== identity.tenant) throw new UsageError(`no approval ${target.approval}`);
  }
  if (target.thread !== undefined) {
    const tenant = await tenantOfThread(target.thread);
    if (tenant !== undefined && tenant !== identity.tenant) throw new DecisionError('nothing_pending', `thread ${target.thread} has no pending approval`);
  }
}
