import { createHash } from 'node:crypto';
import { canonicalJson } from '../args-hash.js';
import type { AuditAnchor } from './audit-anchor-format.js';
import type { AuditKeyring } from './audit-keyring.js';
import { keyedHash } from './audit-keyring.js';

/**
 * Events the boundary records: every tool call, and the life of each approval (request, decision,
 * grant, its use or refusal), and every rollout action (stage changes, a change's start, percentage,
 * promotion and rollback). They form one chain: each entry's hash covers the previous hash and its
 * own content, so an edited or removed entry is found by recomputing the chain.
 *
 * Format changelog (`version` of each entry, AUDIT_CHAIN_VERSION the one written now):
 * 1 — SHA-256 over {v, seq, at, type, tenant, subject, body}: anyone can recompute it, so only a prefix
 *     of older entries sealed by a keyed entry after it is accepted (see verifyChain).
 * 2 — HMAC-SHA256 under the key `key_id` names, over {v, seq, at, type, tenant, subject, key_id, body};
 *     the key lives outside the database (audit-keyring.ts).
 */
const AUDIT_CHAIN_VERSION = 2;

type BoundaryEventType =
  | 'tool.call'
  | 'approval.requested'
  | 'approval.decided'
  | 'grant.issued'
  | 'grant.consumed'
  | 'audit.key_rotated'
  | 'audit.sealed'
  // A tenant's staged rollout (docs/rollout.md "Audit"), written with the change it records.
  | 'rollout.stage_changed'
  | 'rollout.started'
  | 'rollout.percent_changed'
  | 'rollout.promoted'
  | 'rollout.rolled_back';

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
  /** The key that signed the entry (format 2); absent on format 1. */
  keyId?: string;
  prevHash: string;
  hash: string;
}

/** What verification found wrong, at which entry (seq 0: the chain as a whole). */
type AuditProblem = 'altered' | 'removed' | 'unkeyed' | 'unknown_key' | 'truncated' | 'rewritten' | 'anchor_invalid';

export interface AuditFinding {
  seq: number;
  problem: AuditProblem;
  detail: string;
}

export type ChainVerdict =
  | {
      ok: true;
      entries: number;
      head: string;
      /** The keys the entries are signed with. */
      keys: string[];
      /** Format-1 entries before the first keyed one (sealed by it). */
      unkeyed: number;
      /** How many anchors were checked. */
      anchors: number;
      /** Cancellations older than the chain (no approval, dated before its first entry), present when any. */
      before_chain?: string[];
    }
  | { ok: false; entries: number; seq: number; problem: AuditProblem; detail: string; findings: AuditFinding[] };

export interface AuditChainFilter {
  tenant?: string;
  subject?: string;
  type?: BoundaryEventType;
  limit?: number;
}

/** The current head: how many entries and the newest hash (the genesis hash for an empty chain). */
export interface ChainHead {
  count: number;
  hash: string;
}

/**
 * The head row as stored: from schema version 3 signed (`mac`, under `key_id`) with every keyed
 * append, so a head rewritten to an earlier entry (the tail cut) does not verify without the key.
 */
export interface StoredHead extends ChainHead {
  key_id?: string | null;
  mac?: string | null;
}

/** The head's HMAC: domain-separated from entry hashes, so no stored hash can stand in for it. */
const headMac = (key: { id: string; secret: Buffer }, head: ChainHead): string =>
  keyedHash(key, canonicalJson({ kind: 'waybill.audit.head', count: head.count, hash: head.hash, key_id: key.id }));

/** The signed head row after appending `entry` (signed with the same key as the entry). */
export function signedHead(keyring: AuditKeyring, entry: ChainEntry): { count: number; hash: string; key_id: string; mac: string } {
  const key = keyring.find(entry.keyId ?? '') ?? keyring.signing();
  const head = { count: entry.seq, hash: entry.hash };
  return { ...head, key_id: key.id, mac: headMac(key, head) };
}

/** The tamper-evident boundary audit trail. */
export interface AuditChain {
  append(event: BoundaryEvent): Promise<ChainEntry>;
  /**
   * Recomputes every hash under its key, checks the given anchors, and compares the approvals, grants
   * and cancellations tables with what the chain says about them.
   */
  verify(options?: { anchors?: readonly AuditAnchor[] }): Promise<ChainVerdict>;
  list(filter?: AuditChainFilter): Promise<ChainEntry[]>;
  head(): Promise<ChainHead>;
  readonly keyring: AuditKeyring;
}

export const GENESIS_HASH = '0'.repeat(64);

/** The hash of one entry given its predecessor's: SHA-256 for format 1, HMAC under `key` for format 2. */
export function chainHash(prevHash: string, entry: Omit<ChainEntry, 'prevHash' | 'hash'>, key?: { secret: Buffer; id: string }): string {
  const { version: v, seq, at, type, tenant, subject, body } = entry;
  if (v === 1) return createHash('sha256').update(`${prevHash}\n${canonicalJson({ v, seq, at, type, tenant, subject, body })}`).digest('hex');
  if (!key) throw new Error(`chainHash: entry #${seq} (format ${v}) needs its key`);
  return keyedHash(key, `${prevHash}\n${canonicalJson({ v, seq, at, type, tenant, subject, key_id: key.id, body })}`);
}

