import type { IBreaker } from 'cockatiel';
import { CircuitState } from 'cockatiel';

/**
 * Opens after `threshold` failures within `windowMs`, whatever succeeded in between: a tool that fails
 * five times a minute is unhealthy even if other calls get through. Plugs into cockatiel's circuit
 * breaker, which owns the open, half-open and closed states and the cool-down.
 */
export class FailureWindowBreaker implements IBreaker {
  state: number[] = [];
  readonly #threshold: number;
  readonly #windowMs: number;
  readonly #now: () => number;

  constructor(options: { threshold: number; windowMs: number; now?: () => number }) {
    if (!(Number.isInteger(options.threshold) && options.threshold > 0)) throw new RangeError(`threshold must be a positive integer, got ${options.threshold}`);
    if (!(options.windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${options.windowMs}`);
    this.#threshold = options.threshold;
    this.#windowMs = options.windowMs;
    this.#now = options.now ?? Date.now;
  }

  success(state: CircuitState): void {
    if (state === CircuitState.HalfOpen) this.state = [];
  }

  failure(state: CircuitState): boolean {
    if (state === CircuitState.HalfOpen) return true;
    const now = this.#now();
    this.state = [...this.state.filter((at) => now - at < this.#windowMs), now];
    return this.state.length >= this.#threshold;
  }
}
