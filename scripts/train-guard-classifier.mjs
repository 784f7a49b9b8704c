// Trains the input guard's classifier on evals/guard-corpus.json and writes data/guard-classifier.json.
// Deterministic: the same corpus and code give the same file. Run through npm (it builds first):
//   npm run guard:train
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileFromModel, GUARD_CLASSIFIER_PATH, trainGuardClassifier } from '../dist/policy/index.js';
import { loadGuardCorpus, trainingExamples } from '../dist/evals/guard/index.js';

const corpus = loadGuardCorpus();
const started = performance.now();
const model = trainGuardClassifier(trainingExamples(corpus));
const file = fileFromModel(model, { corpus: 'evals/guard-corpus.json', attacks: corpus.attacks.length, benign: corpus.benign.length });
mkdirSync(new URL('./', GUARD_CLASSIFIER_PATH), { recursive: true });
writeFileSync(GUARD_CLASSIFIER_PATH, `${JSON.stringify(file)}\n`);
process.stdout.write(`${JSON.stringify({ written: 'data/guard-classifier.json', classes: file.classes, dims: file.dims, train_ms: Math.round(performance.now() - started) })}\n`);
