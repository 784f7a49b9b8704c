import { z } from 'zod';
import type { StopReason } from '../policy/index.js';
import { isStopReason } from '../policy/index.js';
import { RUN_STATUSES } from './run-statuses.js';

/**
 * Version of the stored run record. Changelog: 1 — the record of DESIGN.md §6 with `run_id`,
 * `incomplete` and `approval`; `subtasks[].verification` and `final_check` (the proof loop),
 * `tool_calls[].effect` and `approval.approval_id` (issue 32), `variant` and `run_tree` (issue 37) are optional additions. The printed record may omit it; the run store writes it with every row.
 */
export const RUN_RECORD_VERSION = 1;

/** An instant as `Date.toISOString()` writes it (UTC, `Z`), so stored strings sort by time. */
const Instant = z.iso.datetime();

const Args = z.record(z.string(), z.unknown());

/** Which agent framework ran the run. */
export const RunRuntime = z.enum(['langgraph', 'openai-agents', 'adk']);
export type RunRuntime = z.infer<typeof RunRuntime>;

/** See RUN_STATUSES. */
export const RunStatus = z.enum(RUN_STATUSES);
export type RunStatus = z.infer<typeof RunStatus>;

/** One tool call of a run as `--json` prints it: `denied` by policy, `pending` or `rejected` by a human. */
export const RunToolCall = z.object({
  agent: z.string(),
  tool: z.string(),
  args: Args,
  status: z.enum(['ok', 'error', 'denied', 'pending', 'rejected']),
  duration_ms: z.number().min(0),
  /** What an irreversible call did, as the domain answered it: the cancellation and its refund. */
  effect: z.object({ cancellation_id: z.string(), refund_uah: z.number() }).optional(),
});
export type RunToolCall = z.infer<typeof RunToolCall>;

/** The call a paused run waits on a human for. */
export const RunPending = z.object({
  agent: z.string(),
  tool: z.string(),
  args: Args,
  /** The approval request filed at the MCP boundary for this call; its grant runs it once. */
  approval_id: z.string().optional(),
  /** Per argument: `user_request`, `tool_result`, `third_party` or `model` (docs/approvals.md). */
  origins: z.record(z.string(), z.enum(['user_request', 'tool_result', 'third_party', 'model'])).optional(),
  /** The target came only from third-party text: flagged on every approval screen. */
  third_party_target: z.boolean().optional(),
});
export type RunPending = z.infer<typeof RunPending>;

/** A human's decision on a pending call; `args` are the exact arguments approved (after an edit). */
export const RunApproval = z.object({
  decision: z.enum(['approve', 'edit', 'reject']),
  by: z.string(),
  at: Instant,
  args: Args.optional(),
  reason: z.string().optional(),
  /** The approval request the decision was recorded on (its grant ran the call). */
  approval_id: z.string().optional(),
});
export type RunApproval = z.infer<typeof RunApproval>;

/**
 * What the proof check found in a sub-task's answer (docs/proof.md): how many values it asserted, those
 * no tool result supports, the criteria its request implies, and how often it was retried.
 */
export const RunVerification = z.object({
  claims: z.number().int().min(0),
  unverified: z.array(z.object({ kind: z.enum(['identifier', 'amount', 'date', 'status', 'city']), text: z.string(), detail: z.string() })),
  criteria: z.array(z.object({ level: z.enum(['must', 'should']), description: z.string(), met: z.boolean() })),
  retries: z.number().int().min(0),
  /** True when the retries did not fix the answer and the user got one written from the tool results instead. */
  answered_from_tools: z.boolean().optional(),
});
export type RunVerification = z.infer<typeof RunVerification>;

/**
 * Which side of a staged rollout ran the run (docs/rollout.md): the change, its kind, the arm (`stable`
 * or `candidate`) and the version that arm runs. Absent when no change was under rollout for the tenant.
 */
export const RunVariant = z.object({
  change_id: z.string().min(1),
  kind: z.enum(['model', 'prompt', 'policy', 'runtime']),
  arm: z.enum(['stable', 'candidate']),
  version: z.string().min(1),
  /**
   * Set on the part of a run after an approval or a crash that could not run on its arm's version
   * (docs/rollout.md "A run keeps its arm"): the candidate was rolled back meanwhile, so it finished on
   * the stable version (`rolled_back`), or this build cannot run the version (`version_unavailable`).
   * Such a part is counted for neither arm.
   */
  rerouted: z.object({ version: z.string().min(1), reason: z.enum(['rolled_back', 'version_unavailable']) }).optional(),
});
export type RunVariant = z.infer<typeof RunVariant>;

