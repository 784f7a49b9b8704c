import { z } from 'zod';

// Every field the oracle accepts is honoured or has no effect on a deterministic planner by definition
// (sampling); anything else is refused with a 400 naming it, never dropped. So the objects are strict.
const TextPart = z.strictObject({ type: z.literal('text'), text: z.string() });

const ToolCall = z.strictObject({
  id: z.string(),
  type: z.literal('function'),
  function: z.strictObject({ name: z.string(), arguments: z.string() }),
});

const Message = z.strictObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(TextPart), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z.array(ToolCall).optional(),
  tool_call_id: z.string().optional(),
  // Assistant messages echoed back by clients carry these as null.
  refusal: z.string().nullish(),
});

const Tool = z.strictObject({
  type: z.literal('function'),
  function: z.strictObject({
    name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a function name is letters, digits, _ or -, at most 64'),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
    strict: z.boolean().nullish(),
  }),
});

const ToolChoice = z.union([z.enum(['none', 'auto', 'required']), z.strictObject({ type: z.literal('function'), function: z.strictObject({ name: z.string() }) })]);

const ResponseFormat = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text') }),
  z.strictObject({ type: z.literal('json_object') }),
  z.strictObject({
    type: z.literal('json_schema'),
    json_schema: z.strictObject({
      name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/, 'a schema name is letters, digits, _ or -, at most 64'),
      description: z.string().optional(),
      schema: z.record(z.string(), z.unknown()).optional(),
      strict: z.boolean().nullish(),
    }),
  }),
]);

const maxTokens = z.number().int().min(1).max(1_000_000).nullish();

/** An OpenAI chat-completions request as the oracle accepts it; `null` stands for "not given", as in OpenAI's API. */
export const ChatRequest = z.strictObject({
  model: z.string().min(1),
  messages: z.array(Message).min(1),
  tools: z.array(Tool).max(128).nullish(),
  tool_choice: ToolChoice.nullish(),
  parallel_tool_calls: z.boolean().nullish(),
  response_format: ResponseFormat.nullish(),
  max_tokens: maxTokens,
  max_completion_tokens: maxTokens,
  stop: z.union([z.string(), z.array(z.string()).min(1).max(4)]).nullish(),
  n: z.number().int().min(1).max(128).nullish(),
  stream: z.boolean().nullish(),
  stream_options: z.strictObject({ include_usage: z.boolean().optional() }).nullish(),
  // Sampling: the planner's distribution has one outcome, so every valid setting samples the same answer.
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  seed: z.number().int().nullish(),
  // Who asks (abuse monitoring at OpenAI); it never changes the answer.
  user: z.string().max(256).nullish(),
  // Features the planner cannot provide are accepted only when they ask for nothing.
  logprobs: z.literal(false, { error: 'logprobs: the offline planner has no token probabilities' }).nullish(),
  store: z.literal(false, { error: 'store: the oracle stores no completions' }).nullish(),
  logit_bias: z.record(z.string(), z.number()).refine((bias) => Object.keys(bias).length === 0, 'logit_bias: the offline planner has no token logits to bias').nullish(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** Flattens content parts to text, as a text-only model sees them. */
export function messageText(content: ChatRequest['messages'][number]['content']): string | null {
  if (content === undefined || content === null) return null;
  if (typeof content === 'string') return content;
  return content.map((part) => part.text).join('');
}
