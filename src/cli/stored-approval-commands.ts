import { Command } from 'commander';
import type { ApprovalDecisionResult, ApprovalRequest, ApprovalStatus } from '../domain/index.js';
import { cliIdentity, listingTenant } from './cli-identity.js';
import { UsageError } from './usage-error.js';

/** How an approval reads in one line. */
function describeApproval(a: ApprovalRequest): string {
  const decided = a.decision ? ` — ${a.decision.kind} by ${a.decision.decidedBy}${a.decision.kind === 'edit' ? ` to ${JSON.stringify(a.decision.args)}` : ''}` : '';
  const grant = a.grant ? (a.grant.consumedAt ? `; grant used by ${a.grant.consumedBy ?? '?'}` : `; grant valid until ${a.grant.expiresAt}`) : '';
  return `${a.approvalId} [${a.tenant}] ${a.status}: ${a.tool} ${JSON.stringify(a.args)} asked by ${a.requestedBy} at ${a.createdAt}${decided}${grant}`;
}

/**
 * Decides a stored approval request (one filed by the MCP server for a caller without a grant): the
 * decision is recorded once, atomically; an approval issues the single-use grant the caller then
 * presents. Exit 0 when recorded, 2 when it cannot be (unknown, already decided, expired, bad edit).
 */
export async function decideStoredApproval(options: { approvalId: string; decision: 'approve' | 'edit' | 'reject'; by: string; args?: Record<string, unknown>; reason?: string; json: boolean }): Promise<void> {
  const [{ decideApproval, openDomainStore, resolveDbPath }, { redactPii, redactValues }] = await Promise.all([import('../domain/index.js'), import('../policy/pii/index.js')]);
  const store = await openDomainStore({ path: resolveDbPath() });
  let result: ApprovalDecisionResult;
  try {
    // The reason and the edit are stored (approval row, audit chain): personal data in them never is.
    result = await decideApproval(store, {
      approvalId: options.approvalId,
      decision: options.decision,
      decidedBy: `cli:${options.by}`,
      ...(options.args && { args: redactValues(options.args) }),
      ...(options.reason !== undefined && { reason: redactPii(options.reason).text }),
    });
  } finally {
    await store.close();
  }
  if (options.json) console.log(JSON.stringify(result, null, 2));
  switch (result.kind) {
    case 'decided':
      if (!options.json) {
        console.log(describeApproval(result.approval));
        if (result.approval.status === 'approved') console.log(`The caller may now repeat its ${result.approval.tool} call with "approval_id": "${result.approval.approvalId}"; it runs once.`);
      }
      return;
    case 'not_found':
      throw new UsageError(`no approval ${options.approvalId}`);
    case 'already_decided':
      throw new UsageError(`${options.approvalId} is already decided (${result.approval.status})`);
    case 'expired':
      throw new UsageError(`${options.approvalId} expired at ${result.approval.expiresAt}; the caller must ask again`);
    case 'invalid_edit':
      throw new UsageError(`edit refused: ${result.problems.join('; ')}`);
  }
}

/** `waybill approvals`: the approval requests stored at the boundary (filed by MCP callers). */
export function approvalsCommand(): Command {
  return new Command('approvals')
    .description('list approval requests filed at the MCP boundary, with their decisions and grants')
    .option('--status <status>', 'pending, approved or rejected')
    .option('--tenant <tenant>', 'one tenant only')
    .option('--json', 'print the list as JSON')
    .action(async (options: { status?: string; tenant?: string; json?: boolean }) => {
      if (options.status !== undefined && !['pending', 'approved', 'rejected'].includes(options.status)) throw new UsageError('--status must be pending, approved or rejected');
      const tenant = listingTenant(cliIdentity(), options.tenant, 'list approvals');
      const { openDomainStore, resolveDbPath } = await import('../domain/index.js');
      const store = await openDomainStore({ path: resolveDbPath() });
      try {
        const list = await store.approvals.list({ ...(options.status && { status: options.status as ApprovalStatus }), ...(tenant !== undefined && { tenant }) });
        if (options.json) console.log(JSON.stringify(list, null, 2));
        else if (list.length === 0) console.log('no approval requests');
        else for (const approval of list) console.log(describeApproval(approval));
      } finally {
        await store.close();
      }
    });
}
