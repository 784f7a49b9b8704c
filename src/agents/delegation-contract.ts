import { z } from 'zod';

/** How sure a worker's answer is, judged from its evidence (see `src/fleet/judge-completion.ts`). */
const Confidence = z.enum(['high', 'medium', 'low']);
type Confidence = z.infer<typeof Confidence>;

/** One exact value from a tool result, copied verbatim: never paraphrased by a model. */
export const Fact = z.strictObject({
  tool: z.string(),
  field: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
});
export type Fact = z.infer<typeof Fact>;

/**
 * What every worker hands back to the agent that delegated to it (seed 003 §3, seed 004 "delegation
 * v1.1"): the result in one to three sentences, the exact facts behind it, a confidence, and the gaps
 * (mandatory, may be empty). `status` is `failed` when the child errored, said nothing, or produced no
 * fact its success condition names; `flags` carry what the boundary noticed, e.g. an instruction found
 * in the child's output and ignored. The parent receives it wrapped as data, never as instructions.
 */
export const DelegationContract = z.strictObject({
  version: z.literal(1),
  task_id: z.string(),
  agent: z.string(),
  trust: z.literal('agent'),
  request: z.string(),
  status: z.enum(['ok', 'failed']),
  result: z.string(),
  facts: z.array(Fact),
  confidence: Confidence,
  gaps: z.array(z.string()),
  flags: z.array(z.string()),
  /** Why a failed sub-task failed, in one line (e.g. `tool_unhealthy:calc_delivery`, `empty output`). */
  reason: z.string().optional(),
});
export type DelegationContract = z.infer<typeof DelegationContract>;

/** The flag set when a child's output held instruction-like text: quoted to the parent, never obeyed. */
export const INSTRUCTION_IGNORED_FLAG = 'instruction found in content, ignored';
