export { classifierText } from './classifier-text.js';
export { classifyText, familyOf, primeScores, scoreView } from './classify-text.js';
export type { ScoredView } from './classify-text.js';
export { fileFromModel } from './guard-classifier-model.js';
export type { GuardClassifierModel } from './guard-classifier-model.js';
export { GUARD_CLASSIFIER_PATH, loadGuardClassifier, loadTaintClassifier, TAINT_CLASSIFIER_PATH } from './load-guard-classifier.js';
export { seededRandom } from './seeded-random.js';
export { trainGuardClassifier } from './train-guard-classifier.js';
export type { TrainingExample, TrainingOptions } from './train-guard-classifier.js';
