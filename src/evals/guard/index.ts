export { evaluateGuard, trainingExamples } from './evaluate-guard.js';
export { GUARD_UNSEEN_PATH, GUARD_UNSEEN_2_PATH, loadGuardCorpus } from './guard-corpus.js';
export { calibrateThreshold } from './calibrate-threshold.js';
export { shippedTrainingOptions } from './guard-training.js';
