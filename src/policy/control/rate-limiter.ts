/** Token-bucket limits per key (tenant and tool): a burst, then a steady rate. */
export interface RateLimit {
  /** Calls allowed at once after a quiet period. */
  burst: number;
  /** Calls per second refilled. */
  perSecond: number;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * Per-tenant, per-tool rate limiting in process memory. A token bucket is a few lines; it is written here
 * rather than pulled in, with the clock injected so tests need no sleeping.
 */
export class RateLimiter {
  readonly #limit: RateLimit;
  readonly #now: () => number;
  readonly #buckets = new Map<string, { tokens: number; at: number }>();

  constructor(limit: RateLimit, now: () => number = Date.now) {
    if (!(limit.burst >= 1 && limit.perSecond > 0)) throw new RangeError('burst must be at least 1 and perSecond positive');
    this.#limit = limit;
    this.#now = now;
  }

  /** Takes one token for `tenant`/`tool` if there is one. */
  take(tenant: string, tool: string): RateDecision {
    const key = `${tenant}\u0000${tool}`;
    const now = this.#now();
    const bucket = this.#buckets.get(key) ?? { tokens: this.#limit.burst, at: now };
    const tokens = Math.min(this.#limit.burst, bucket.tokens + ((now - bucket.at) / 1000) * this.#limit.perSecond);
    if (tokens < 1) {
      this.#buckets.set(key, { tokens, at: now });
      return { allowed: false, retryAfterMs: Math.ceil(((1 - tokens) / this.#limit.perSecond) * 1000) };
    }
    this.#buckets.set(key, { tokens: tokens - 1, at: now });
    return { allowed: true };
  }
}