/** The entry `event` becomes at `seq` after `prevHash`, signed with the keyring's signing key. */
export function signEntry(keyring: AuditKeyring, event: BoundaryEvent, seq: number, prevHash: string): ChainEntry {
  const key = keyring.signing();
  const partial = { ...event, seq, version: AUDIT_CHAIN_VERSION, keyId: key.id };
  return { ...partial, prevHash, hash: chainHash(prevHash, partial, key) };
}

/** What walking the chain found: where it breaks (if it does), how far it holds, its hashes at anchored positions. */
export interface ChainWalk {
  finding?: AuditFinding;
  count: number;
  head: string;
  keys: Set<string>;
  unkeyed: number;
  hashAt: Map<number, string>;
}

/**
 * Walks entries in order (as stored) and returns the first break: a sequence gap is a removal; a hash
 * that does not match its content, predecessor or key is an alteration; an entry under a key this
 * keyring does not hold cannot be checked and says so. Format-1 entries (no key) are accepted only
 * before the first keyed entry, and only when one follows them: a chain of unkeyed entries alone is
 * what re-hashing with the public SHA-256 produces. `head` is the count and hash the store last
 * recorded, so removing the newest entries without rewriting it is found too. `anchored` names the
 * positions whose hashes the caller wants (for anchors).
 */
export function verifyChain(entries: Iterable<ChainEntry>, head: StoredHead | undefined, keyring: AuditKeyring, anchored: ReadonlySet<number> = new Set()): ChainWalk {
  const walk: ChainWalk = { count: 0, head: GENESIS_HASH, keys: new Set(), unkeyed: 0, hashAt: new Map() };
  const stop = (seq: number, problem: AuditProblem, detail: string): ChainWalk => ({ ...walk, finding: { seq, problem, detail } });
  let expectedSeq = 1;
  for (const entry of entries) {
    const { seq } = entry;
    if (seq !== expectedSeq) return stop(expectedSeq, 'removed', `entry #${expectedSeq} is missing (the next stored entry is #${seq})`);
    if (entry.prevHash !== walk.head) return stop(seq, 'altered', `entry #${seq} does not link to the entry before it`);
    if (entry.version === 1) {
      if (walk.keys.size > 0) return stop(seq, 'altered', `entry #${seq} is unkeyed (format 1) after keyed entries: it was written without the key`);
      if (chainHash(walk.head, entry) !== entry.hash) return stop(seq, 'altered', `entry #${seq} (${entry.type} ${entry.subject}) does not match its hash`);
      walk.unkeyed += 1;
    } else if (entry.version === 2) {
      const key = entry.keyId === undefined ? undefined : keyring.find(entry.keyId);
      if (!key) return stop(seq, 'unknown_key', `entry #${seq} is signed with key ${entry.keyId ?? '(none)'}, which the keyring (${keyring.source}) does not hold; it cannot be checked`);
      if (chainHash(walk.head, entry, key) !== entry.hash) {
        return stop(seq, 'altered', `entry #${seq} (${entry.type} ${entry.subject}) does not match its keyed hash under ${key.id}: edited, or re-hashed without the key`);
      }
      walk.keys.add(key.id);
    } else {
      return stop(seq, 'altered', `entry #${seq} has an unknown format (${entry.version})`);
    }
    walk.head = entry.hash;
    walk.count += 1;
    if (anchored.has(seq)) walk.hashAt.set(seq, entry.hash);
    expectedSeq += 1;
  }
  if (head && (head.count !== walk.count || head.hash !== walk.head)) {
    const first = Math.min(head.count, walk.count) + 1;
    return head.count > walk.count
      ? stop(first, 'removed', `entries #${first} to #${head.count} are missing (the chain ends at #${walk.count})`)
      : stop(first, 'altered', `the recorded head (#${head.count}) does not match the chain (#${walk.count})`);
  }
  if (walk.keys.size > 0) {
    // A keyed chain's head row is signed: one rewritten to match a cut chain is not.
    if (!head) return stop(walk.count + 1, 'removed', `the head row is missing while the chain holds ${walk.count} entries: entries after #${walk.count} may have been cut`);
    const key = head.key_id ? keyring.find(head.key_id) : undefined;
    if (!head.mac || !key || headMac(key, head) !== head.mac) {
      return stop(walk.count + 1, 'removed', `the head row (#${head.count}) is not signed with the key: it was rewritten, so entries after #${walk.count} may have been cut`);
    }
  }
  if (walk.unkeyed > 0 && walk.keys.size === 0) {
    return stop(1, 'unkeyed', `all ${walk.unkeyed} entries are unkeyed (format 1, plain SHA-256): anyone who can write the database can recompute them, and no keyed entry seals them; run waybill audit seal once you trust them`);
  }
  return walk;
}

/** The verdict of a walk plus the findings of the anchors and the state tables. */
export function chainVerdict(walk: ChainWalk, more: readonly AuditFinding[], anchors: number, beforeChain: readonly string[]): ChainVerdict {
  const findings = [...(walk.finding ? [walk.finding] : []), ...more];
  const [first] = findings;
  if (!first) return { ok: true, entries: walk.count, head: walk.head, keys: [...walk.keys], unkeyed: walk.unkeyed, anchors, ...(beforeChain.length > 0 && { before_chain: [...beforeChain] }) };
  return { ok: false, entries: walk.count, seq: first.seq, problem: first.problem, detail: first.detail, findings };
}
