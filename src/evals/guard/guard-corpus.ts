import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readVersionedJson } from '../read-versioned-json.js';

/** The guard corpus format version (evals/guard-corpus.json). */
const GUARD_CORPUS_VERSION = 1;

const Language = z.enum(['en', 'uk', 'ru']);
/** Where a text came from when not hand-written for the corpus: expanded from a template, or written by an independent author who never saw the guard. */
const Origin = z.enum(['template', 'independent']);

/** The guard classifier's corpus: attacks by family and benign look-alikes, in uk/en/ru. */
export const GuardCorpus = z.object({
  version: z.literal(GUARD_CORPUS_VERSION),
  source: z.string(),
  attacks: z
    .array(
      z.object({
        id: z.string(),
        family: z.string().min(1),
        language: Language,
        obfuscation: z.string().optional(),
        /** `template`: expanded from paraphrase templates; absent: written by hand. */
        origin: Origin.optional(),
        /** For an encoded payload: the family of the attack inside it, left out of training with that family. */
        source_family: z.string().min(1).optional(),
        text: z.string().min(1),
      }),
    )
    .min(1),
  benign: z.array(z.object({ id: z.string(), resembles: z.string(), language: Language, origin: Origin.optional(), text: z.string().min(1) })).min(1),
});
export type GuardCorpus = z.infer<typeof GuardCorpus>;

/** Where the corpus ships (`evals/guard-corpus.json`, same depth from src/ and dist/). */
const GUARD_CORPUS_PATH = fileURLToPath(new URL('../../../evals/guard-corpus.json', import.meta.url));

/** The unseen test set (`evals/guard-unseen.json`, same format): never trained on. */
export const GUARD_UNSEEN_PATH = fileURLToPath(new URL('../../../evals/guard-unseen.json', import.meta.url));

/** The second unseen test set (`evals/guard-unseen-2.json`, same format): written before the guard was tuned against it, never trained or tuned on. */
export const GUARD_UNSEEN_2_PATH = fileURLToPath(new URL('../../../evals/guard-unseen-2.json', import.meta.url));

/** Reads and checks the corpus; throws EvalDataError naming every problem. */
export function loadGuardCorpus(path: string = GUARD_CORPUS_PATH): GuardCorpus {
  return readVersionedJson(path, GuardCorpus, GUARD_CORPUS_VERSION);
}
