import { z } from 'zod';
import { DOMAIN_TOOLS } from '../domain/index.js';
import { isOpaqueId } from '../policy/index.js';

/** Longest request text a run accepts (the CLI's limit too). */
export const MAX_INPUT_CHARS = 16_000;

/** A thread id: the same rule for `/v1` and the Agent Protocol (LangGraph clients send UUIDs). */
export const ThreadId = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/, 'a thread id is 1-128 letters, digits, ".", "_", ":" or "-"')
  // Thread ids are stored and sent on (records, audit events, webhooks): one shaped like personal data is refused.
  .refine((id) => isOpaqueId(id), 'a thread id must be opaque: this one looks like personal data (a phone, card, tax id…)');

/** `POST /v1/runs`. Tenant and budget are never taken from here: they come from the key and configuration. */
export const CreateRunBody = z.strictObject({
  input: z.string().trim().min(1, 'must not be empty').max(MAX_INPUT_CHARS, `must be at most ${MAX_INPUT_CHARS} characters`),
  thread_id: ThreadId.optional(),
  /** false: answer 202 with the run id at once and run in the background. Default true. */
  wait: z.boolean().optional(),
});
export type CreateRunBody = z.infer<typeof CreateRunBody>;

/** `POST /v1/approvals/:id`. */
export const DecisionBody = z
  .strictObject({
    decision: z.enum(['approve', 'edit', 'reject']),
    args: z.record(z.string(), z.unknown()).optional(),
    reason: z.string().trim().min(1).max(2000).optional(),
  })
  .refine((b) => b.decision !== 'edit' || b.args !== undefined, { message: 'an edit needs args (the replacement arguments)', path: ['args'] })
  .refine((b) => b.decision !== 'reject' || b.reason !== undefined, { message: 'a rejection needs a reason', path: ['reason'] })
  .refine((b) => b.decision === 'edit' || b.args === undefined, { message: 'args are only for an edit', path: ['args'] });
export type DecisionBody = z.infer<typeof DecisionBody>;

const Scope = z.enum(['tenant', 'global']).default('tenant');

/** `PUT /v1/admin/kill` and `PUT /v1/admin/read-only`. */
export const SwitchBody = z.strictObject({ on: z.boolean(), scope: Scope, reason: z.string().max(500).optional() });
export type SwitchBody = z.infer<typeof SwitchBody>;

export const TOOL_NAMES = DOMAIN_TOOLS.map((tool) => tool.name);

/** `PUT /v1/admin/tools/:tool`. */
export const ToolSwitchBody = z.strictObject({ enabled: z.boolean(), scope: Scope, reason: z.string().max(500).optional() });

/** `PUT /v1/admin/budget`: the tenant's daily limits; null removes one. */
export const BudgetBody = z.strictObject({
  max_tokens_per_day: z.number().int().positive().nullable(),
  max_usd_per_day: z.number().positive().nullable(),
});

/** `PUT /v1/admin/webhook`. */
export const WebhookBody = z.strictObject({
  url: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }),
});
