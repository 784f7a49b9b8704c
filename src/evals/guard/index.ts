export { evaluateGuard, evaluateUnseen, trainingExamples } from './evaluate-guard.js';
export type { GuardEvalReport, HeldOutFamily, UnseenReport } from './evaluate-guard.js';
export { GUARD_CORPUS_PATH, GUARD_UNSEEN_PATH, GUARD_UNSEEN_2_PATH, GUARD_CORPUS_VERSION, GuardCorpus, loadGuardCorpus } from './guard-corpus.js';
export { calibrateThreshold } from './calibrate-threshold.js';
export type { ThresholdCalibration } from './calibrate-threshold.js';
