import type { ChainEntry } from './audit-chain.js';
import type { AuditKeyring } from './audit-keyring.js';
import { chainHash } from './audit-chain.js';

/** An `audit_chain` row as both backends store it (`key_id` from schema version 3, null on format-1 entries). */
export interface ChainRow {
  seq: number;
  version: number;
  at: string;
  type: ChainEntry['type'];
  tenant: string;
  subject: string;
  body: string;
  key_id: string | null;
  prev_hash: string;
  hash: string;
}

export const toEntry = (row: ChainRow): ChainEntry => ({
  seq: row.seq,
  version: row.version,
  at: row.at,
  type: row.type,
  tenant: row.tenant,
  subject: row.subject,
  body: safeBody(row.body),
  ...(row.key_id !== null && row.key_id !== undefined && { keyId: row.key_id }),
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
 * At the moment of use: the grant row matches its chained `grant.issued` entry (`row`) and that
 * entry's keyed hash still holds, so a grant edited in the database does not authorise anything. An
 * unkeyed (format 1) grant entry is never enough: anyone could have written it (grants live an hour, so
 * only one issued in the hour before the upgrade is affected; it is refused and asked again).
 */
export function grantMatchesEntry(row: ChainRow | undefined, grant: { grantId: string; argsHash: string; expiresAt: string }, keyring: AuditKeyring): boolean {
  if (!row) return false;
  const entry = toEntry(row);
  const key = entry.keyId === undefined ? undefined : keyring.find(entry.keyId);
  if (!key) return false;
  return chainHash(entry.prevHash, entry, key) === entry.hash && entry.body.grant_id === grant.grantId && entry.body.args_hash === grant.argsHash && entry.body.expires_at === grant.expiresAt;
}
