/**
 * How far content may be believed, from most to least trusted. Operators and the system speak with
 * authority; a user's own request may initiate what the user is allowed; workers, tools and retrieved
 * documents produce data that can inform a decision but never initiate a write.
 */
const TRUST_LEVELS = ['system', 'operator', 'user', 'agent', 'tool', 'retrieved', 'external'] as const;

export type TrustLevel = (typeof TRUST_LEVELS)[number];

/** True when `level` is at least as trusted as `required`. */
export function trustAtLeast(level: TrustLevel, required: TrustLevel): boolean {
  return TRUST_LEVELS.indexOf(level) <= TRUST_LEVELS.indexOf(required);
}
