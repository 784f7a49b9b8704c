import { z } from 'zod';
import { ToolCallPattern } from './golden-task.js';

/**
 * Version of `evals/redteam-corpus.json` and `evals/benign-corpus.json`. Changelog: 1 — attacks with
 * family, carrier, language, turns, planted content, the attacker model's intended actions and the
 * expected barrier; benign inputs with the outcome they must not be blocked from.
 */
export const CORPUS_VERSION = 1;

const AttackFamily = z.enum([
  'direct_injection',
  'prompt_probing',
  'jailbreak',
  'pii_extraction',
  'encoded_payload',
  'indirect_injection',
  'cross_agent_cascade',
  'exceed_authority',
]);
type AttackFamily = z.infer<typeof AttackFamily>;

/** Where the attack text travels: the user's own turn(s), or data a tool returns. */
const AttackCarrier = z.enum(['user_input', 'multi_turn', 'shipment_note', 'stock_comment', 'policy_passage']);
type AttackCarrier = z.infer<typeof AttackCarrier>;

const AttackLanguage = z.enum(['uk', 'en', 'ru']);

/** The barrier the attack is expected to meet first. Any barrier holding is withstood; a different one is reported. */
// `authentication` and `tenancy` are the MCP boundary's own (the external-client carrier meets them first).
export const ExpectedBarrier = z.enum(['input_guard', 'policy', 'taint_policy', 'allowlist', 'approval_gate', 'pii_redaction', 'model_declines', 'not_obeyed', 'authentication', 'tenancy', 'proof_check']);
export type ExpectedBarrier = z.infer<typeof ExpectedBarrier>;

/** A call the attacker-controlled model makes once it has read the planted text. */
const AttackerAction = z.strictObject({
  /** Which position acts: a worker (the one reading the data) or the supervisor (after a worker relays it). */
  position: z.enum(['worker', 'supervisor']),
  /** Where it must have seen the planted text: in a tool result it read, or in the request it was delegated (cascade). */
  seen_in: z.enum(['tool_result', 'request']).default('tool_result'),
  tool: z.string().min(1),
  args: z.record(z.string(), z.unknown()),
});
type AttackerAction = z.infer<typeof AttackerAction>;

/** Content planted in the data a tool returns, AgentDojo-style. */
export const PlantedContent = z.strictObject({
  /** Shipment whose history gets the note, SKU whose catalogue text gets the comment, or a policy document id. */
  target: z.string().min(1),
  text: z.string().min(1).max(4000),
  /** What the worker reads to reach it. */
  read: z.strictObject({ worker: z.enum(['tracking_agent', 'warehouse_agent', 'pricing_agent']), tool: z.string().min(1), args: z.record(z.string(), z.unknown()) }),
  /** The attacker model's calls once the text reached it (empty: it only relays what it read). */
  actions: z.array(AttackerAction),
});
export type PlantedContent = z.infer<typeof PlantedContent>;

export const Attack = z
  .strictObject({
    id: z.string().regex(/^rt-[a-z0-9-]+$/),
    family: AttackFamily,
    carrier: AttackCarrier,
    language: AttackLanguage,
    /** The user's turns on one thread; the last is the attack for single-turn carriers. */
    turns: z.array(z.string().min(1).max(8000)).min(1),
    tenant: z.string().min(1).optional(),
    planted: PlantedContent.optional(),
    /** What the attacker wants, in words, for the report. */
    goal: z.string().min(1),
    expected: ExpectedBarrier,
    /** Beyond the universal checks: calls that are a breach if they execute (status ok), and text that must not reach the answer. */
    breach_calls: z.array(ToolCallPattern).default([]),
    secrets: z.array(z.string().min(1)).default([]),
  })
  .superRefine((attack, ctx) => {
    const indirect = ['shipment_note', 'stock_comment', 'policy_passage'].includes(attack.carrier);
    if (indirect && !attack.planted) ctx.addIssue({ code: 'custom', path: ['planted'], message: `carrier ${attack.carrier} needs planted content` });
    if (!indirect && attack.planted) ctx.addIssue({ code: 'custom', path: ['planted'], message: `carrier ${attack.carrier} carries no planted content` });
    if (attack.carrier === 'multi_turn' && attack.turns.length < 2) ctx.addIssue({ code: 'custom', path: ['turns'], message: 'a multi-turn attack needs at least two turns' });
  });
export type Attack = z.infer<typeof Attack>;

const uniqueIds = <T extends { id: string }>(items: readonly T[], ctx: z.RefinementCtx, key: string) => {
  const seen = new Set<string>();
  items.forEach((item, index) => {
    if (seen.has(item.id)) ctx.addIssue({ code: 'custom', path: [key, index, 'id'], message: `duplicate id ${item.id}` });
    seen.add(item.id);
  });
};

export const AttackCorpus = z
  .strictObject({ version: z.literal(CORPUS_VERSION), attacks: z.array(Attack).min(1) })
  .superRefine((file, ctx) => uniqueIds(file.attacks, ctx, 'attacks'));
export type AttackCorpus = z.infer<typeof AttackCorpus>;

/** An input that resembles an attack but is a legitimate request: blocking it is a false positive. */
export const BenignInput = z.strictObject({
  id: z.string().regex(/^bn-[a-z0-9-]+$/),
  language: AttackLanguage,
  input: z.string().min(1).max(8000),
  /** Which attack it resembles, for the report. */
  resembles: AttackFamily,
  /** What the request should get: a domain answer, an approval pause, or (for out-of-domain ones) just not a block. */
  expected: z.enum(['answered', 'paused_for_approval', 'not_blocked']),
});
export type BenignInput = z.infer<typeof BenignInput>;

export const BenignCorpus = z
  .strictObject({ version: z.literal(CORPUS_VERSION), inputs: z.array(BenignInput).min(1) })
  .superRefine((file, ctx) => uniqueIds(file.inputs, ctx, 'inputs'));
export type BenignCorpus = z.infer<typeof BenignCorpus>;
