import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from '../api-error.js';

/** Marks a check whose failure means "a field Waybill cannot honour" (422), not "a malformed value" (400). */
export const UNSUPPORTED = { params: { unsupported: true } } as const;

/**
 * A protocol request body (or query) checked against its strict schema: a field the schema does not
 * know, or a value Waybill cannot honour, is 422 `unsupported` naming it (LangGraph's servers answer
 * 422 for what they cannot take); malformed JSON or a wrong type is 400. Nothing is silently dropped.
 * An empty body is `{}` when `emptyIsObject`.
 */
export async function readProtocolBody<S extends z.ZodType>(c: Context, schema: S, options: { emptyIsObject?: boolean } = {}): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch (error) {
    throw new ApiError('invalid_json', `the body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === undefined) {
    if (!options.emptyIsObject) throw new ApiError('invalid_json', 'the body is empty; send a JSON object');
    value = {};
  }
  return checkProtocolValue(schema, value, 'body');
}

/** `value` checked against `schema` as `readProtocolBody` checks a body (`what` names it in messages: body, query). */
export function checkProtocolValue<S extends z.ZodType>(schema: S, value: unknown, what: string): z.infer<S> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const issues = parsed.error.issues;
  const unsupported = issues.filter((i) => i.code === 'unrecognized_keys' || (i.code === 'custom' && (i.params as { unsupported?: boolean } | undefined)?.unsupported === true));
  const shown = (unsupported.length > 0 ? unsupported : issues).slice(0, 5).map((issue) => {
    if (issue.code === 'unrecognized_keys') return `${issue.keys.map((k) => [...issue.path, k].join('.')).join(', ')}: not supported by Waybill (docs/agent-protocol.md lists the fields it takes)`;
    return `${issue.path.length > 0 ? issue.path.join('.') : what}: ${issue.message}`;
  });
  if (unsupported.length > 0) throw new ApiError('unsupported', `unsupported ${what} field: ${shown.join('; ')}`);
  throw new ApiError('invalid_body', `invalid request ${what}: ${shown.join('; ')}`);
}
