// Trains the input guard's classifier on evals/guard-corpus.json and writes data/guard-classifier.json.
// The blocking threshold is calibrated first on benign look-alikes alone (k-fold, each judged by a
// classifier that never saw it; at most 1.5% may score above it), so no attack family tunes it.
// Deterministic: the same corpus and code give the same file. Run through npm (it builds first):
//   npm run guard:train
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileFromModel, GUARD_CLASSIFIER_PATH, trainGuardClassifier } from '../dist/policy/index.js';
import { calibrateThreshold, loadGuardCorpus, trainingExamples } from '../dist/evals/guard/index.js';

const corpus = loadGuardCorpus();
const started = performance.now();
const calibration = calibrateThreshold(corpus, 0.015);
const model = trainGuardClassifier(trainingExamples(corpus), { threshold: calibration.threshold });
const file = fileFromModel(model, { corpus: 'evals/guard-corpus.json', attacks: corpus.attacks.length, benign: corpus.benign.length });
mkdirSync(new URL('./', GUARD_CLASSIFIER_PATH), { recursive: true });
writeFileSync(GUARD_CLASSIFIER_PATH, `${JSON.stringify(file)}\n`);
process.stdout.write(`${JSON.stringify({ written: 'data/guard-classifier.json', dims: file.dims, calibration, train_ms: Math.round(performance.now() - started) })}\n`);
