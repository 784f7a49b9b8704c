import { readFileSync } from 'node:fs';
import type { z } from 'zod';
import { EvalDataError } from './eval-data-error.js';

/**
 * Reads a versioned eval data file and validates it with `schema`. Throws EvalDataError naming the
 * file and every problem (path: message), so a broken corpus is fixed in one pass.
 */
export function readVersionedJson<T>(path: string, schema: z.ZodType<T>, version: number): T {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new EvalDataError('unreadable', `${path}: cannot read the file (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new EvalDataError('invalid_json', `${path}: not valid JSON (${error instanceof Error ? error.message : String(error)})`, { cause: error });
  }
  const found = (data as { version?: unknown } | null)?.version;
  if (typeof found === 'number' && found !== version) {
    throw new EvalDataError('unsupported_version', `${path}: version ${found} is not supported; this Waybill reads version ${version}`);
  }
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    const problems = parsed.error.issues.slice(0, 20).map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new EvalDataError('invalid_schema', `${path}: ${problems.join('; ')}`);
  }
  return parsed.data;
}
