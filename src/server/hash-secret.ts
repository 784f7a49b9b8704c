import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 hex of a high-entropy secret: enough for random 256-bit keys (no salt or slow hash needed). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A random secret with a readable prefix, e.g. `wb_live_…` (32 random bytes, base64url). */
export function newSecret(prefix: string): string {
  return `${prefix}${randomBytes(32).toString('base64url')}`;
}
