import { createHash } from 'node:crypto';
import { canonicalJson } from '../args-hash.js';

/**
 * Events the boundary records: every tool call, and the life of each approval (request, decision,
 * grant, its use or refusal). They form one hash chain: each entry's hash covers the previous hash and
 * its own content, so an edited or removed entry is found by recomputing the chain.
 *
 * Format changelog (AUDIT_CHAIN_VERSION): 1 — {v, seq, at, type, tenant, subject, body}.
 */
export const AUDIT_CHAIN_VERSION = 1;

type BoundaryEventType = 'tool.call' | 'approval.requested' | 'approval.decided' | 'grant.issued' | 'grant.consumed';

export interface BoundaryEvent {
  type: BoundaryEventType;
  tenant: string;
  at: string;
  /** The approval id, or the tool for a tool call. */
  subject: string;
  body: Record<string, unknown>;
}

export interface ChainEntry extends BoundaryEvent {
  seq: number;
  version: number;
  prevHash: string;
  hash: string;
}

export type ChainVerdict =
  | { ok: true; entries: number; head: string }
  | { ok: false; entries: number; seq: number; problem: 'altered' | 'removed'; detail: string };

export interface AuditChainFilter {
  tenant?: string;
  subject?: string;
  type?: BoundaryEventType;
  limit?: number;
}

/** The tamper-evident boundary audit trail. */
export interface AuditChain {
  append(event: BoundaryEvent): Promise<ChainEntry>;
  /** Recomputes every hash and names the first entry altered or removed. */
  verify(): Promise<ChainVerdict>;
  list(filter?: AuditChainFilter): Promise<ChainEntry[]>;
}

export const GENESIS_HASH = '0'.repeat(64);

/** The hash of one entry given its predecessor's. */
export function chainHash(prevHash: string, entry: Omit<ChainEntry, 'prevHash' | 'hash'>): string {
  const content = canonicalJson({ v: entry.version, seq: entry.seq, at: entry.at, type: entry.type, tenant: entry.tenant, subject: entry.subject, body: entry.body });
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

/**
 * Walks entries in order (as stored) and returns the first break: a sequence gap is a removal, a hash
 * that does not match its content or predecessor is an alteration. `head` is the count and hash the
 * store last recorded, so removing the newest entries is found too.
 */
export function verifyChain(entries: Iterable<ChainEntry>, head: { count: number; hash: string } | undefined): ChainVerdict {
  let prev = GENESIS_HASH;
  let expectedSeq = 1;
  let count = 0;
  for (const entry of entries) {
    if (entry.seq !== expectedSeq) {
      return { ok: false, entries: count, seq: expectedSeq, problem: 'removed', detail: `entry #${expectedSeq} is missing (the next stored entry is #${entry.seq})` };
    }
    if (entry.prevHash !== prev) {
      return { ok: false, entries: count, seq: entry.seq, problem: 'altered', detail: `entry #${entry.seq} does not link to the entry before it` };
    }
    if (chainHash(prev, entry) !== entry.hash) {
      return { ok: false, entries: count, seq: entry.seq, problem: 'altered', detail: `entry #${entry.seq} (${entry.type} ${entry.subject}) does not match its hash` };
    }
    prev = entry.hash;
    expectedSeq += 1;
    count += 1;
  }
  if (head && (head.count !== count || head.hash !== prev)) {
    const first = Math.min(head.count, count) + 1;
    return head.count > count
      ? { ok: false, entries: count, seq: first, problem: 'removed', detail: `entries #${first} to #${head.count} are missing (the chain ends at #${count})` }
      : { ok: false, entries: count, seq: first, problem: 'altered', detail: `the recorded head (#${head.count}) does not match the chain (#${count})` };
  }
  return { ok: true, entries: count, head: prev };
}
