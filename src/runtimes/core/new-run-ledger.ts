import { randomUUID } from 'node:crypto';
import { UsageLedger } from '../../models/index.js';
import type { ControlStore, DailyBudgetStore, DomainPolicy, ModelPrice, RateLimit, RunLimits, SpentBefore } from '../../policy/index.js';
import { cachedControlReads, ConcurrencyCap, DEFAULT_DOMAIN_POLICY, LoopDetector, RateLimiter, redactPii, RunBudget, ToolResilience } from '../../policy/index.js';
import type { RunRuntime, RunVariant } from '../../telemetry/index.js';
import type { DomainBoundary } from './domain-boundary.js';
import type { ExecutionCheck } from './execution-check.js';
import type { ProofSettings } from './run-ledger.js';
import { RunLedger } from './run-ledger.js';

/** Who one run is: fixed when it starts (or resumes). */
export interface NewLedgerIdentity {
  threadId: string;
  tenant: string;
  requestId: string;
  trustedText: string;
  runId?: string;
  variant?: RunVariant | undefined;
}

/** What a runtime keeps for the life of the process and hands every run's ledger. */
export interface LedgerServices {
  runtime: RunRuntime;
  controls: ControlStore;
  /** `controls` as the runs read it: once, and again only when the store changed (in any process). */
  controlReads: ControlStore;
  policy: DomainPolicy;
  limits: Partial<RunLimits>;
  resilience: ToolResilience;
  prices: Readonly<Record<string, ModelPrice>> | undefined;
  proof: ProofSettings;
  rateLimiter: RateLimiter;
  concurrency: ConcurrencyCap;
  now: () => Date;
  newId: () => string;
  /** The MCP server as each run's tenant: tool calls, approval filing, decisions. */
  boundary?: DomainBoundary;
  /** Tenants' daily budgets, charged per model call (issue 37). */
  dailyBudget?: DailyBudgetStore;
  /** Asked by the tool gate before an irreversible call runs. */
  executionCheck?: ExecutionCheck;
}

/**
 * The process-wide part of every runtime's ledgers: breakers, rate limits and the concurrency cap
 * outlive runs (a tool that keeps failing stays open for the next run in this process).
 * Rate limit default: bursts of 30, then 10 per second; concurrency default 8 per tenant and tool.
 */
export function ledgerServices(options: { runtime: RunRuntime; controls: ControlStore; policy?: DomainPolicy | undefined; limits?: Partial<RunLimits> | undefined; rateLimit?: RateLimit | undefined; maxConcurrentToolCalls?: number | undefined; resilience?: ToolResilience | undefined; prices?: Readonly<Record<string, ModelPrice>> | undefined; proof?: Partial<ProofSettings> | undefined; now?: (() => Date) | undefined; newId?: (() => string) | undefined; boundary?: DomainBoundary | undefined; dailyBudget?: DailyBudgetStore | undefined; executionCheck?: ExecutionCheck | undefined }): LedgerServices {
  return {
    runtime: options.runtime,
    controls: options.controls,
    controlReads: cachedControlReads(options.controls),
    policy: options.policy ?? DEFAULT_DOMAIN_POLICY,
    limits: options.limits ?? {},
    resilience: options.resilience ?? new ToolResilience(),
    prices: options.prices,
    proof: proofSettings(options.proof),
    rateLimiter: new RateLimiter(options.rateLimit ?? { burst: 30, perSecond: 10 }),
    concurrency: new ConcurrencyCap(options.maxConcurrentToolCalls ?? 8),
    now: options.now ?? (() => new Date()),
    newId: options.newId ?? randomUUID,
    ...(options.boundary && { boundary: options.boundary }),
    ...(options.dailyBudget && { dailyBudget: options.dailyBudget }),
    ...(options.executionCheck && { executionCheck: options.executionCheck }),
  };
}

/**
 * A fresh ledger for one run (or one resumed run) of a runtime. `before`: what the run tree spent
 * before this part (a resumed run, see spentBefore), which its budget goes on from.
 */
export function newRunLedger(services: LedgerServices, identity: NewLedgerIdentity, before?: SpentBefore): RunLedger {
  const { now } = services;
  return new RunLedger({
    runtime: services.runtime,
    runId: identity.runId ?? `run-${services.newId()}`,
    requestId: identity.requestId,
    tenant: identity.tenant,
    threadId: identity.threadId,
    // The ledger's copy of the request is persisted by some runtimes (a pause): never with raw PII.
    trustedText: redactPii(identity.trustedText).text,
    budget: new RunBudget(services.limits, () => now().getTime(), before),
    // Switches read once for all runs and again only when the store changed (the MCP boundary reads every call).
    controls: services.controlReads,
    loops: new LoopDetector(),
    resilience: services.resilience,
    rateLimiter: services.rateLimiter,
    concurrency: services.concurrency,
    usage: new UsageLedger(services.prices),
    policy: services.policy,
    proof: services.proof,
    now,
    ...(services.boundary && { boundary: services.boundary }),
    ...(identity.variant && { variant: identity.variant }),
    ...(services.dailyBudget && { dailyBudget: services.dailyBudget }),
    ...(services.executionCheck && { executionCheck: services.executionCheck }),
  });
}

/** The proof loop's settings with defaults (on, 2 retries); throws RangeError outside 0 to 5 retries. */
export function proofSettings(options: Partial<ProofSettings> = {}): ProofSettings {
  const retries = options.retries ?? 2;
  if (!Number.isInteger(retries) || retries < 0 || retries > MAX_PROOF_RETRIES) throw new RangeError(`proof retries must be a whole number from 0 to ${MAX_PROOF_RETRIES}, got ${String(retries)}`);
  return { enabled: options.enabled ?? true, retries };
}

/** The most retries a failed sub-task gets. */
const MAX_PROOF_RETRIES = 5;
