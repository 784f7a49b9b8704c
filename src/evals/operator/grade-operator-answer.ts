import { detectLanguage } from '../../models/index.js';
import type { OperatorQuestion, OperatorQuestionFile } from './operator-question.js';

/** What a grader reads of one run: how it ended and what the user read. */
export interface OperatorOutcome {
  stop_reason: string;
  answer: string;
}

export interface OperatorGrade {
  passed: boolean;
  failures: string[];
}

const contains = (answer: string, entry: string): boolean => entry.split('|').some((option) => answer.toLowerCase().includes(option.toLowerCase()));

// Quoted text (a passage of a document in its own language, a delay reason as recorded) does not decide
// the reply's language; the words around it do.
const QUOTED = /«[^»]*»|"[^"]*"|“[^”]*”/gu;

/** The language the reply is written in, read from its first line without quotations. */
export function replyLanguage(answer: string): string {
  const lead = (answer.trim().split('\n')[0] ?? '').replace(QUOTED, ' ');
  return detectLanguage(lead);
}

/**
 * Grades one answer: the stop reason is one the kind allows, every `must` fact appears, no `must_not`
 * word nor any of the set's `never` words appears, and the reply is in the question's language.
 */
export function gradeOperatorAnswer(question: OperatorQuestion, outcome: OperatorOutcome, file: Pick<OperatorQuestionFile, 'never' | 'stop_reasons'>): OperatorGrade {
  const failures: string[] = [];
  const allowed = file.stop_reasons[question.kind] ?? [];
  if (!allowed.includes(outcome.stop_reason)) failures.push(`stop reason ${outcome.stop_reason}, expected ${allowed.join(' or ')}`);
  for (const entry of question.must) if (!contains(outcome.answer, entry)) failures.push(`missing ${JSON.stringify(entry)}`);
  for (const entry of [...question.must_not, ...file.never]) if (contains(outcome.answer, entry)) failures.push(`says ${JSON.stringify(entry)}`);
  const language = replyLanguage(outcome.answer);
  if (outcome.answer.trim() && language !== question.lang) failures.push(`answered in ${language}, asked in ${question.lang}`);
  return { passed: failures.length === 0, failures };
}
