import type { BulkheadPolicy } from 'cockatiel';
import { bulkhead, BulkheadRejectedError } from 'cockatiel';

export type CappedOutcome<T> = { ok: true; value: T } | { ok: false; detail: string };

/** At most `limit` calls in flight per tenant and tool (cockatiel bulkheads, no queue: excess is refused). */
export class ConcurrencyCap {
  readonly #limit: number;
  readonly #bulkheads = new Map<string, BulkheadPolicy>();

  constructor(limit: number) {
    if (!(Number.isInteger(limit) && limit > 0)) throw new RangeError(`limit must be a positive integer, got ${limit}`);
    this.#limit = limit;
  }

  async run<T>(tenant: string, tool: string, fn: () => Promise<T>): Promise<CappedOutcome<T>> {
    const key = `${tenant}\u0000${tool}`;
    let policy = this.#bulkheads.get(key);
    if (!policy) {
      policy = bulkhead(this.#limit, 0);
      this.#bulkheads.set(key, policy);
    }
    try {
      return { ok: true, value: await policy.execute(fn) };
    } catch (error) {
      if (error instanceof BulkheadRejectedError) return { ok: false, detail: `${tool} already has ${this.#limit} calls in flight for ${tenant}` };
      throw error;
    }
  }
}
