import type { z } from 'zod';
import { zodProblems } from './problems.js';

export type ParsedArgs<T> = { success: true; value: T } | { success: false; problems: string[] };

/** Validates raw tool arguments against a strict zod object; absent arguments count as `{}`. */
export function parseArgs<S extends z.ZodType>(schema: S, raw: unknown): ParsedArgs<z.output<S>> {
  const input = raw === undefined ? {} : raw;
  const result = schema.safeParse(input);
  return result.success ? { success: true, value: result.data } : { success: false, problems: zodProblems(result.error, input) };
}
