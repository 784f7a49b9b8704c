import type { Runtime } from '../../runtimes/index.js';
import type { EvalRuntime } from '../eval-runtime.js';
import type { OperatorGrade } from './grade-operator-answer.js';
import { gradeOperatorAnswer } from './grade-operator-answer.js';
import type { OperatorQuestion, OperatorQuestionFile } from './operator-question.js';
import { OPERATOR_KINDS, OPERATOR_LANGUAGES, OPERATOR_PARTS } from './operator-question.js';

/** One question's result. */
export interface OperatorResult extends OperatorGrade {
  id: string;
  part: OperatorQuestion['part'];
  lang: OperatorQuestion['lang'];
  kind: OperatorQuestion['kind'];
  question: string;
  stop_reason: string;
  answer: string;
}

/** Passed of total, and the share. */
export interface OperatorScore {
  passed: number;
  total: number;
  rate: number | null;
}

export interface OperatorReport {
  kind: 'operator';
  runtime: string;
  model: string;
  today: string;
  overall: OperatorScore;
  /** Per part (tuned, held_out), and within each part per language and per kind. */
  parts: Record<string, { overall: OperatorScore; by_language: Record<string, OperatorScore>; by_kind: Record<string, OperatorScore> }>;
  /** Per language over both parts. */
  by_language: Record<string, OperatorScore>;
  results: OperatorResult[];
}

export interface OperatorSetOptions {
  runtime: EvalRuntime;
  file: OperatorQuestionFile;
  model: string;
  /** Only these parts (default both). */
  parts?: readonly OperatorQuestion['part'][];
  onProgress?: (done: number, total: number, label: string) => void;
}

function score(results: readonly OperatorResult[]): OperatorScore {
  const passed = results.filter((r) => r.passed).length;
  return { passed, total: results.length, rate: results.length === 0 ? null : passed / results.length };
}

function groupBy(results: readonly OperatorResult[], key: 'lang' | 'kind', values: readonly string[]): Record<string, OperatorScore> {
  return Object.fromEntries(values.filter((value) => results.some((r) => r[key] === value)).map((value) => [value, score(results.filter((r) => r[key] === value))]));
}

// Kinds that may leave a pending approval behind get a session of their own, so one question's pause
// never shapes the next one's answer; the read-only kinds share one.
const WRITES: ReadonlySet<OperatorQuestion['kind']> = new Set(['cancel', 'refusal']);

/**
 * Asks every question of the operator set on the offline planner, on a clock set to the set's "today"
 * (still ticking, so durations stay real), and grades each answer (gradeOperatorAnswer). A question
 * whose run throws is a failed question, not a crashed set.
 */
export async function runOperatorSet(options: OperatorSetOptions): Promise<OperatorReport> {
  const { file, runtime } = options;
  const offset = Date.now() - Date.parse(file.today);
  const open = () => runtime.open({ offline: true, now: () => new Date(Date.now() - offset) });
  const parts = options.parts ?? OPERATOR_PARTS;
  const questions = file.questions.filter((q) => parts.includes(q.part));
  const results: OperatorResult[] = [];
  let shared: Runtime | undefined;
  try {
    for (const [index, question] of questions.entries()) {
      const own = WRITES.has(question.kind);
      const session = own ? await open() : (shared ??= await open());
      let outcome: { stop_reason: string; answer: string };
      try {
        const record = await session.ask({ input: question.q, threadId: `operator-${question.id}` });
        outcome = { stop_reason: record.stop_reason, answer: record.answer };
      } catch (error) {
        outcome = { stop_reason: 'crashed', answer: error instanceof Error ? error.message : String(error) };
      } finally {
        if (own) await session.close();
      }
      const grade = gradeOperatorAnswer(question, outcome, file);
      results.push({ id: question.id, part: question.part, lang: question.lang, kind: question.kind, question: question.q, ...outcome, ...grade });
      options.onProgress?.(index + 1, questions.length, question.id);
    }
  } finally {
    await shared?.close();
  }
  const byPart = Object.fromEntries(
    parts.map((part) => {
      const members = results.filter((r) => r.part === part);
      return [part, { overall: score(members), by_language: groupBy(members, 'lang', OPERATOR_LANGUAGES), by_kind: groupBy(members, 'kind', OPERATOR_KINDS) }];
    }),
  );
  return { kind: 'operator', runtime: runtime.name, model: options.model, today: file.today, overall: score(results), parts: byPart, by_language: groupBy(results, 'lang', OPERATOR_LANGUAGES), results };
}
