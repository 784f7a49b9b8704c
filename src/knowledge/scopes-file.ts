import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { KnowledgeError } from './knowledge-error.js';
import { SENSITIVITIES } from './sensitivity.js';

/**
 * What one agent may read. `scopes` lists document scopes (`*` is every scope; an empty list is none);
 * `max_sensitivity` the highest level shown; `deny_patterns` substrings or globs over a document's id
 * and its path in the corpus, applied inside the allowed scopes; `customer_facing` marks an agent whose
 * words reach customers (it must stay at `public`); `admin` allows cross-scope bridges.
 */
export const AgentAccess = z
  .object({
    description: z.string().optional(),
    scopes: z.array(z.string().regex(/^(\*|[a-z][a-z0-9_-]{0,39})$/, 'a scope slug or "*"')),
    max_sensitivity: z.enum(SENSITIVITIES),
    deny_patterns: z.array(z.string().trim().min(1).max(200)).default([]),
    customer_facing: z.boolean().default(false),
    admin: z.boolean().default(false),
  })
  .strict()
  .refine((entry) => !entry.customer_facing || entry.max_sensitivity === 'public', { message: 'a customer-facing agent may read public documents only' })
  .refine((entry) => !(entry.admin && entry.customer_facing), { message: 'an admin entry cannot be customer-facing' });

/** One agent's access entry. */
export type AgentAccess = z.infer<typeof AgentAccess>;

/** The scopes file (`knowledge/scopes.json`), version 1: agent name -> access. Unknown keys are errors. */
export const ScopesFile = z
  .object({
    version: z.literal(1),
    agents: z.record(z.string().regex(/^[a-z][a-z0-9_-]{0,63}$/, 'an agent name in lower case'), AgentAccess),
  })
  .strict();

/** The parsed scopes file. */
export type ScopesFile = z.infer<typeof ScopesFile>;

/** Parses scopes JSON; throws KnowledgeError `scopes_invalid` naming `source` and every problem. */
export function parseScopesFile(text: string, source: string): ScopesFile {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new KnowledgeError('scopes_invalid', `${source} is not JSON: ${(cause as Error).message}`, { cause });
  }
  const parsed = ScopesFile.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`).join('; ');
    throw new KnowledgeError('scopes_invalid', `${source}: ${problems}`);
  }
  return parsed.data;
}

/** Reads and parses a scopes file; throws KnowledgeError `scopes_invalid` when unreadable or invalid. */
export function loadScopesFile(path: string): ScopesFile {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    throw new KnowledgeError('scopes_invalid', `cannot read the scopes file ${path}: ${(cause as Error).message}`, { cause });
  }
  return parseScopesFile(text, path);
}

/**
 * The entry of `agent`, or undefined (deny-by-default). Only the file's own keys count, so names such
 * as `constructor` or `__proto__` never resolve to something inherited.
 */
export function accessFor(scopes: ScopesFile, agent: string): AgentAccess | undefined {
  return Object.hasOwn(scopes.agents, agent) ? scopes.agents[agent] : undefined;
}
