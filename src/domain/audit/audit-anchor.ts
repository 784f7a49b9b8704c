import { canonicalJson } from '../args-hash.js';
import { AuditAnchor } from './audit-anchor-format.js';
import type { AuditFinding, ChainHead, ChainWalk } from './audit-chain.js';
import type { AuditKeyring } from './audit-keyring.js';
import { keyedHash } from './audit-keyring.js';

/** An anchor file that is not one anchor per line (or one JSON anchor). */
export class AnchorFileError extends Error {
  readonly code = 'ANCHOR_FILE';
}

const macOf = (anchor: Omit<AuditAnchor, 'mac'>, key: { id: string; secret: Buffer }) =>
  keyedHash(key, canonicalJson({ v: anchor.v, kind: anchor.kind, seq: anchor.seq, hash: anchor.hash, at: anchor.at, key_id: anchor.key_id }));

/** A signed anchor of `head` at `at`. */
export function makeAnchor(head: ChainHead, keyring: AuditKeyring, at: Date): AuditAnchor {
  const key = keyring.signing();
  const unsigned = { v: 1 as const, kind: 'waybill.audit.anchor' as const, seq: head.count, hash: head.hash, at: at.toISOString(), key_id: key.id };
  return { ...unsigned, mac: macOf(unsigned, key) };
}

/** The anchors in a file's text: JSON lines (what `waybill audit anchor --file` appends), blank lines ignored. */
export function parseAnchors(text: string, source: string): AuditAnchor[] {
  const anchors: AuditAnchor[] = [];
  text.split('\n').forEach((line, index) => {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      throw new AnchorFileError(`${source}, line ${index + 1}: not JSON (expected one anchor per line, as waybill audit anchor writes)`);
    }
    const parsed = AuditAnchor.safeParse(value);
    if (!parsed.success) throw new AnchorFileError(`${source}, line ${index + 1}: not an audit anchor (${parsed.error.issues.map((i) => `${i.path.join('.') || 'anchor'}: ${i.message}`).join('; ')})`);
    anchors.push(parsed.data);
  });
  if (anchors.length === 0) throw new AnchorFileError(`${source} holds no anchor`);
  return anchors;
}

/**
 * What the anchors say about the chain: an anchor that does not match its HMAC (the anchor was edited),
 * a chain that ends below an anchor (truncated, whatever its head row says), an entry whose hash differs
 * from the anchored one (everything up to it was rewritten). `stored` is how many entries the table holds.
 */
export function checkAnchors(anchors: readonly AuditAnchor[], walk: ChainWalk, stored: number, keyring: AuditKeyring): AuditFinding[] {
  const findings: AuditFinding[] = [];
  let truncated: AuditAnchor | undefined;
  let rewritten: AuditAnchor | undefined;
  for (const anchor of anchors) {
    const key = keyring.find(anchor.key_id);
    if (key && macOf(anchor, key) !== anchor.mac) {
      findings.push({ seq: anchor.seq, problem: 'anchor_invalid', detail: `the anchor of ${anchor.at} (#${anchor.seq}) does not match its HMAC under ${anchor.key_id}: the anchor itself was edited` });
      continue;
    }
    if (anchor.seq === 0) continue;
    if (stored < anchor.seq) {
      if (!truncated || anchor.seq > truncated.seq) truncated = anchor;
      continue;
    }
    const hash = walk.hashAt.get(anchor.seq);
    if (hash !== undefined && hash !== anchor.hash && (!rewritten || anchor.seq < rewritten.seq)) rewritten = anchor;
  }
  if (truncated) {
    findings.push({
      seq: stored + 1,
      problem: 'truncated',
      detail: `the chain ends at #${stored}, but the anchor of ${truncated.at} was taken at #${truncated.seq}: entries #${stored + 1} to #${truncated.seq} were removed`,
    });
  }
  if (rewritten) {
    findings.push({
      seq: rewritten.seq,
      problem: 'rewritten',
      detail: `entry #${rewritten.seq} has hash ${(walk.hashAt.get(rewritten.seq) ?? '').slice(0, 16)}…, the anchor of ${rewritten.at} recorded ${rewritten.hash.slice(0, 16)}…: the chain up to it was rewritten`,
    });
  }
  return findings;
}
