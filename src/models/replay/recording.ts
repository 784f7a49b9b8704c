import { z } from 'zod';

/**
 * Version of the recording format. Changelog: 1 — model replies (content, tool calls, usage, model) keyed
 * by a fingerprint of the request, and tool results keyed by tool and arguments hash, in call order.
 */
export const RECORDING_VERSION = 1;

const RecordedToolCall = z.object({ id: z.string(), name: z.string(), args: z.record(z.string(), z.unknown()) });

export const RecordedModelStep = z.object({
  kind: z.literal('model'),
  /** SHA-256 of the request: the conversation in wire format and the offered tool names. */
  fingerprint: z.string().regex(/^[0-9a-f]{64}$/),
  model: z.string(),
  content: z.string(),
  tool_calls: z.array(RecordedToolCall),
  usage: z.object({ input_tokens: z.number().int().min(0), output_tokens: z.number().int().min(0) }).optional(),
});
export type RecordedModelStep = z.infer<typeof RecordedModelStep>;

const RecordedToolStep = z.object({
  kind: z.literal('tool'),
  tool: z.string(),
  args_hash: z.string().regex(/^[0-9a-f]{64}$/),
  result: z.string(),
});
type RecordedToolStep = z.infer<typeof RecordedToolStep>;

export const Recording = z.object({
  version: z.literal(RECORDING_VERSION),
  recorded_at: z.string(),
  steps: z.array(z.discriminatedUnion('kind', [RecordedModelStep, RecordedToolStep])),
});
export type Recording = z.infer<typeof Recording>;

export type RecordingParse = { success: true; value: Recording } | { success: false; error: string };

/** Reads a recording from JSON text without throwing: a damaged or foreign file says what is wrong. */
export function safeParseRecording(text: string): RecordingParse {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { success: false, error: 'recording is not valid JSON' };
  }
  const version = (json as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version !== RECORDING_VERSION) {
    return { success: false, error: `recording format version ${version} is not supported (this Waybill reads ${RECORDING_VERSION})` };
  }
  const parsed = Recording.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { success: false, error: `recording is malformed at ${issue?.path.join('.') || 'top level'}: ${issue?.message ?? 'unknown'}` };
  }
  return { success: true, value: parsed.data };
}
