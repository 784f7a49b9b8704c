import type { CircuitBreakerPolicy, IPolicy } from 'cockatiel';
import {
  BrokenCircuitError,
  circuitBreaker,
  ExponentialBackoff,
  handleAll,
  retry,
  TaskCancelledError,
  timeout,
  TimeoutStrategy,
  wrap,
} from 'cockatiel';
import type { StopReason } from '../stop-reason.js';
import { toolStop } from '../stop-reason.js';
import { FailureWindowBreaker } from './failure-window-breaker.js';

export interface ResilienceOptions {
  /** Per attempt. Default 10 s. */
  timeoutMs?: number;
  /** Attempts after the first on a thrown error. Default 2. */
  retries?: number;
  /** Failures within `windowMs` that open the breaker. Default 5 in 60 s. */
  failureThreshold?: number;
  windowMs?: number;
  /** How long an open breaker fails fast before letting one trial call through. Default 30 s. */
  halfOpenAfterMs?: number;
  /** First retry delay; doubles after. Default 100 ms. */
  retryDelayMs?: number;
}

// A tool that honours the abort signal rejects with its own error first; name it a timeout all the same.
async function attempt<T>(fn: (signal: AbortSignal) => Promise<T>, signal: AbortSignal): Promise<T> {
  try {
    return await fn(signal);
  } catch (error) {
    if (signal.aborted) throw new TaskCancelledError('timed out');
    throw error;
  }
}

export type GuardedOutcome<T> = { ok: true; value: T } | { ok: false; stopReason: StopReason; detail: string };

/**
 * Timeouts, retries and a circuit breaker per key (a tool, or an agent), built from cockatiel policies.
 * Failures come back as a named stop reason (`tool_timeout:`, `tool_error_exhausted:`, `tool_unhealthy:`)
 * instead of an exception.
 */
export class ToolResilience {
  readonly #options: Required<ResilienceOptions>;
  readonly #breakers = new Map<string, CircuitBreakerPolicy>();
  // The policy stack of each key, built once: retry, timeout and backoff keep no state between calls,
  // and building them on every tool call was a measurable part of a run's CPU (issue 36).
  readonly #policies = new Map<string, IPolicy>();

  constructor(options: ResilienceOptions = {}) {
    this.#options = {
      timeoutMs: 10_000,
      retries: 2,
      failureThreshold: 5,
      windowMs: 60_000,
      halfOpenAfterMs: 30_000,
      retryDelayMs: 100,
      ...options,
    };
  }

  /** The breaker for `key`, created on first use; exposed so operators and metrics can read its state. */
  breaker(key: string): CircuitBreakerPolicy {
    let breaker = this.#breakers.get(key);
    if (!breaker) {
      breaker = circuitBreaker(handleAll, {
        halfOpenAfter: this.#options.halfOpenAfterMs,
        breaker: new FailureWindowBreaker({ threshold: this.#options.failureThreshold, windowMs: this.#options.windowMs }),
      });
      this.#breakers.set(key, breaker);
    }
    return breaker;
  }

  #policy(key: string): IPolicy {
    let policy = this.#policies.get(key);
    if (!policy) {
      const { retries, retryDelayMs, timeoutMs } = this.#options;
      const retrying = retry(handleAll, { maxAttempts: retries, backoff: new ExponentialBackoff({ initialDelay: retryDelayMs, maxDelay: retryDelayMs * 8 }) });
      // Retries sit outside the breaker so an open breaker is not retried; each attempt has its own
      // timeout. An attempt that returned has nothing left running to abort (`attempt` awaited it; a
      // timed-out one is aborted by the timer): no abort, and its DOMException, after every call.
      policy = wrap(retrying, this.breaker(key), timeout(timeoutMs, { strategy: TimeoutStrategy.Aggressive, abortOnReturn: false }));
      this.#policies.set(key, policy);
    }
    return policy;
  }

  /** Runs `fn` for `tool` under the breaker of `key` (defaults to the tool). */
  async execute<T>(tool: string, fn: (signal: AbortSignal) => Promise<T>, key: string = tool): Promise<GuardedOutcome<T>> {
    const { timeoutMs } = this.#options;
    try {
      return { ok: true, value: await this.#policy(key).execute(({ signal }) => attempt(fn, signal)) };
    } catch (error) {
      if (error instanceof BrokenCircuitError) return { ok: false, stopReason: toolStop('tool_unhealthy', tool), detail: `${key} breaker is open` };
      if (error instanceof TaskCancelledError) return { ok: false, stopReason: toolStop('tool_timeout', tool), detail: `${tool} took longer than ${timeoutMs} ms` };
      return { ok: false, stopReason: toolStop('tool_error_exhausted', tool), detail: error instanceof Error ? error.message : String(error) };
    }
  }
}
