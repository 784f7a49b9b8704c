import { FIXTURE_CANCELLATIONS } from '../fixtures/shipments.js';
import type { AuditFinding, ChainEntry } from './audit-chain.js';

export interface ApprovalCheckRow {
  approval_id: string;
  args_hash: string;
  status: string;
  decision: string | null;
  decided_args_hash: string | null;
}

export interface GrantCheckRow {
  grant_id: string;
  approval_id: string;
  args_hash: string;
  expires_at: string;
  consumed_by: string | null;
}

export interface CancellationCheckRow {
  cancellation_id: string;
  tracking_id: string;
  refund_uah: number;
  approval_id: string | null;
  cancelled_at: string;
}

export const APPROVALS_TO_CHECK = 'SELECT approval_id, args_hash, status, decision, decided_args_hash FROM approvals';
export const GRANTS_TO_CHECK = 'SELECT grant_id, approval_id, args_hash, expires_at, consumed_by FROM grants';
export const CANCELLATIONS_TO_CHECK = 'SELECT cancellation_id, tracking_id, refund_uah, approval_id, cancelled_at FROM cancellations';

/** The rows of the tables whose every change the chain records. */
export interface StateRows {
  approvals: readonly ApprovalCheckRow[];
  grants: readonly GrantCheckRow[];
  cancellations: readonly CancellationCheckRow[];
}

/** Which chain entries the cross-check reads: every approval and grant entry, and tool calls that made a cancellation. */
export const readByCrossCheck = (entry: ChainEntry): boolean => entry.type !== 'tool.call' || typeof entry.body.cancellation_id === 'string';

const FIXTURES = new Map(FIXTURE_CANCELLATIONS.map((c) => [c.cancellationId, c]));

/**
 * Where the approvals, grants and cancellations tables say something the (verified) chain does not:
 * a decision changed (a rejected approval set to approved), a grant widened, deleted or unmarked as
 * used, a cancellation whose refund or shipment was edited, a row that no entry records (but for a
 * cancellation older than the chain: no approval and dated before the first entry). `entries`
 * are the chain's entries that readByCrossCheck keeps, in order. Every disagreement is named, with the
 * entry it contradicts (problem `altered`: the tables were changed behind the chain).
 */
