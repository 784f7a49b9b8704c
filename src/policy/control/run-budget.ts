import type { StopReason } from '../stop-reason.js';
import type { CallAdmission } from './admit-model-call.js';
import { admitModelCall } from './admit-model-call.js';

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

/** One model call's hold on the run tree's budget, from admission until it is answered or fails. */
export interface CallHold {
  tokens: number;
  usd: number;
}

export interface RunUsage {
  steps: number;
  promptTokens: number;
  completionTokens: number;
  usd: number;
  elapsedMs: number;
}

/**
 * What the earlier parts of a run tree spent: a run paused for approval and resumed (in any process)
 * is one tree, so its resumed part goes on from these figures instead of a fresh budget, and pausing
 * never buys a run more than its limits. `elapsedMs` is the time the tree ran, not the time it waited
 * for a human; `delegations` counts towards `maxDelegations`.
 */
export interface SpentBefore extends RunUsage {
  delegations: number;
}

/**
 * Counts a run's steps, tokens and spend against its limits. `check()` runs before each step, so a
 * run stops before the step that would cross a limit rather than after the damage.
 */
export class RunBudget {
  readonly limits: RunLimits;
  /** What the run tree spent before this part of it (see SpentBefore); undefined for a tree's first run. */
  readonly before: SpentBefore | undefined;
  readonly #now: () => number;
  readonly #startedAt: number;
  #steps = 0;
  #promptTokens = 0;
  #completionTokens = 0;
  #usd = 0;
  #held = { tokens: 0, usd: 0, calls: 0 };
  #largest: { tokens: number; usd: number } | undefined;
  #waiting: Array<() => void> = [];

  /** `before`: what the tree spent before this part (a resumed run); its figures count against every limit. */
  constructor(limits: Partial<RunLimits> = {}, now: () => number = Date.now, before?: SpentBefore) {
    this.limits = { ...DEFAULT_RUN_LIMITS, ...limits };
    for (const [name, value] of Object.entries(this.limits)) {
      if (!(typeof value === 'number' && value > 0)) throw new RangeError(`${name} must be a positive number, got ${String(value)}`);
    }
    this.#now = now;
    this.before = before;
    this.#startedAt = now() - (before?.elapsedMs ?? 0);
    this.#steps = before?.steps ?? 0;
    this.#promptTokens = before?.promptTokens ?? 0;
    this.#completionTokens = before?.completionTokens ?? 0;
    this.#usd = before?.usd ?? 0;
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

  /**
   * Admits one model call of the run tree against its token and cost limits (admitModelCall): the
   * supervisor, its workers and a fan-out's parallel calls share them, so parallel calls pass the
   * limit by at most one call. An admitted call holds its estimate until `settleCall`.
   */
  holdCall(): { kind: 'admit'; hold: CallHold } | Exclude<CallAdmission, { kind: 'admit' }> {
    const admission = admitModelCall(
      { spentTokens: this.#promptTokens + this.#completionTokens, spentUsd: this.#usd, reservedTokens: this.#held.tokens, reservedUsd: this.#held.usd, inFlight: this.#held.calls, estimate: this.#largest },
      { maxTokens: this.limits.maxTokens, maxUsd: this.limits.maxUsd },
    );
    if (admission.kind !== 'admit') return admission;
    const hold = { tokens: this.#largest?.tokens ?? 0, usd: this.#largest?.usd ?? 0 };
    this.#held = { tokens: this.#held.tokens + hold.tokens, usd: this.#held.usd + hold.usd, calls: this.#held.calls + 1 };
    return { kind: 'admit', hold };
  }

  /** Ends a call's hold: `spent` when it was answered (its usage is recorded with recordUsage), none when it failed. */
  settleCall(hold: CallHold, spent?: { tokens: number; usd: number }): void {
    this.#held = { tokens: this.#held.tokens - hold.tokens, usd: this.#held.usd - hold.usd, calls: this.#held.calls - 1 };
    if (spent) this.#largest = { tokens: Math.max(this.#largest?.tokens ?? 0, spent.tokens), usd: Math.max(this.#largest?.usd ?? 0, spent.usd) };
    for (const wake of this.#waiting.splice(0)) wake();
  }

  /** Resolves when a call in flight is settled: when a held-up call may ask again. */
  nextSettle(): Promise<void> {
    return new Promise((resolve) => this.#waiting.push(resolve));
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

  /** What the whole run tree spent so far: the parts before this one (`before`) included. */
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
