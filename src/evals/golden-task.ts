import { z } from 'zod';

/**
 * Version of `evals/golden-tasks.json`. Changelog: 1 — request, scope, expected stop reason(s),
 * approval and decision, state (new cancellations; everything else unchanged), required and
 * forbidden tool calls, answer substrings.
 */
export const GOLDEN_TASKS_VERSION = 1;

const Args = z.record(z.string(), z.unknown());
const CallStatus = z.enum(['ok', 'error', 'denied', 'pending', 'rejected']);

/** A tool call pattern: `args` match when every listed key is equal (numbers compared exactly). */
export const ToolCallPattern = z.strictObject({
  tool: z.string().min(1),
  agent: z.string().min(1).optional(),
  args: Args.optional(),
  status: CallStatus.optional(),
});
export type ToolCallPattern = z.infer<typeof ToolCallPattern>;

/** What the operator does when the run pauses for approval. */
const OperatorDecision = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('approve') }),
  z.strictObject({ type: z.literal('edit'), args: Args }),
  z.strictObject({ type: z.literal('reject'), reason: z.string().min(1) }),
]);
type OperatorDecision = z.infer<typeof OperatorDecision>;

/** A cancellation the task must leave behind (and no other). */
const ExpectedCancellation = z.strictObject({ tracking_id: z.string().regex(/^TTN-\d{6}$/), refund_uah: z.number().min(0) });
type ExpectedCancellation = z.infer<typeof ExpectedCancellation>;

/**
 * `offline`: the offline planner is expected to pass it (a regression suite). `model`: needs a real
 * model (open phrasing, knowledge questions); an offline run reports it as out of scope, not failed.
 */
const TaskScope = z.enum(['offline', 'model']);
type TaskScope = z.infer<typeof TaskScope>;

export const GoldenTask = z.strictObject({
  id: z.string().regex(/^[a-z0-9][a-z0-9-]*$/, 'lowercase letters, digits and dashes'),
  lang: z.enum(['uk', 'en']),
  scope: TaskScope,
  category: z.enum(['tracking', 'stock', 'pricing', 'cancellation', 'refusal', 'multi_intent', 'out_of_scope', 'knowledge']),
  request: z.string().min(1).max(4000),
  tenant: z.string().min(1).optional(),
  /** Why the task exists, for a reader of a failure. */
  note: z.string().optional(),
  expect: z.strictObject({
    /** One reason, or any of several (e.g. an out-of-scope request: `not_understood` offline, `finish` with a model). */
    stop_reason: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
    /**
     * Null: the run must not pause. Otherwise the pause must ask for `pending` and the operator decides;
     * `required: false` when not pausing is right too (a model that checks first and refuses by itself).
     */
    approval: z.union([z.null(), z.strictObject({ pending: ToolCallPattern, decision: OperatorDecision, required: z.boolean().default(true) })]),
    /** The cancellations this task creates; every other shipment must end exactly as it began. */
    new_cancellations: z.array(ExpectedCancellation),
    required_calls: z.array(ToolCallPattern),
    forbidden_calls: z.array(ToolCallPattern),
    answer_contains: z.array(z.string().min(1)),
    answer_excludes: z.array(z.string().min(1)).default([]),
  }),
});
export type GoldenTask = z.infer<typeof GoldenTask>;

export const GoldenTaskFile = z
  .strictObject({ version: z.literal(GOLDEN_TASKS_VERSION), tasks: z.array(GoldenTask).min(1) })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    file.tasks.forEach((task, index) => {
      if (seen.has(task.id)) ctx.addIssue({ code: 'custom', path: ['tasks', index, 'id'], message: `duplicate task id ${task.id}` });
      seen.add(task.id);
    });
  });
export type GoldenTaskFile = z.infer<typeof GoldenTaskFile>;