export function crossCheckState(entries: readonly ChainEntry[], rows: StateRows, count: number): StateCheck {
  const findings: AuditFinding[] = [];
  const beforeChain: string[] = [];
  const chainStarted = entries[0]?.at;
  const found = (seq: number, detail: string) => findings.push({ seq, problem: 'altered', detail });
  const first = new Map<string, ChainEntry>();
  const byCancellation = new Map<string, ChainEntry>();
  for (const entry of entries) {
    const key = `${entry.type}\n${entry.subject}`;
    if (!first.has(key)) first.set(key, entry);
    const cancellation = entry.body.cancellation_id;
    if (typeof cancellation === 'string' && !byCancellation.has(cancellation)) byCancellation.set(cancellation, entry);
  }
  const entryFor = (subject: string, type: ChainEntry['type']) => first.get(`${type}\n${subject}`);

  const approvals = new Map(rows.approvals.map((a) => [a.approval_id, a]));
  for (const a of rows.approvals) {
    const requested = entryFor(a.approval_id, 'approval.requested');
    if (!requested) {
      found(count + 1, `the approvals table has ${a.approval_id}, which no approval.requested entry records`);
      continue;
    }
    if (requested.body.args_hash !== a.args_hash) found(requested.seq, `the approvals row of ${a.approval_id} has other arguments than entry #${requested.seq} requested`);
    const decided = entryFor(a.approval_id, 'approval.decided');
    if (!decided) {
      if (a.status !== 'pending') found(requested.seq, `${a.approval_id} is ${a.status} in the approvals table, but the chain records no decision of it`);
      continue;
    }
    const decision = String(decided.body.decision);
    const status = decision === 'reject' ? 'rejected' : 'approved';
    if (a.status !== status || a.decision !== decision) {
      found(decided.seq, `${a.approval_id} is ${a.status}${a.decision ? ` (${a.decision})` : ''} in the approvals table, but entry #${decided.seq} records the decision ${decision}`);
    } else if (decided.body.args_hash !== a.decided_args_hash) {
      found(decided.seq, `the decided arguments of ${a.approval_id} in the approvals table differ from those entry #${decided.seq} records`);
    }
  }

  const grants = new Map(rows.grants.map((g) => [g.approval_id, g]));
  for (const g of rows.grants) {
    const issued = entryFor(g.approval_id, 'grant.issued');
    if (!issued || issued.body.grant_id !== g.grant_id || issued.body.args_hash !== g.args_hash || issued.body.expires_at !== g.expires_at) {
      found(issued?.seq ?? count + 1, `the grants row of ${g.approval_id} disagrees with its grant.issued entry`);
      continue;
    }
    const consumed = entryFor(g.approval_id, 'grant.consumed');
    if ((consumed === undefined) !== (g.consumed_by === null) || (consumed && consumed.body.cancellation_id !== g.consumed_by)) {
      found(consumed?.seq ?? issued.seq, `the grants row of ${g.approval_id} says ${g.consumed_by === null ? 'unused' : `used by ${g.consumed_by}`}, the chain ${consumed ? `records its use by ${String(consumed.body.cancellation_id)} (#${consumed.seq})` : 'records no use'}`);
    }
  }

  const cancellations = new Map(rows.cancellations.map((c) => [c.cancellation_id, c]));
  for (const entry of entries) {
    if (entry.type === 'approval.requested' && !approvals.has(entry.subject)) found(entry.seq, `entry #${entry.seq} requested ${entry.subject}, which the approvals table no longer has`);
    if (entry.type === 'grant.issued' && !grants.has(entry.subject)) {
      found(entry.seq, `entry #${entry.seq} issued grant ${String(entry.body.grant_id)} for ${entry.subject}, which the grants table no longer has`);
    }
  }
  for (const [id, entry] of byCancellation) {
    const row = cancellations.get(id);
    if (!row) found(entry.seq, `entry #${entry.seq} records cancellation ${id}, which the cancellations table no longer has`);
    else if (row.refund_uah !== entry.body.refund_uah || row.tracking_id !== entry.body.tracking_id) {
      found(entry.seq, `cancellation ${id} is ${row.tracking_id} with a refund of ${row.refund_uah} UAH in the cancellations table, but entry #${entry.seq} records ${String(entry.body.tracking_id)} and ${String(entry.body.refund_uah)} UAH`);
    }
  }
  for (const row of rows.cancellations) {
    if (byCancellation.has(row.cancellation_id)) continue;
    const fixture = FIXTURES.get(row.cancellation_id);
    if (fixture && row.approval_id === null) {
      if (fixture.refundUah !== row.refund_uah || fixture.trackingId !== row.tracking_id) {
        found(0, `the seeded cancellation ${row.cancellation_id} is ${row.tracking_id} with ${row.refund_uah} UAH, the fixture says ${fixture.trackingId} and ${fixture.refundUah} UAH`);
      }
      continue;
    }
    // Written before the chain existed (a database from before approvals): no approval, dated before the first entry.
    if (row.approval_id === null && (chainStarted === undefined || row.cancelled_at < chainStarted)) {
      beforeChain.push(row.cancellation_id);
      continue;
    }
    found(count + 1, `cancellation ${row.cancellation_id} (${row.tracking_id}, ${row.refund_uah} UAH) has no entry in the chain`);
  }
  return { findings, beforeChain };
}

/** The disagreements, and the cancellations older than the chain (no approval, dated before its first entry). */
export interface StateCheck {
  findings: AuditFinding[];
  beforeChain: string[];
}
