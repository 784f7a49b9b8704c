import type { Context } from 'hono';
import type { z } from 'zod';
import { ApiError } from './api-error.js';

/**
 * Parses a request body as JSON and validates it with a strict zod schema: malformed JSON, a wrong
 * type, a missing field or an unknown field is a 400 naming the problem, never a stack trace.
 */
export async function readJsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<z.infer<S>> {
  const text = await c.req.text();
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch (error) {
    throw new ApiError('invalid_json', `the body is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (value === undefined) throw new ApiError('invalid_json', 'the body is empty; send a JSON object');
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 5).map((issue) => {
      const where = issue.path.length > 0 ? issue.path.join('.') : 'body';
      const keys = issue.code === 'unrecognized_keys' ? ` (${issue.keys.join(', ')})` : '';
      return `${where}: ${issue.message}${keys}`;
    });
    throw new ApiError('invalid_body', `invalid request body: ${problems.join('; ')}`);
  }
  return parsed.data;
}
