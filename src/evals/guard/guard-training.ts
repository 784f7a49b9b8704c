import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { TrainingExample, TrainingOptions } from '../../policy/index.js';
import { readVersionedJson } from '../read-versioned-json.js';

const PII_CORPUS_PATH = fileURLToPath(new URL('../../../evals/pii-corpus.json', import.meta.url));

const PiiCorpus = z.object({
  items: z.array(z.object({ part: z.enum(['tune', 'held_out']), text: z.string().min(1) })),
});

/**
 * How much one of the PII corpus's sentences weighs against a benign text of the guard corpus. At
 * 0.3 the held-out half of the PII corpus kept 3 of 471 sentences over the threshold (30 without
 * them), for 10 of the 2,249 labelled attacks outside blind sets 4-9; at 1 the look-alikes those
 * sentences resemble (questions about refunds to a card) lost their weight.
 */
const PII_SENTENCE_WEIGHT = 0.3;

/**
 * The tune half of the PII corpus (evals/pii-corpus.json) as benign training text: short sentences
 * that carry a phone, a card, an IBAN or an order number («Кур'єр має дзвонити на …»), which the
 * guard corpus hardly holds and the lexical head, trained without them, scored as attacks (12 of the
 * 942 blocked). The held-out half stays out, to measure that.
 */
export function piiSentences(path: string = PII_CORPUS_PATH): TrainingExample[] {
  const corpus = readVersionedJson(path, PiiCorpus, 1);
  return corpus.items.filter((item) => item.part === 'tune').map((item) => ({ text: item.text, label: 'benign', weight: PII_SENTENCE_WEIGHT }));
}

/**
 * The settings the shipped input classifier is trained with (scripts/train-guard-classifier.mjs),
 * for every model that stands in for it (calibration folds, held-out families): the lexical head,
 * and the PII corpus's tune sentences beside the guard corpus.
 */
export function shippedTrainingOptions(lexicalDims?: number): TrainingOptions {
  return { lexical: lexicalDims === undefined ? {} : { dims: lexicalDims }, extraExamples: piiSentences() };
}
