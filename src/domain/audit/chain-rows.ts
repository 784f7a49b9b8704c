import type { ChainEntry, ChainVerdict } from './audit-chain.js';
import { chainHash } from './audit-chain.js';

/** An `audit_chain` row as both backends store it. */
export interface ChainRow {
  seq: number;
  version: number;
  at: string;
  type: ChainEntry['type'];
  tenant: string;
  subject: string;
  body: string;
  prev_hash: string;
  hash: string;
}

export interface ApprovalCheckRow {
  approval_id: string;
  args_hash: string;
  status: string;
}

export interface GrantCheckRow {
  grant_id: string;
  approval_id: string;
  args_hash: string;
  expires_at: string;
  consumed_by: string | null;
}

export const APPROVALS_TO_CHECK = 'SELECT approval_id, args_hash, status FROM approvals';
export const GRANTS_TO_CHECK = 'SELECT grant_id, approval_id, args_hash, expires_at, consumed_by FROM grants';

export const toEntry = (row: ChainRow): ChainEntry => ({
  seq: row.seq,
  version: row.version,
  at: row.at,
  type: row.type,
  tenant: row.tenant,
  subject: row.subject,
  body: safeBody(row.body),
  prevHash: row.prev_hash,
  hash: row.hash,
});

// An edited row may no longer hold JSON; verification must report it, not crash on it.
function safeBody(text: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : { unreadable: text };
  } catch {
    return { unreadable: text };
  }
}

/**
 * The approval and grant rows the write reads must say what the chain says: a grant widened in the
 * database (another hash, a later expiry, unmarked as used) is named by the chain entry it
 * contradicts. `entryFor` finds the first entry of a type about a subject; `count` is the chain's length.
 */
export function crossCheckChain(
  count: number,
  entryFor: (subject: string, type: ChainEntry['type']) => ChainRow | undefined,
  approvals: readonly ApprovalCheckRow[],
  grants: readonly GrantCheckRow[],
): ChainVerdict | undefined {
  const broken = (seq: number, detail: string): ChainVerdict => ({ ok: false, entries: count, seq, problem: 'altered', detail });
  for (const a of approvals) {
    const requested = entryFor(a.approval_id, 'approval.requested');
    if (!requested) return broken(count + 1, `approval ${a.approval_id} has no approval.requested entry`);
    if (safeBody(requested.body).args_hash !== a.args_hash) return broken(requested.seq, `the approvals row of ${a.approval_id} disagrees with entry #${requested.seq}`);
    const decided = entryFor(a.approval_id, 'approval.decided');
    if ((a.status === 'pending') !== (decided === undefined)) return broken(decided?.seq ?? requested.seq, `the status of ${a.approval_id} (${a.status}) disagrees with the chain`);
  }
  for (const g of grants) {
    const issued = entryFor(g.approval_id, 'grant.issued');
    const body = issued ? safeBody(issued.body) : {};
    if (!issued || body.grant_id !== g.grant_id || body.args_hash !== g.args_hash || body.expires_at !== g.expires_at) {
      return broken(issued?.seq ?? count + 1, `the grants row of ${g.approval_id} disagrees with its grant.issued entry`);
    }
    const consumed = entryFor(g.approval_id, 'grant.consumed');
    if ((consumed === undefined) !== (g.consumed_by === null)) return broken(consumed?.seq ?? issued.seq, `the grants row of ${g.approval_id} says ${g.consumed_by === null ? 'unused' : 'used'}, the chain does not`);
  }
  return undefined;
}

/**
 * At the moment of use: the grant row matches its chained `grant.issued` entry (`row`) and that
 * entry's hash still holds, so a grant edited in the database does not authorise anything.
 */
export function grantMatchesEntry(row: ChainRow | undefined, grant: { grantId: string; argsHash: string; expiresAt: string }): boolean {
  if (!row) return false;
  const entry = toEntry(row);
  return chainHash(entry.prevHash, entry) === entry.hash && entry.body.grant_id === grant.grantId && entry.body.args_hash === grant.argsHash && entry.body.expires_at === grant.expiresAt;
}