/**
 * What a run tree spent up to the end of this run, the runs it resumed included (issue 37): the run
 * budget's own figures (`steps` are admitted model calls, `running_ms` the time the tree ran, not the
 * time it waited for a human). Written on a run that paused and on a resumed one; a resumed run's
 * budget goes on from its paused run's figures. `usage` stays this run's own spend.
 */
export const RunTreeSpend = z.object({
  steps: z.number().int().min(0),
  prompt_tokens: z.number().int().min(0),
  completion_tokens: z.number().int().min(0),
  usd: z.number().min(0),
  delegations: z.number().int().min(0),
  running_ms: z.number().min(0),
});
export type RunTreeSpend = z.infer<typeof RunTreeSpend>;

/** One delegated sub-task as the run record lists it: the contract without its result text and facts. */
const RunSubtask = z.object({
  task_id: z.string(),
  agent: z.string(),
  request: z.string(),
  status: z.enum(['ok', 'failed']),
  confidence: z.enum(['high', 'medium', 'low']),
  reason: z.string().optional(),
  gaps: z.array(z.string()),
  flags: z.array(z.string()),
  verification: RunVerification.optional(),
});
type RunSubtask = z.infer<typeof RunSubtask>;

/** `finish` → `finished`; `awaiting_approval` → `awaiting_approval`; every other reason → `stopped`. */
export function statusForStopReason(reason: StopReason): RunStatus {
  if (reason === 'finish') return 'finished';
  if (reason === 'awaiting_approval') return 'awaiting_approval';
  return 'stopped';
}

/**
 * The run record (DESIGN.md §6): what `waybill ask --json`, `POST /v1/runs` and the run store carry.
 * `stop_reason` must be a valid StopReason and `status` must be the one `statusForStopReason` gives
 * for it. Unknown keys are dropped on parse. `$schema_version` is optional here and added by the store.
 */
export const RunRecord = z
  .object({
    $schema_version: z.literal(RUN_RECORD_VERSION).optional(),
    run_id: z.string().min(1),
    request_id: z.string(),
    tenant: z.string(),
    thread_id: z.string().min(1),
    runtime: RunRuntime,
    status: RunStatus,
    stop_reason: z.string().refine(isStopReason, { message: 'not a stop reason of DESIGN.md §6' }),
    answer: z.string(),
    steps: z.number().int().min(0),
    tool_calls: z.array(RunToolCall),
    usage: z.object({
      prompt_tokens: z.number().int().min(0),
      completion_tokens: z.number().int().min(0),
      usd: z.number().min(0),
    }),
    started_at: Instant,
    duration_ms: z.number().min(0),
    pending: RunPending.optional(),
    /** True when a sub-task failed: the answer has the other parts and says which are missing. */
    incomplete: z.boolean().optional(),
    /** Delegations of this run, in the order they ended. */
    subtasks: z.array(RunSubtask).optional(),
    approval: RunApproval.optional(),
    /** The rollout arm that ran this run, when a change was under rollout for its tenant. */
    variant: RunVariant.optional(),
    /** The run tree's spend to the end of this run (see RunTreeSpend): on paused and resumed runs. */
    run_tree: RunTreeSpend.optional(),
    /** The final answer checked against every tool result of the run (docs/proof.md). */
    final_check: z
      .object({
        claims: z.number().int().min(0),
        unverified: z.array(z.object({ kind: z.string(), text: z.string(), detail: z.string() })),
        /** True when an answer with unverified values was replaced by the verified sub-task answers. */
        replaced: z.boolean(),
      })
      .optional(),
  })
  .refine((record) => record.status === statusForStopReason(record.stop_reason) || (record.status === 'decided' && record.stop_reason === 'awaiting_approval'), {
    message: 'status does not match stop_reason (see statusForStopReason; a decided pause is `decided`)',
    path: ['status'],
  });
export type RunRecord = z.infer<typeof RunRecord>;
