// The operator question set (evals/operator-questions.json): questions of an operator's first hour, graded on facts.
export { operatorSummary } from './operator-summary.js';
export { meetsOperatorThresholds } from './operator-thresholds.js';
export { runOperatorSet } from './run-operator-set.js';
