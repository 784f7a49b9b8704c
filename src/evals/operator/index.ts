// The operator question set (evals/operator-questions.json): questions of an operator's first hour, graded on facts.
export { gradeOperatorAnswer } from './grade-operator-answer.js';
export type { OperatorQuestionFile } from './operator-question.js';
export { loadOperatorQuestions } from './operator-question.js';
export { operatorSummary } from './operator-summary.js';
export type { OperatorReport } from './run-operator-set.js';
export { runOperatorSet } from './run-operator-set.js';
export { meetsOperatorThresholds, OPERATOR_THRESHOLDS } from './operator-thresholds.js';
