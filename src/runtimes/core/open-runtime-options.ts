import type { ChatPlanner, ModelConfig, ModelEndpoint } from '../../models/index.js';
import type { DomainPolicy, ModelPrice, RateLimit, RunLimits, ToolResilience } from '../../policy/index.js';
import type { ExecutionCheck } from './execution-check.js';
import type { ProofSettings } from './run-ledger.js';
import type { RunObserver } from './runtime.js';

/**
 * What `openRuntime` takes, the run kernel's options, the same for every runtime (each ignores nothing
 * silently: an option a framework cannot honour is refused with a TypeError naming it).
 */
export interface OpenRuntimeOptions {
  /** The shared SQLite file (domain, control, runs, checkpoints or pauses); `:memory:` keeps everything private. */
  dbPath: string;
  /** A chat-completions endpoint (no fallbacks). Default: the environment's model (docs/models.md), else the offline planner. */
  endpoint?: ModelEndpoint;
  /** Instead of the environment's model configuration: the main model and the fallbacks tried, in order, when it fails. */
  modelConfig?: ModelConfig;
  /** The offline planner whatever the environment configures (tests, `--offline`). */
  offline?: boolean;
  /** Answers every model call instead of the offline planner, on every runtime (scripted tests). */
  planner?: ChatPlanner;
  /** A framework's own model object (LangGraph: a LangChain chat model); other runtimes refuse one. */
  model?: unknown;
  limits?: Partial<RunLimits>;
  policy?: DomainPolicy;
  /** Domain tool calls per tenant and tool. Default: bursts of 30, then 10 per second. */
  rateLimit?: RateLimit;
  /** Domain tool calls in flight per tenant and tool. Default 8. */
  maxConcurrentToolCalls?: number;
  /** Timeouts, retries and breakers of tool calls; pass one to share breakers between runtimes. Default: one per runtime. */
  resilience?: ToolResilience;
  /** The price table runs are costed with, the same for every runtime. Default `DEFAULT_PRICES` (the offline planner is free). */
  prices?: Readonly<Record<string, ModelPrice>>;
  /** The proof loop (docs/proof.md). Default: on, 2 retries of a sub-task whose answer does not match its tool results. */
  proof?: Partial<ProofSettings>;
  /** Offer `search_policies` to the workers its grants allow. Default true. */
  knowledge?: boolean;
  /** Retries of a failed model call (429, 5xx, connection). */
  maxRetries?: number;
  /** How long a run in flight stays this process's without a renewal (default `WAYBILL_RUN_LEASE_MS` or 30 s). */
  leaseMs?: number;
  now?: () => Date;
  newId?: () => string;
  onRunFinished?: RunObserver;
  /** Asked before every irreversible call runs (the runtime pool's: the tenant's rollout stage, read now); a refusal ends the run. */
  executionCheck?: ExecutionCheck;
}
