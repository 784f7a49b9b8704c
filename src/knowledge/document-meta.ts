import { z } from 'zod';
import { SENSITIVITIES } from './sensitivity.js';

/** What kind of text a document is; retrieval reports it, it does not change access. */
const SOURCE_KINDS = ['policy', 'procedure', 'faq', 'regulation', 'memo'] as const;

/**
 * A document's front matter as the corpus stores it. `scope` is a lower-case slug (the bundled corpus
 * uses customer, tariffs, refunds, operations, internal; a user's own documents may add more, which
 * only agents granted that scope, or `*`, can read). Unknown keys are ignored so documents may carry
 * their own bookkeeping.
 */
export const DocumentMeta = z.object({
  id: z.string().regex(/^[a-z0-9][a-z0-9._-]{0,119}$/, 'lower-case letters, digits, ".", "_" or "-", at most 120'),
  title: z.string().trim().min(1).max(300),
  scope: z.string().regex(/^[a-z][a-z0-9_-]{0,39}$/, 'a lower-case slug such as "refunds"'),
  sensitivity: z.enum(SENSITIVITIES),
  source_kind: z.enum(SOURCE_KINDS),
  retrieval_hints: z.array(z.string().trim().min(1).max(200)).max(60).default([]),
  lang: z.string().regex(/^[a-z]{2}$/, 'a two-letter language code').optional(),
});

/** Validated front matter of one document. */
export type DocumentMeta = z.infer<typeof DocumentMeta>;
