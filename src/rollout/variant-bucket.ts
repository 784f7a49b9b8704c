import { createHash } from 'node:crypto';

/** Buckets a user can fall in: a canary percentage is honoured to a hundredth of a percent. */
const BUCKETS = 10_000;

/**
 * The user's bucket (0 to 9999) for a change: SHA-256 of tenant, user and change id. Stable: the same
 * user of a tenant always gets the same bucket for a change, in every process and after a restart. The
 * change id is in the hash so that each change's canary is a different slice of the users, not the same
 * unlucky tenth every time.
 */
export function variantBucket(tenant: string, user: string, changeId: string): number {
  const digest = createHash('sha256').update(`${tenant}\u0000${user}\u0000${changeId}`).digest();
  return digest.readUInt32BE(0) % BUCKETS;
}

/** True when the user's bucket falls in the canary: `percent` of 100 (0 to 100, hundredths allowed). */
export function inCanary(tenant: string, user: string, changeId: string, percent: number): boolean {
  return variantBucket(tenant, user, changeId) < Math.round(percent * (BUCKETS / 100));
}
