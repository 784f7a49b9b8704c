import { z } from 'zod';

/**
 * The chain's head exported out of the database: its position and hash, when, and an HMAC under the
 * audit key. Whoever keeps it (a file elsewhere, a log, a webhook's receiver) can later show that the
 * chain was cut below it or rewritten up to it. Format changelog (`v`): 1 — this shape.
 */
export const AuditAnchor = z.strictObject({
  v: z.literal(1),
  kind: z.literal('waybill.audit.anchor'),
  seq: z.number().int().min(0),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  at: z.string().min(1),
  key_id: z.string().min(1),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});
export type AuditAnchor = z.infer<typeof AuditAnchor>;
