import { createHash } from 'node:crypto';

/** JSON with object keys sorted at every depth, so equal arguments always serialise the same way. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) => {
    if (inner === null || typeof inner !== 'object' || Array.isArray(inner)) return inner;
    const entries = Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries);
  });
}

/** SHA-256 (hex) of the canonical JSON of a tool's arguments: the audit trail's and idempotency's fingerprint. */
export function argsHash(args: unknown): string {
  return createHash('sha256').update(canonicalJson(args)).digest('hex');
}
