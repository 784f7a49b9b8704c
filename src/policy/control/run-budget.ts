import type { StopReason } from '../stop-reason.js';

/** Hard limits of one run; whichever is reached first stops it with its own reason. */
export interface RunLimits {
  maxSteps: number;
  maxSeconds: number;
  maxTokens: number;
  maxUsd: number;
  /** Delegations in the whole task, across the delegation tree (not per agent). */
  maxDelegations: number;
  /** How many delegations deep a chain may go: 2 allows supervisor → worker → one more. */
  maxDepth: number;
}

/** Defaults sized for a support request: a few delegations, each a few model calls. */
const DEFAULT_RUN_LIMITS: RunLimits = Object.freeze({ maxSteps: 24, maxSeconds: 120, maxTokens: 60_000, maxUsd: 0.5, maxDelegations: 12, maxDepth: 2 });

export interface RunUsage {
  steps: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
  elapsedMs: number;
}

/**
 * Counts a run's steps, tokens and spend against its limits. `check()` runs before each step, so a
 * run stops before the step that would cross a limit rather than after the damage.
 */
export class RunBudget {
  readonly limits: RunLimits;
  readonly #now: () => number;
  readonly #startedAt: number;
  #steps = 0;
  #promptTokens = 0;
  #completionTokens = 0;
  #usd = 0;

  constructor(limits: Partial<RunLimits> = {}, now: () => number = Date.now) {
    this.limits = { ...DEFAULT_RUN_LIMITS, ...limits };
    for (const [name, value] of Object.entries(this.limits)) {
      if (!(typeof value === 'number' && value > 0)) throw new RangeError(`${name} must be a positive number, got ${String(value)}`);
    }
    this.#now = now;
    this.#startedAt = now();
  }

  /** Counts one step (a model call or a tool call). */
  recordStep(): void {
    this.#steps += 1;
  }

  recordUsage(usage: { promptTokens?: number; completionTokens?: number; usd?: number }): void {
    this.#promptTokens += usage.promptTokens ?? 0;
    this.#completionTokens += usage.completionTokens ?? 0;
    this.#usd += usage.usd ?? 0;
  }

  /** The first limit reached, or undefined while the run may take another step. */
  check(): StopReason | undefined {
    const usage = this.usage();
    if (usage.steps >= this.limits.maxSteps) return 'max_steps';
    if (usage.elapsedMs >= this.limits.maxSeconds * 1000) return 'max_seconds';
    if (usage.promptTokens + usage.completionTokens >= this.limits.maxTokens) return 'max_tokens';
    if (usage.usd >= this.limits.maxUsd) return 'max_usd';
    return undefined;
  }

  usage(): RunUsage {
    return {
      steps: this.#steps,
      promptTokens: this.#promptTokens,
      completionTokens: this.#completionTokens,
      usd: this.#usd,
      elapsedMs: this.#now() - this.#startedAt,
    };
  }
}
