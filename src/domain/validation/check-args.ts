import type { z } from 'zod';
import { parseArgs } from './parse-args.js';

/** What {@link checkArgs} found: every schema problem, and the fields that passed their own schema. */
export interface CheckedArgs<T> {
  /** Present only when the whole object passed the schema. */
  value: T | undefined;
  /** Each field that passed its own schema, for the domain checks to look at. */
  fields: Partial<T>;
  problems: string[];
}

/**
 * Validates tool arguments like {@link parseArgs}, but does not stop at the schema: the fields that are
 * valid on their own are handed back so the domain checks (unknown city, unknown service, refund cap)
 * can run on them too, and a caller hears every problem at once instead of one round per stage.
 */
export function checkArgs<S extends z.ZodObject>(schema: S, raw: unknown): CheckedArgs<z.output<S>> {
  const parsed = parseArgs(schema, raw);
  if (parsed.success) return { value: parsed.value, fields: parsed.value, problems: [] };
  const input = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as Record<string, unknown>) : {};
  const fields: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (input[key] === undefined) continue;
    const one = field.safeParse(input[key]);
    if (one.success) fields[key] = one.data;
  }
  return { value: undefined, fields: fields as Partial<z.output<S>>, problems: parsed.problems };
}

/** Problems ordered as the schema lists its fields (then anything else), so a reply reads top to bottom. */
export function inFieldOrder(schema: z.ZodObject, problems: readonly string[]): string[] {
  const order = Object.keys(schema.shape);
  const rank = (problem: string) => {
    const index = order.indexOf(problem.slice(0, problem.indexOf(':')));
    return index < 0 ? order.length : index;
  };
  return problems.map((problem, index) => ({ problem, index })).sort((a, b) => rank(a.problem) - rank(b.problem) || a.index - b.index).map((p) => p.problem);
}
