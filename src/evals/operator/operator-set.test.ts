import { describe, expect, it } from 'vitest';
import { evalRuntime } from '../eval-runtime.js';
import { gradeOperatorAnswer } from './grade-operator-answer.js';
import { loadOperatorQuestions } from './operator-question.js';
import { meetsOperatorThresholds, OPERATOR_THRESHOLDS } from './operator-thresholds.js';
import { runOperatorSet } from './run-operator-set.js';

const file = loadOperatorQuestions();

describe('the operator question set', () => {
  it('has at least 150 questions in uk, en and ru, every kind, and a held-out part of about 30%', () => {
    expect(file.questions.length).toBeGreaterThanOrEqual(150);
    for (const lang of ['uk', 'en', 'ru']) expect(file.questions.filter((q) => q.lang === lang).length).toBeGreaterThanOrEqual(40);
    const held = file.questions.filter((q) => q.part === 'held_out').length / file.questions.length;
    expect(held).toBeGreaterThan(0.25);
    expect(new Set(file.questions.map((q) => q.kind)).size).toBe(9);
  });

  it('grades on facts, forbidden words, stop reason and reply language', () => {
    const question = { id: 'x', part: 'tuned' as const, lang: 'en' as const, kind: 'price' as const, q: 'q', must: ['611'], must_not: ['661'] };
    expect(gradeOperatorAnswer(question, { stop_reason: 'finish', answer: 'Delivery: 611 UAH.' }, file).passed).toBe(true);
    expect(gradeOperatorAnswer(question, { stop_reason: 'finish', answer: 'Delivery: 661 UAH.' }, file).failures).toEqual(['missing "611"', 'says "661"']);
    expect(gradeOperatorAnswer(question, { stop_reason: 'model_error', answer: '611. Please try again later.' }, file).failures).toEqual(['stop reason model_error, expected finish', 'says "try again later"']);
    expect(gradeOperatorAnswer(question, { stop_reason: 'finish', answer: 'Доставка: 611 грн.' }, file).failures).toEqual(['answered in uk, asked in en']);
  });

  it(`meets the acceptance on the offline planner: tuned ≥ ${OPERATOR_THRESHOLDS.tuned}, held-out ≥ ${OPERATOR_THRESHOLDS.held_out}, each language ≥ ${OPERATOR_THRESHOLDS.language}`, async () => {
    const report = await runOperatorSet({ runtime: evalRuntime('langgraph'), file, model: 'waybill-offline-planner' });
    const failed = report.results.filter((r) => !r.passed && !r.guard_blocked).map((r) => `${r.id}: ${r.failures.join('; ')}`);
    expect({ meets: meetsOperatorThresholds(report), failed }).toMatchObject({ meets: true });
    expect(report.overall.total).toBeGreaterThanOrEqual(150 - report.guard_blocked.length);
  }, 600_000);
});
