export { classifyText } from './classify-text.js';
export type { ClassifierVerdict } from './classify-text.js';
export { fileFromModel, GUARD_CLASSIFIER_VERSION, GuardClassifierFile, GuardClassifierFileError, modelFromFile } from './guard-classifier-model.js';
export type { ClassifierHead, GuardClassifierModel } from './guard-classifier-model.js';
export { GUARD_CLASSIFIER_PATH, loadGuardClassifier } from './load-guard-classifier.js';
export { textFeatures } from './text-features.js';
export type { SparseFeatures } from './text-features.js';
export { trainGuardClassifier } from './train-guard-classifier.js';
export type { TrainingExample, TrainingOptions } from './train-guard-classifier.js';
