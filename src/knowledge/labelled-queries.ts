import { readFile } from 'node:fs/promises';
import { z } from 'zod';

/** One labelled query: the text, its language and kind (for reading results), the documents it should find. */
export const LabelledQuery = z.object({
  id: z.string().min(1),
  lang: z.string().regex(/^[a-z]{2}$/),
  kind: z.enum(['plain', 'exact', 'paraphrase', 'cross_language']),
  query: z.string().trim().min(1),
  expected: z.array(z.string().min(1)).min(1),
});

/** One entry of the query set. */
export type LabelledQuery = z.infer<typeof LabelledQuery>;

/** The query set file (`knowledge/queries.json`), version 1. */
const LabelledQuerySet = z.object({ version: z.literal(1), description: z.string().optional(), queries: z.array(LabelledQuery).min(1) });

/** The parsed query set. */
type LabelledQuerySet = z.infer<typeof LabelledQuerySet>;

/** Reads and validates a query set; throws with the file name and the zod problems when invalid. */
export async function loadLabelledQueries(path: string): Promise<LabelledQuery[]> {
  const parsed = LabelledQuerySet.safeParse(JSON.parse(await readFile(path, 'utf8')));
  if (!parsed.success) throw new Error(`${path}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data.queries;
}
