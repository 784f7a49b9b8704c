import type { ApprovalRequest, DomainStore } from '../domain/index.js';
import { decideApproval } from '../domain/index.js';
import { redactPii, redactValues } from '../policy/index.js';
import { ApiError } from './api-error.js';
import { invalidEdit } from './invalid-edit.js';
import type { PendingApproval } from './list-pending-approvals.js';

/** Stored approval ids (filed at the MCP boundary) are told apart from paused runs by their prefix. */
export const isStoredApprovalId = (id: string): boolean => id.startsWith('apr_');

/** A pending approval filed at the MCP boundary, shaped like a paused run's in `GET /v1/approvals`. */
export function asPendingApproval(approval: ApprovalRequest): PendingApproval & { source: 'mcp'; expires_at: string } {
  return {
    id: approval.approvalId,
    run_id: '',
    thread_id: '',
    request_id: '',
    tenant: approval.tenant,
    requested_at: approval.createdAt,
    agent: approval.requestedBy,
    tool: approval.tool,
    args: approval.args,
    answer: `Asked at the MCP boundary by ${approval.requestedBy}; once approved, the caller repeats its call with "approval_id": "${approval.approvalId}" and it runs once.`,
    source: 'mcp',
    expires_at: approval.expiresAt,
    ...(approval.origins && { origins: approval.origins, ...(approval.origins.tracking_id === 'third_party' && { third_party_target: true }) }),
  };
}

/** The tenant's undecided, unexpired stored approvals. */
export async function listStoredApprovals(domain: DomainStore, tenant: string, now: Date = new Date()): Promise<ReturnType<typeof asPendingApproval>[]> {
  const pending = await domain.approvals.list({ tenant, status: 'pending', limit: 500 });
  return pending.filter((a) => a.expiresAt > now.toISOString()).map(asPendingApproval);
}

/**
 * Decides a stored approval for `tenant` (another tenant's is 404); one already decided is 409, an
 * expired one 409, an invalid edit 422. The decision is recorded once, atomically, in the store.
 */
export async function decideStoredApproval(domain: DomainStore, input: { tenant: string; approvalId: string; decision: 'approve' | 'edit' | 'reject'; by: string; args?: Record<string, unknown>; reason?: string }): Promise<{ approval: ApprovalRequest }> {
  // The reason and the edit are stored (approval row, audit chain): personal data in them never is.
  const result = await decideApproval(domain, {
    approvalId: input.approvalId,
    tenant: input.tenant,
    decision: input.decision,
    decidedBy: input.by,
    ...(input.args && { args: redactValues(input.args) }),
    ...(input.reason !== undefined && { reason: redactPii(input.reason).text }),
  });
  switch (result.kind) {
    case 'decided':
      return { approval: result.approval };
    case 'not_found':
      throw new ApiError('not_found', `no approval ${input.approvalId}`);
    case 'already_decided':
      throw new ApiError('already_decided', `approval ${input.approvalId} was already decided`);
    case 'expired':
      throw new ApiError('already_decided', `approval ${input.approvalId} expired at ${result.approval.expiresAt}; the caller must ask again`);
    case 'invalid_edit':
      throw invalidEdit(`edit refused: ${result.problems.join('; ')}`, result.problems);
  }
}
