import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';

export type EnvelopeCheck = { ok: true } | { ok: false; message: string };

/**
 * JSON-RPC 2.0 envelopes as the Streamable HTTP transport accepts them: one message or a non-empty
 * batch of messages. An empty batch, a non-object or a message without `jsonrpc: "2.0"` is an Invalid
 * Request (-32600), answered as such rather than accepted with an empty 202.
 */
export function checkEnvelope(body: unknown): EnvelopeCheck {
  const messages = Array.isArray(body) ? body : [body];
  if (Array.isArray(body) && body.length === 0) return { ok: false, message: 'invalid request: an empty JSON-RPC batch' };
  for (const [index, message] of messages.entries()) {
    if (!JSONRPCMessageSchema.safeParse(message).success) {
      const where = Array.isArray(body) ? ` (batch item ${index})` : '';
      return { ok: false, message: `invalid request${where}: not a JSON-RPC 2.0 request, notification or response` };
    }
  }
  return { ok: true };
}
