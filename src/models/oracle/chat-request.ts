import { z } from 'zod';

// OpenAI clients send many optional fields (temperature, top_p, tool_choice, …); accept and ignore them.
const TextPart = z.looseObject({ type: z.string(), text: z.string().optional() });

const ToolCall = z.looseObject({
  id: z.string(),
  type: z.literal('function').default('function'),
  function: z.looseObject({ name: z.string(), arguments: z.string() }),
});

const Message = z.looseObject({
  role: z.enum(['system', 'developer', 'user', 'assistant', 'tool']),
  content: z.union([z.string(), z.array(TextPart), z.null()]).optional(),
  name: z.string().optional(),
  tool_calls: z.array(ToolCall).optional(),
  tool_call_id: z.string().optional(),
});

const Tool = z.looseObject({
  type: z.literal('function'),
  function: z.looseObject({
    name: z.string().min(1),
    description: z.string().optional(),
    parameters: z.record(z.string(), z.unknown()).optional(),
  }),
});

/** The part of an OpenAI chat-completions request the oracle reads. */
export const ChatRequest = z.looseObject({
  model: z.string().min(1),
  messages: z.array(Message).min(1),
  tools: z.array(Tool).optional(),
  stream: z.boolean().optional(),
  stream_options: z.looseObject({ include_usage: z.boolean().optional() }).nullish(),
});
export type ChatRequest = z.infer<typeof ChatRequest>;

/** Flattens content parts to text, as a text-only model sees them. */
export function messageText(content: ChatRequest['messages'][number]['content']): string | null {
  if (content === undefined || content === null) return null;
  if (typeof content === 'string') return content;
  return content.map((part) => part.text ?? '').join('');
}
