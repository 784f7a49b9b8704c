import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { readVersionedJson } from '../read-versioned-json.js';

export const OPERATOR_QUESTIONS_VERSION = 1;

/** `evals/operator-questions.json` in the package (three levels up from src/evals/operator/ and dist/evals/operator/). */
export const BUNDLED_OPERATOR_QUESTIONS = fileURLToPath(new URL('../../../evals/operator-questions.json', import.meta.url));

export const OPERATOR_KINDS = ['tracking', 'delay', 'stock', 'price', 'policy', 'cancel', 'refusal', 'clarification', 'out_of_domain'] as const;
export const OPERATOR_LANGUAGES = ['uk', 'en', 'ru'] as const;
export const OPERATOR_PARTS = ['tuned', 'held_out'] as const;

const OperatorKind = z.enum(OPERATOR_KINDS);

/** One question an operator asks, with the facts its answer must hold and the words it must not. */
export const OperatorQuestion = z.strictObject({
  id: z.string().min(1),
  part: z.enum(OPERATOR_PARTS),
  lang: z.enum(OPERATOR_LANGUAGES),
  kind: OperatorKind,
  q: z.string().min(1),
  /** Every entry must appear in the answer (case-insensitive); `a|b` accepts either. */
  must: z.array(z.string().min(1)).default([]),
  /** No entry may appear. */
  must_not: z.array(z.string().min(1)).default([]),
});
export type OperatorQuestion = z.infer<typeof OperatorQuestion>;

export const OperatorQuestionFile = z
  .strictObject({
    version: z.literal(OPERATOR_QUESTIONS_VERSION),
    /** The day the set is asked on: ETAs before it are overdue. */
    today: z.iso.datetime(),
    note: z.string().optional(),
    /** Words no answer may contain (e.g. "try again later" for what never works). */
    never: z.array(z.string().min(1)),
    /** The stop reasons a right answer may end with, per kind. */
    stop_reasons: z.record(OperatorKind, z.array(z.string().min(1)).min(1)),
    questions: z.array(OperatorQuestion).min(1),
  })
  .superRefine((file, ctx) => {
    const seen = new Set<string>();
    for (const [index, question] of file.questions.entries()) {
      if (seen.has(question.id)) ctx.addIssue({ code: 'custom', path: ['questions', index, 'id'], message: `duplicate id ${question.id}` });
      seen.add(question.id);
    }
    for (const kind of OPERATOR_KINDS) {
      if (!file.stop_reasons[kind]) ctx.addIssue({ code: 'custom', path: ['stop_reasons', kind], message: 'missing' });
    }
  });
export type OperatorQuestionFile = z.infer<typeof OperatorQuestionFile>;

/** Loads and validates the operator question set; throws EvalDataError naming the file and the problems. */
export function loadOperatorQuestions(path: string = BUNDLED_OPERATOR_QUESTIONS): OperatorQuestionFile {
  return readVersionedJson(path, OperatorQuestionFile, OPERATOR_QUESTIONS_VERSION);
}
